import { allEndpoints, type Endpoint } from '@tunehouse/contracts';

let names: Map<Endpoint, string> | undefined;

/**
 * The OpenAPI `operationId` of an endpoint: its dotted name in `endpoints` (`releases.albums.publish`), so a
 * generator names the SDK's method after the definition rather than the path, and a renamed path keeps its id.
 * Unique because two endpoints cannot share a name in the `endpoints` tree.
 */
export function operationIdOf(endpoint: Endpoint): string {
  names ??= new Map(allEndpoints().map(([name, defined]) => [defined, name]));
  const name = names.get(endpoint);
  if (name === undefined)
    throw new Error(
      `${endpoint.method} ${endpoint.path} is served but not named in libs/contracts' endpoints`,
    );
  return name;
}
