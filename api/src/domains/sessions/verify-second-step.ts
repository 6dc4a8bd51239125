import { timingSafeEqual } from 'node:crypto';
import { NOT_CHALLENGED_MESSAGE } from '@tunehouse/contracts';
import type { AuthContext } from '../../platform/auth-guard.js';
import { type Queryable, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { wrongCodesAlertMail } from '../../platform/mail/templates.js';
import { checkTotp } from '../../platform/totp.js';
import {
  type ChallengeRecord,
  consumeChallenge,
  countAttempt,
  findSessionChallenge,
} from '../challenges/index.js';
import { findTotp, recordTotpStep } from '../users/index.js';
import { openSession } from './open-session.js';
import { fail, type Outcome, unwrap } from './outcome.js';
import { revokeSession } from './repository.js';
import type { OpenedSession, SessionDeps, SignInOrigin } from './session-deps.js';
import { admitSecondStepAttempt, countWrongAnswer, lockSubject, userSubject } from './sign-in-limits.js';

const notChallenged = () => new ApiError(409, 'SESSION_NOT_CHALLENGED', NOT_CHALLENGED_MESSAGE);

/** Whether the secret answers the challenge: a TOTP code not used before (its step is then kept), or the mailed code. */
async function answers(
  { tokens }: Pick<SessionDeps, 'tokens'>,
  tx: Queryable,
  userId: string,
  challenge: ChallengeRecord,
  secret: string,
): Promise<boolean> {
  if (challenge.method === 'totp') {
    const totp = await findTotp(tx, userId);
    const step = totp ? await checkTotp(totp.secret, secret, totp.lastStep) : null;
    if (step === null) return false;
    await recordTotpStep(tx, userId, step);
    return true;
  }
  if (challenge.secretHash) return timingSafeEqual(challenge.secretHash, tokens.hashChallengeSecret(secret));
  return false;
}

/**
 * POST /v1/sessions/current/verify: verifying a challenged session with its secret replaces it with a verified
 * (active) one. Wrong answers are counted, and a session that runs out of tries (or time) is ended; both commit
 * although the call fails.
 */
export async function verifySecondStep(
  deps: SessionDeps,
  { caller, secret, origin = {} }: { caller: AuthContext; secret: string; origin?: SignInOrigin },
): Promise<OpenedSession> {
  const { mailer, config } = deps;
  const { address = '' } = origin;
  if (caller.session.status !== 'pending') throw notChallenged();
  const subject = userSubject(caller.user.id);
  const outcome = await withTransaction(deps.db, async (tx): Promise<Outcome<OpenedSession>> => {
    await lockSubject(tx, subject);
    try {
      await admitSecondStepAttempt(tx, subject);
    } catch (error) {
      if (error instanceof ApiError) return fail(error);
      throw error;
    }
    const current = await findSessionChallenge(tx, caller.session.id);
    const challenge = current && !current.consumedAt ? await countAttempt(tx, current.id) : null;
    if (!challenge) return fail(notChallenged());
    const endWith = async (message: string) => {
      await revokeSession(tx, caller.session.id, 'second_step_failed');
      return fail(new ApiError(401, 'CHALLENGE_FAILED', message));
    };
    if (challenge.expiresAt.getTime() <= Date.now()) return endWith('The code expired; sign in again');
    if (challenge.attempts > challenge.maxAttempts) return endWith('Too many wrong codes; sign in again');

    if (!(await answers(deps, tx, caller.user.id, challenge, secret))) {
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
    return { ok: true, value: await openSession(deps, tx, caller.user, { secondStepPassed: true }) };
  });
  return unwrap(outcome);
}
