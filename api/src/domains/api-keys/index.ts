/**
 * API keys: a program's way in as its account, limited to scopes from the endpoint definitions
 * (docs/decisions/0087-api-keys-and-scopes.md).
 *
 * Exports for app.ts and the wiring: `createKeyAuthenticator(db, factor)` (the auth guard's key reader and the
 * hook noting each key's use), `createApiKeyService` and `apiKeyRoutes`.
 */
export { createKeyAuthenticator, KEY_CALLS_PER_MINUTE, type KeyAuthentication } from './key-authenticator.js';
export { apiKeyRoutes } from './routes.js';
export { createApiKeyService, type ApiKeyService } from './service.js';
