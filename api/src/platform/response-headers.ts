import { allEndpoints, type Endpoint } from '@tunehouse/contracts';
import { ENDPOINT_CONFIG_KEY } from './endpoint-routes.js';

/**
 * The names of every header an endpoint declares beside its body (`metadata.responseHeaders`), lowercase: CORS
 * exposes them, or a browser on an area's origin could not read them.
 */
export function declaredResponseHeaders(): string[] {
  const names = allEndpoints().flatMap(([, endpoint]) =>
    Object.keys(endpoint.metadata.responseHeaders ?? {}),
  );
  return [...new Set(names.map((name) => name.toLowerCase()))];
}

type RouteDocument = { route?: { config?: unknown } };
type Transformed = { schema?: { response?: Record<string, unknown> } };

/**
 * /docs: adds an endpoint's declared response headers to its 200 answer, which @fastify/swagger writes out as the
 * OpenAPI response's `headers` (the zod transform keeps only the body's schema).
 */
export function withResponseHeaders<T extends (document: never) => unknown>(transform: T): T {
  const wrapped = (document: RouteDocument) => {
    const result = (transform as unknown as (document: RouteDocument) => Transformed)(document);
    const endpoint = (document.route?.config as Record<string, Endpoint | undefined> | undefined)?.[
      ENDPOINT_CONFIG_KEY
    ];
    const declared = endpoint?.metadata.responseHeaders;
    const ok = result.schema?.response?.['200'];
    if (!declared || typeof ok !== 'object' || ok === null) return result;
    const headers = Object.fromEntries(
      Object.entries(declared).map(([name, description]) => [name, { type: 'string', description }]),
    );
    result.schema!.response!['200'] = { ...ok, headers };
    return result;
  };
  return wrapped as unknown as T;
}
