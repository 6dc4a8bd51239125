import { apiKeyRoutes, createApiKeyService, type KeyAuthentication } from '../domains/api-keys/index.js';
import type { Wiring } from './wiring.js';

/**
 * API keys (docs/decisions/0087-api-keys-and-scopes.md): the account's keys page and the admins' view. The key
 * reader itself is made in app.ts, before the auth guard that uses it; here its use is noted after each answer.
 */
export async function wireApiKeys(
  { app, config, db, auth, mailer }: Wiring,
  keyAuthentication: KeyAuthentication,
): Promise<void> {
  app.addHook('onResponse', keyAuthentication.noteUse);
  const keys = createApiKeyService({ db, mailer, siteUrl: config.siteUrl });
  await app.register(apiKeyRoutes({ keys, auth }));
}
