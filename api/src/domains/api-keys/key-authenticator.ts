import { apiKeySecretPattern } from '@tunehouse/contracts';
import type { FastifyRequest, onResponseAsyncHookHandler } from 'fastify';
import type { AuthContext } from '../../platform/auth-guard.js';
import type { Db } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { countHit } from '../../platform/rate-limit-store.js';
import { findKeyHolder, stampKeyUse } from './repository.js';
import { sha256Of } from './secrets.js';

/** Calls a key may make per minute, before the installation's rate-limit factor (0087). */
export const KEY_CALLS_PER_MINUTE = 600;
const MINUTE_MS = 60_000;
/** Keys remembered as recently stamped by this process; the oldest is forgotten beyond this. */
const REMEMBERED = 10_000;

const unknownKey = () => new ApiError(401, 'API_KEY_INVALID', 'The API key is unknown or has been revoked');

/**
 * How a call with `Authorization: Bearer th_live_…` becomes its account's caller (docs/decisions/0087-api-keys-and-scopes.md):
 * the secret's SHA-256 is looked up (one indexed read), a revoked or expired key is refused at once, and every key
 * has its own rate limit, counted in PostgreSQL like the per-address ones so that it holds across API processes.
 * Its use (when, from which address) is written after the answer, at most once a minute per key and process.
 */
export function createKeyAuthenticator(db: Db, rateLimitFactor: number) {
  const perMinute = Math.max(1, Math.floor(KEY_CALLS_PER_MINUTE * rateLimitFactor));
  const stampedAt = new Map<string, number>();

  async function authenticate(secret: string): Promise<AuthContext> {
    if (!apiKeySecretPattern.test(secret)) throw unknownKey();
    const holder = await findKeyHolder(db, sha256Of(secret));
    if (!holder || holder.revokedAt) throw unknownKey();
    if (holder.expiresAt && holder.expiresAt.getTime() <= Date.now())
      throw new ApiError(401, 'API_KEY_EXPIRED', 'The API key has expired; make a new one');
    const hits = await countHit(db, `api-key ${holder.key!.id}`, MINUTE_MS);
    if (hits > perMinute)
      throw new ApiError(429, 'RATE_LIMITED', `This key may make ${perMinute} calls a minute`, undefined, 60);
    const { session, user, key } = holder;
    return { session, user, key: key! };
  }

  const noteUse: onResponseAsyncHookHandler = async (request: FastifyRequest) => {
    const key = request.auth?.key;
    if (!key) return;
    const now = Date.now();
    const last = stampedAt.get(key.id);
    if (last !== undefined && now - last < MINUTE_MS) return;
    stampedAt.delete(key.id);
    stampedAt.set(key.id, now);
    if (stampedAt.size > REMEMBERED) stampedAt.delete(stampedAt.keys().next().value!);
    try {
      await stampKeyUse(db, key.id, request.ip || null);
    } catch (error) {
      request.log.warn({ err: error }, 'could not note the API key’s use');
    }
  };

  return { authenticate, noteUse };
}

export type KeyAuthentication = ReturnType<typeof createKeyAuthenticator>;
