import { apiErrorBodySchema, type Endpoint, keyAccessOf } from '@tunehouse/contracts';
import { z } from 'zod';
import { operationIdOf } from './operation-ids.js';

/** Every route documents the one error shape for its 4xx and 5xx answers. */
export const errorResponses = {
  '4XX': apiErrorBodySchema.describe('Error: { error: { code, message, details? } }'),
  '5XX': apiErrorBodySchema.describe('Error (never a stack trace)'),
} as const;

export const noContent = z.null().describe('No content');

/** A file answer's body, documented as OpenAPI's binary string. */
export const binaryFile = z.string().meta({ format: 'binary' });

/**
 * The security schemes of /docs (docs/decisions/0087-api-keys-and-scopes.md): a person's session (the short access
 * token as `Authorization: Bearer`, renewed through the HttpOnly refresh cookie) and a program's API key.
 */
export const securitySchemes = {
  session: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access token of a signed-in session (POST /v1/sessions), valid for minutes',
  },
  refreshCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'tunehouse_refresh',
    description:
      'The HttpOnly refresh cookie a browser session renews its access token with; sent by browsers only',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'th_live_…',
    description:
      'An API key made on the account’s keys page (`th_live_` and 43 characters), sent as `Authorization: Bearer`. Each operation lists the scope it needs; outside it a key gets 403 API_KEY_SCOPE_MISSING (docs/api.md)',
  },
} as const;

/** The endpoints a browser calls with its refresh cookie: refresh with it alone, log out with either. */
const REFRESH_COOKIE_CALLS: Record<string, Array<Record<string, string[]>>> = {
  'POST /v1/sessions/current/refresh': [{ refreshCookie: [] }],
  'DELETE /v1/sessions/current': [{ session: [] }, { refreshCookie: [] }],
};

/** OpenAPI: how a call authenticates (none for a public one). */
export function securityOf(endpoint: Endpoint): { security?: Array<Record<string, string[]>> } {
  const cookie = REFRESH_COOKIE_CALLS[`${endpoint.method} ${endpoint.path}`];
  if (cookie) return { security: cookie };
  if (endpoint.metadata.access === 'public') return {};
  const key = keyAccessOf(operationIdOf(endpoint), endpoint);
  return { security: key.kind === 'scope' ? [{ session: [] }, { apiKey: [key.scope] }] : [{ session: [] }] };
}
