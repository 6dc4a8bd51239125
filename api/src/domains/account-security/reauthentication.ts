import type { AuthContext } from '../../platform/auth-guard.js';
import type { Queryable } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail/outbox.js';
import { moneyActionsLockedMail } from '../../platform/mail/templates.js';
import { verifyPassword } from '../../platform/passwords.js';
import { checkTotp } from '../../platform/totp.js';
import { admitMoneyAction, countWrongAnswer, lockSubject, userSubject } from '../sessions/index.js';
import { findCredentialsByEmail, findTotp, recordTotpStep } from '../users/index.js';

/** What the caller sent to prove the owner is at the keyboard. */
export type OwnerProof = { otp?: string | undefined; password?: string | undefined };

/**
 * What a money action asks for: a payout asks an authenticator code of an account that has one and nothing
 * otherwise (0046); a new payout method asks that code, or else the account's password.
 */
export type ProofRule = 'code-if-any' | 'code-or-password' | 'key-money-scope';

export type ReauthenticationDeps = { mailer: Mailer; siteUrl: string };

const ACTIONS: Record<ProofRule, string> = {
  'code-if-any': 'to request a payout',
  'code-or-password': 'to add a bank account',
  // Same proof as a bank account: an API key with a money scope can move money (0087).
  'key-money-scope': 'to give a key a scope that moves money',
};

/**
 * The owner asked again before money moves or a payout method is added
 * (docs/decisions/0060-money-action-reauth-and-payee-hold.md). Runs inside the action's transaction, first: the
 * account's counter is locked so parallel guesses queue, a locked account is refused even with the right answer,
 * and a wrong code or password is counted with the wrong sign-in codes (the owner is mailed when that reaches the
 * limit). Answers the refusal instead of throwing it, so the caller can commit the count before answering; a
 * right code's time step is recorded in the same transaction (used once).
 */
export async function reauthenticate(
  tx: Queryable,
  caller: AuthContext,
  proof: OwnerProof,
  { rule, address, deps }: { rule: ProofRule; address: string; deps: ReauthenticationDeps },
): Promise<ApiError | null> {
  const { user } = caller;
  const subject = userSubject(user.id);
  await lockSubject(tx, subject);
  try {
    await admitMoneyAction(tx, subject);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  const wrong = async (error: ApiError) => {
    if (await countWrongAnswer(tx, subject, address))
      await deps.mailer.queue(
        tx,
        moneyActionsLockedMail({ to: user.email, firstName: user.firstName, siteUrl: deps.siteUrl }),
      );
    return error;
  };

  if (user.secondStep === 'totp') {
    if (!proof.otp)
      return new ApiError(
        403,
        'SECOND_STEP_REQUIRED',
        `Enter the code from your authenticator app ${ACTIONS[rule]}`,
        [{ path: ['body', 'otp'], message: 'Enter the 6-digit code from your authenticator app' }],
      );
    const totp = await findTotp(tx, user.id);
    const step = totp ? await checkTotp(totp.secret, proof.otp, totp.lastStep) : null;
    if (step === null)
      return wrong(
        new ApiError(400, 'CHALLENGE_SECRET_INVALID', 'The code is not right', [
          { path: ['body', 'otp'], message: 'The code is not right' },
        ]),
      );
    await recordTotpStep(tx, user.id, step);
    return null;
  }
  if (rule === 'code-if-any') return null;

  if (!proof.password)
    return new ApiError(403, 'REAUTHENTICATION_REQUIRED', `Enter your password ${ACTIONS[rule]}`, [
      { path: ['body', 'password'], message: 'Enter your password' },
    ]);
  const credentials = await findCredentialsByEmail(tx, user.email);
  if (credentials && (await verifyPassword(credentials.passwordHash, proof.password))) return null;
  return wrong(
    new ApiError(400, 'INVALID_CREDENTIALS', 'The password is wrong', [
      { path: ['body', 'password'], message: 'The password is wrong' },
    ]),
  );
}
