import { withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { burnPasswordCheck, verifyPassword } from '../../platform/passwords.js';
import { findCredentialsByEmail } from '../users/index.js';
import { openSession } from './open-session.js';
import { fail, type Outcome, unwrap } from './outcome.js';
import type { OpenedSession, SessionDeps, SignInOrigin } from './session-deps.js';
import {
  admitPasswordAttempt,
  emailSubject,
  forgetFailures,
  lockSubject,
  recordAttempt,
} from './sign-in-limits.js';

const invalidCredentials = () =>
  new ApiError(401, 'INVALID_CREDENTIALS', 'The e-mail address or password is wrong');

/**
 * POST /v1/sessions: password sign-in. Known and unknown addresses take the same path and the same limits
 * (sign-in-limits.ts), so neither the answer nor its timing tells whether an account exists. A refused attempt is
 * still counted: its transaction commits before the error is thrown.
 */
export async function signIn(
  deps: SessionDeps,
  { email, password, origin = {} }: { email: string; password: string; origin?: SignInOrigin },
): Promise<OpenedSession> {
  const { address = '', botCheck = 'not-required' } = origin;
  const subject = emailSubject(email);
  const outcome = await withTransaction(deps.db, async (tx): Promise<Outcome<OpenedSession>> => {
    await lockSubject(tx, subject);
    try {
      await admitPasswordAttempt(tx, { subject, address, botCheck });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      deps.metrics?.signInFailed('too_many_attempts');
      return fail(error);
    }
    const credentials = await findCredentialsByEmail(tx, email);
    const correct = credentials
      ? await verifyPassword(credentials.passwordHash, password)
      : await burnPasswordCheck(password);
    if (!credentials || !correct) {
      await recordAttempt(tx, 'password_failed', subject, address);
      deps.metrics?.signInFailed('wrong_credentials');
      return fail(invalidCredentials());
    }
    await forgetFailures(tx, 'password_failed', subject, address);
    return { ok: true, value: await openSession(deps, tx, credentials.user) };
  });
  return unwrap(outcome);
}
