import { randomInt, timingSafeEqual } from 'node:crypto';
import { NOT_CHALLENGED_MESSAGE, REFRESH_REJECTED_MESSAGE, type Session } from '@tunehouse/contracts';
import type { AuthContext, UserRecord } from '../../platform/auth-guard.js';
import type { AppConfig } from '../../platform/config.js';
import { type Db, type Queryable, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail/outbox.js';
import { loginCodeMail, wrongCodesAlertMail } from '../../platform/mail/templates.js';
import type { BotCheckVerdict } from '../../platform/bot-check.js';
import { burnPasswordCheck, verifyPassword } from '../../platform/passwords.js';
import { newRefreshToken, sha256, type TokenService } from '../../platform/tokens.js';
import { checkTotp } from '../../platform/totp.js';
import {
  countAttempt,
  consumeChallenge,
  findSessionChallenge,
  insertChallenge,
  type ChallengeRecord,
} from '../challenges/index.js';
import { findCredentialsByEmail, findTotp, recordTotpStep, toUser } from '../users/index.js';
import {
  findRefreshTokenForUpdate,
  findRefreshTokenSession,
  insertRefreshToken,
  insertSession,
  loadSessionContext,
  markRefreshTokenRotated,
  revokeSession,
} from './repository.js';
import {
  admitPasswordAttempt,
  admitSecondStepAttempt,
  countWrongAnswer,
  emailSubject,
  forgetFailures,
  lockSubject,
  recordAttempt,
  userSubject,
} from './sign-in-limits.js';
import type { RefreshGrant } from './refresh-cookie.js';

/** The second step lasts 10 minutes and allows a handful of tries. */
const SECOND_STEP_TTL_SECONDS = 10 * 60;
const SECOND_STEP_MAX_ATTEMPTS = 5;
/** Where a sign-in attempt came from: the network address, and whether it carried a solved bot check. */
export type SignInOrigin = { address?: string; botCheck?: BotCheckVerdict };

const DAY_MS = 86_400_000;

export type SessionDeps = { db: Db; tokens: TokenService; mailer: Mailer; config: AppConfig };

export type Impersonator = { id: string; email: string };

/**
 * A session just opened or rotated: what the answer's body carries, and the refresh token, which goes to the
 * browser only as its HttpOnly cookie (refresh-cookie.ts), never in the body.
 */
export type OpenedSession = { session: Session; refresh: RefreshGrant };

/** A result computed inside a transaction that must commit even though the request then fails. */
type Outcome<T> = { ok: true; value: T } | { ok: false; error: ApiError };
const fail = (error: ApiError): Outcome<never> => ({ ok: false, error });
function unwrap<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

const refreshRejected = () => new ApiError(400, 'REFRESH_REJECTED', REFRESH_REJECTED_MESSAGE);
const invalidCredentials = () =>
  new ApiError(401, 'INVALID_CREDENTIALS', 'The e-mail address or password is wrong');

export function createSessionService({ db, tokens, mailer, config }: SessionDeps) {
  async function issueTokens(
    tx: Queryable,
    userId: string,
    sessionId: string,
    sessionEnd: Date,
    impersonation: boolean,
  ) {
    const refresh = newRefreshToken();
    const expiresAt = new Date(
      Math.min(Date.now() + config.refreshTokenTtlDays * DAY_MS, sessionEnd.getTime()),
    );
    await insertRefreshToken(tx, { hash: refresh.hash, sessionId, expiresAt });
    const accessToken = await tokens.signAccess(userId, sessionId);
    return { accessToken, refresh: { token: refresh.token, expiresAt, impersonation } };
  }

  function view(
    sessionId: string,
    status: 'pending' | 'active',
    user: UserRecord,
    issued: Awaited<ReturnType<typeof issueTokens>>,
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
  async function open(
    tx: Queryable,
    user: UserRecord,
    how: { impersonator?: Impersonator; secondStepPassed?: boolean } = {},
  ): Promise<OpenedSession> {
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
      const issued = await issueTokens(tx, user.id, sessionId, expiresAt, false);
      return view(sessionId, 'pending', user, issued, {
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
    const issued = await issueTokens(tx, user.id, sessionId, expiresAt, Boolean(impersonator));
    return view(sessionId, 'active', user, issued, { adminEmail: impersonator?.email ?? null });
  }

  /**
   * Password sign-in. Known and unknown addresses take the same path and the same limits (sign-in-limits.ts), so
   * neither the answer nor its timing tells whether an account exists.
   */
  async function login(
    email: string,
    password: string,
    { address = '', botCheck = 'not-required' }: SignInOrigin = {},
  ): Promise<OpenedSession> {
    const subject = emailSubject(email);
    const outcome = await withTransaction(db, async (tx): Promise<Outcome<OpenedSession>> => {
      await lockSubject(tx, subject);
      try {
        await admitPasswordAttempt(tx, { subject, address, botCheck });
      } catch (error) {
        if (error instanceof ApiError) return fail(error);
        throw error;
      }
      const credentials = await findCredentialsByEmail(tx, email);
      const correct = credentials
        ? await verifyPassword(credentials.passwordHash, password)
        : await burnPasswordCheck(password);
      if (!credentials || !correct) {
        await recordAttempt(tx, 'password_failed', subject, address);
        return fail(invalidCredentials());
      }
      await forgetFailures(tx, 'password_failed', subject, address);
      return { ok: true, value: await open(tx, credentials.user) };
    });
    return unwrap(outcome);
  }

  /** Rotates the refresh token (null: the browser sent none, refused like an unknown one). */
  async function refresh(refreshToken: string | null): Promise<OpenedSession> {
    if (refreshToken === null) throw refreshRejected();
    const hash = sha256(refreshToken);
    const outcome = await withTransaction(db, async (tx): Promise<Outcome<OpenedSession>> => {
      const stored = await findRefreshTokenForUpdate(tx, hash);
      if (!stored) return fail(refreshRejected());
      const context = await loadSessionContext(tx, stored.sessionId);
      if (!context) return fail(refreshRejected());
      const { session, user } = context;
      if (stored.rotatedAt) {
        // A rotated token came back: someone holds a copy. End the whole family, both copies die.
        await revokeSession(tx, session.id, 'refresh_token_reuse');
        return fail(refreshRejected());
      }
      const now = Date.now();
      if (session.revokedAt || session.expiresAt.getTime() <= now || stored.expiresAt.getTime() <= now)
        return fail(refreshRejected());
      await markRefreshTokenRotated(tx, hash);
      const issued = await issueTokens(
        tx,
        user.id,
        session.id,
        session.expiresAt,
        session.impersonatorId !== null,
      );
      const challenge = session.status === 'pending' ? await findSessionChallenge(tx, session.id) : null;
      return {
        ok: true,
        value: view(session.id, session.status, user, issued, {
          adminEmail: session.impersonatorEmail,
          challenge,
        }),
      };
    });
    return unwrap(outcome);
  }

  /** Verifying a challenged session with its secret replaces it with a verified (active) one. */
  async function verify(
    caller: AuthContext,
    secret: string,
    { address = '' }: SignInOrigin = {},
  ): Promise<OpenedSession> {
    if (caller.session.status !== 'pending')
      throw new ApiError(409, 'SESSION_NOT_CHALLENGED', NOT_CHALLENGED_MESSAGE);
    const subject = userSubject(caller.user.id);
    const outcome = await withTransaction(db, async (tx): Promise<Outcome<OpenedSession>> => {
      await lockSubject(tx, subject);
      try {
        await admitSecondStepAttempt(tx, subject);
      } catch (error) {
        if (error instanceof ApiError) return fail(error);
        throw error;
      }
      const current = await findSessionChallenge(tx, caller.session.id);
      const challenge = current && !current.consumedAt ? await countAttempt(tx, current.id) : null;
      if (!challenge) return fail(new ApiError(409, 'SESSION_NOT_CHALLENGED', NOT_CHALLENGED_MESSAGE));
      const endWith = async (message: string) => {
        await revokeSession(tx, caller.session.id, 'second_step_failed');
        return fail(new ApiError(401, 'CHALLENGE_FAILED', message));
      };
      if (challenge.expiresAt.getTime() <= Date.now()) return endWith('The code expired; sign in again');
      if (challenge.attempts > challenge.maxAttempts) return endWith('Too many wrong codes; sign in again');

      let correct = false;
      if (challenge.method === 'totp') {
        const totp = await findTotp(tx, caller.user.id);
        const step = totp ? await checkTotp(totp.secret, secret, totp.lastStep) : null;
        if (step !== null) {
          await recordTotpStep(tx, caller.user.id, step);
          correct = true;
        }
      } else if (challenge.secretHash) {
        correct = timingSafeEqual(challenge.secretHash, tokens.hashChallengeSecret(secret));
      }
      if (!correct) {
        if (await countWrongAnswer(tx, subject, address))
          await mailer.queue(
            tx,
            wrongCodesAlertMail({
              to: caller.user.email,
              firstName: caller.user.firstName,
              siteUrl: config.siteUrl,
            }),
          );
        const left = challenge.maxAttempts - challenge.attempts;
        if (left <= 0) return endWith('Too many wrong codes; sign in again');
        return fail(
          new ApiError(400, 'CHALLENGE_SECRET_INVALID', `The code is not right; ${left} tries left`, [
            { path: ['body', 'secret'], message: 'The code is not right' },
          ]),
        );
      }
      await consumeChallenge(tx, challenge.id);
      await revokeSession(tx, caller.session.id, 'verified');
      return { ok: true, value: await open(tx, caller.user, { secondStepPassed: true }) };
    });
    return unwrap(outcome);
  }

  async function destroy(caller: AuthContext): Promise<void> {
    await revokeSession(db, caller.session.id, 'logout');
  }

  /**
   * Signing out once the access token has expired: the refresh token names the session. A rotated one still
   * does — presenting it would end the whole session on a refresh too.
   */
  async function destroyByRefreshToken(refreshToken: string | null): Promise<void> {
    if (refreshToken === null) return;
    const sessionId = await findRefreshTokenSession(db, sha256(refreshToken));
    if (sessionId !== null) await revokeSession(db, sessionId, 'logout');
  }

  return { open, login, refresh, verify, destroy, destroyByRefreshToken };
}

export type SessionService = ReturnType<typeof createSessionService>;
