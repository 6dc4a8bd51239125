import { timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../platform/db.js';
import { newLinkSecret, type TokenService } from '../../platform/tokens.js';
import {
  type ChallengePurpose,
  type ChallengeRecord,
  consumeOpenChallenges,
  countAttempt,
  insertChallenge,
} from './repository.js';

const LINK_MAX_ATTEMPTS = 5;

/** Creates the challenge behind an e-mailed link (replacing older ones of the same purpose). */
export async function createLinkChallenge(
  tx: Queryable,
  tokens: TokenService,
  userId: string,
  purpose: Exclude<ChallengePurpose, 'second_step'>,
  ttlSeconds: number,
): Promise<{ challengeId: string; secret: string }> {
  await consumeOpenChallenges(tx, userId, purpose);
  const secret = newLinkSecret();
  const challengeId = await insertChallenge(tx, {
    userId,
    purpose,
    method: 'email',
    secretHash: tokens.hashChallengeSecret(secret),
    maxAttempts: LINK_MAX_ATTEMPTS,
    ttlSeconds,
  });
  return { challengeId, secret };
}

/**
 * Checks an e-mailed link's challenge id and secret. Every try counts (committed even when the request then
 * fails), and a link works once: the caller consumes the challenge it gets back.
 */
export async function redeemLinkChallenge(
  tx: Queryable,
  tokens: TokenService,
  challengeId: string,
  secret: string,
  purpose: Exclude<ChallengePurpose, 'second_step'>,
): Promise<ChallengeRecord | null> {
  const challenge = await countAttempt(tx, challengeId);
  if (
    !challenge ||
    challenge.purpose !== purpose ||
    challenge.consumedAt ||
    !challenge.secretHash ||
    challenge.expiresAt.getTime() <= Date.now() ||
    challenge.attempts > challenge.maxAttempts
  )
    return null;
  return timingSafeEqual(challenge.secretHash, tokens.hashChallengeSecret(secret)) ? challenge : null;
}
