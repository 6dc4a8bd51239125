import { randomInt } from 'node:crypto';
import type { Session } from '@tunehouse/contracts';
import type { UserRecord } from '../../platform/auth-guard.js';
import type { Queryable } from '../../platform/db.js';
import { loginCodeMail } from '../../platform/mail/templates.js';
import { newRefreshToken } from '../../platform/tokens.js';
import { type ChallengeRecord, insertChallenge } from '../challenges/index.js';
import { toUser } from '../users/index.js';
import { insertRefreshToken, insertSession } from './repository.js';
import { DAY_MS, type Impersonator, type OpenedSession, type SessionDeps } from './session-deps.js';

/** The second step lasts 10 minutes and allows a handful of tries. */
const SECOND_STEP_TTL_SECONDS = 10 * 60;
const SECOND_STEP_MAX_ATTEMPTS = 5;

type IssuedTokens = Awaited<ReturnType<typeof issueTokens>>;

/** A fresh access token and refresh token for the session; the refresh token never outlives the session. */
export async function issueTokens(
  { tokens, config }: Pick<SessionDeps, 'tokens' | 'config'>,
  tx: Queryable,
  {
    userId,
    sessionId,
    sessionEnd,
    impersonation,
  }: {
    userId: string;
    sessionId: string;
    sessionEnd: Date;
    impersonation: boolean;
  },
) {
  const refresh = newRefreshToken();
  const expiresAt = new Date(
    Math.min(Date.now() + config.refreshTokenTtlDays * DAY_MS, sessionEnd.getTime()),
  );
  await insertRefreshToken(tx, { hash: refresh.hash, sessionId, expiresAt });
  const accessToken = await tokens.signAccess(userId, sessionId);
  return { accessToken, refresh: { token: refresh.token, expiresAt, impersonation } };
}

/** The session as answered, with the refresh token kept apart for its cookie. */
export function sessionView(
  sessionId: string,
  status: 'pending' | 'active',
  user: UserRecord,
  issued: IssuedTokens,
  extra: { adminEmail?: string | null; challenge?: Pick<ChallengeRecord, 'id' | 'method'> | null },
): OpenedSession {
  const challenge = extra.challenge;
  const session: Session = {
    id: sessionId,
    status,
    token: { accessToken: issued.accessToken },
    expiresAt: issued.refresh.expiresAt.toISOString(),
    adminEmail: extra.adminEmail ?? null,
    challenge: challenge ? { id: challenge.id, status: 'pending', method: challenge.method } : null,
    user: toUser(user),
  };
  return { session, refresh: issued.refresh };
}

/**
 * Opens a session for `user` inside `tx`. With a second step on the session is pending with an open challenge
 * (and an e-mailed code is queued when that is the method), unless the step is already passed or an admin
 * is impersonating.
 */
export async function openSession(
  deps: Pick<SessionDeps, 'tokens' | 'mailer' | 'config'>,
  tx: Queryable,
  user: UserRecord,
  how: { impersonator?: Impersonator; secondStepPassed?: boolean } = {},
): Promise<OpenedSession> {
  const { tokens, mailer, config } = deps;
  const now = Date.now();
  const { impersonator } = how;
  if (user.secondStep !== 'none' && !impersonator && !how.secondStepPassed) {
    const expiresAt = new Date(now + SECOND_STEP_TTL_SECONDS * 1000);
    const sessionId = await insertSession(tx, { userId: user.id, status: 'pending', expiresAt });
    let secretHash: Buffer | null = null;
    if (user.secondStep === 'email') {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      secretHash = tokens.hashChallengeSecret(code);
      await mailer.queue(tx, loginCodeMail({ to: user.email, firstName: user.firstName, code }));
    }
    const challengeId = await insertChallenge(tx, {
      userId: user.id,
      sessionId,
      purpose: 'second_step',
      method: user.secondStep,
      secretHash,
      maxAttempts: SECOND_STEP_MAX_ATTEMPTS,
      ttlSeconds: SECOND_STEP_TTL_SECONDS,
    });
    const issued = await issueTokens(deps, tx, {
      userId: user.id,
      sessionId,
      sessionEnd: expiresAt,
      impersonation: false,
    });
    return sessionView(sessionId, 'pending', user, issued, {
      challenge: { id: challengeId, method: user.secondStep },
    });
  }
  const expiresAt = impersonator
    ? new Date(now + config.impersonationTtlMinutes * 60_000)
    : new Date(now + config.sessionMaxDays * DAY_MS);
  const sessionId = await insertSession(tx, {
    userId: user.id,
    status: 'active',
    expiresAt,
    impersonatorId: impersonator?.id ?? null,
  });
  const issued = await issueTokens(deps, tx, {
    userId: user.id,
    sessionId,
    sessionEnd: expiresAt,
    impersonation: Boolean(impersonator),
  });
  return sessionView(sessionId, 'active', user, issued, { adminEmail: impersonator?.email ?? null });
}
