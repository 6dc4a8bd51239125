import { flattenEndpoints } from './define.js';
import * as endpointsByGroup from './groups.js';

export * from './define.js';
export * from './call.js';
export * from './query-string.js';
export * from './scopes.js';

/**
 * Every endpoint of the API, by area. Adding one: docs/how-to-add-an-endpoint.md. Each group lives in its own
 * file of this folder and is named in groups.ts.
 */
export * as endpoints from './groups.js';

/** Every endpoint with its dotted name, for the route-coverage test, fixtures and the authorization matrix. */
export const allEndpoints = () => flattenEndpoints(endpointsByGroup);
