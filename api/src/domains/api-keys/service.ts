import { type ApiKey, keyScopes, moneyScopes, type NewApiKey } from '@tunehouse/contracts';
import type { AuthContext } from '../../platform/auth-guard.js';
import { type Db, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail/outbox.js';
import { reauthenticate } from '../account-security/index.js';
import { insertKey, listAllKeys, listKeys, revokeKey } from './repository.js';
import { newSecret } from './secrets.js';

/** Live and revoked keys an account may hold at once; revoked ones are history and do not count. */
const MAX_LIVE_KEYS = 25;

export type ApiKeyServiceDeps = { db: Db; mailer: Mailer; siteUrl: string };

/** An account's keys: made with scopes from the definitions, shown once, revoked at once (0087). */
export function createApiKeyService({ db, mailer, siteUrl }: ApiKeyServiceDeps) {
  const reauthentication = { mailer, siteUrl };

  function checkScopes(scopes: string[]): void {
    const known = new Set(keyScopes().map((info) => info.scope));
    const issues = scopes.flatMap((scope, index) =>
      known.has(scope) ? [] : [{ path: ['body', 'scopes', index], message: `There is no scope ${scope}` }],
    );
    if (issues.length) throw new ApiError(400, 'VALIDATION_FAILED', 'Unknown scope', issues);
  }

  /**
   * A money scope opens calls that move money or decide where it goes; granting one asks the owner's second step
   * (the authenticator code, or else the password) like a new bank account does
   * (docs/decisions/0060-money-action-reauth-and-payee-hold.md).
   */
  async function create(
    caller: AuthContext,
    input: NewApiKey,
    address: string,
  ): Promise<{ key: ApiKey; secret: string }> {
    const scopes = [...new Set(input.scopes)].sort();
    checkScopes(scopes);
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now())
      throw new ApiError(400, 'VALIDATION_FAILED', 'The expiry is in the past', [
        { path: ['body', 'expiresAt'], message: 'Choose a date in the future' },
      ]);
    const accountId = caller.user.account.id;
    const money = new Set(moneyScopes());
    if (scopes.some((scope) => money.has(scope))) {
      // Its own transaction, committed before answering: a wrong answer stays counted either way.
      const refused = await withTransaction(db, (tx) =>
        reauthenticate(tx, caller, input, { rule: 'key-money-scope', address, deps: reauthentication }),
      );
      if (refused) throw refused;
    }
    const live = (await listKeys(db, accountId)).filter((key) => key.revokedAt === null);
    if (live.length >= MAX_LIVE_KEYS)
      throw new ApiError(409, 'CONFLICT', `At most ${MAX_LIVE_KEYS} keys; revoke one first`);
    const { secret, prefix, sha256 } = newSecret();
    const key = await insertKey(db, {
      accountId,
      name: input.name,
      prefix,
      secretSha256: sha256,
      scopes,
      expiresAt,
    });
    return { key, secret };
  }

  async function revoke(caller: AuthContext, keyId: string): Promise<void> {
    if (!(await revokeKey(db, keyId, caller.user.id, caller.user.account.id)))
      throw new ApiError(404, 'NOT_FOUND', 'No such live key');
  }

  async function adminRevoke(admin: AuthContext, keyId: string): Promise<void> {
    if (!(await revokeKey(db, keyId, admin.user.id)))
      throw new ApiError(404, 'NOT_FOUND', 'No such live key');
  }

  return {
    list: (caller: AuthContext) => listKeys(db, caller.user.account.id),
    create,
    revoke,
    adminList: () => listAllKeys(db),
    adminRevoke,
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
