import type {
  EmailActivationRequest,
  PasswordResetRequest,
  SignupReceipt,
  SignupRequest,
  UserWithSession,
} from '@tunehouse/contracts';
import type { AppConfig } from '../../platform/config.js';
import { type Db, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail/outbox.js';
import { emailActivationMail, passwordResetMail, signUpAttemptMail } from '../../platform/mail/templates.js';
import { hashPassword } from '../../platform/passwords.js';
import { countHit } from '../../platform/rate-limit-store.js';
import type { TokenService } from '../../platform/tokens.js';
import { consumeChallenge, createLinkChallenge, redeemLinkChallenge } from '../challenges/index.js';
import {
  emailSubject,
  forgetAllFailures,
  mayMailReset,
  type OpenedSession,
  type RefreshGrant,
  revokeUserSessions,
  type SessionService,
  userSubject,
} from '../sessions/index.js';
import {
  findCredentialsByEmail,
  findUserById,
  insertUser,
  markEmailVerified,
  setPassword,
  toUser,
} from '../users/index.js';

const ACTIVATION_TTL_SECONDS = 7 * 86_400;
const RESET_TTL_SECONDS = 3600;
/** "Someone tried to sign up with your address" mails to one account a day; more attempts are answered alike. */
export const SIGN_UP_ATTEMPT_MAILS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Thrown inside the sign-up transaction to roll it back when the address turns out to be taken (a race). */
class AddressTaken extends Error {}

type Deps = { db: Db; tokens: TokenService; mailer: Mailer; config: AppConfig; sessions: SessionService };

const linkInvalid = () =>
  new ApiError(400, 'LINK_INVALID', 'The link is not valid any more; ask for a new one', [
    { path: ['body', 'secret'], message: 'Unknown, used or expired link' },
  ]);

/**
 * The answer of a call that signs the user in: the user with the session for the body, and the refresh token for
 * its HttpOnly cookie (sessions/refresh-cookie.ts).
 */
export type UserSignedIn = { user: UserWithSession; refresh: RefreshGrant };
const withSession = (user: Parameters<typeof toUser>[0], opened: OpenedSession): UserSignedIn => ({
  user: { ...toUser(user), session: opened.session },
  refresh: opened.refresh,
});

/**
 * Sign-up (which answers only "check your mail"), e-mail activation and password reset (each answers with the user
 * and a new session).
 */
export function createAccountService({ db, tokens, mailer, config, sessions }: Deps) {
  /**
   * The same answer for every well-formed request (docs/decisions/0067-uniform-sign-up.md): a new address gets its
   * account, not yet signed in, and the activation link; a taken one gets nothing created and its owner a note,
   * a few a day at most. The password is hashed either way, so both paths cost the same.
   */
  async function signup(request: SignupRequest): Promise<SignupReceipt> {
    const passwordHash = await hashPassword(request.password);
    const receipt: SignupReceipt = { email: request.email, status: 'CHECK_MAIL' };
    try {
      await withTransaction(db, async (tx) => {
        const user = await insertUser(tx, {
          email: request.email,
          passwordHash,
          firstName: request.firstName,
          lastName: request.lastName,
          country: request.country ?? null,
          city: request.city ?? null,
        });
        // A sign-up racing this one for the address can have inserted an account here: it is rolled back.
        if (!user) throw new AddressTaken();
        const link = await createLinkChallenge(
          tx,
          tokens,
          user.id,
          'email_activation',
          ACTIVATION_TTL_SECONDS,
        );
        await mailer.queue(
          tx,
          emailActivationMail({
            to: user.email,
            firstName: user.firstName,
            siteUrl: config.siteUrl,
            from: request.returnTo,
            ...link,
          }),
        );
      });
    } catch (error) {
      if (!(error instanceof AddressTaken)) throw error;
      await tellOwnerOfAttempt(request.email);
    }
    return receipt;
  }

  /** Mails the owner of a taken address that someone tried it, unless they had their few today (counted here). */
  async function tellOwnerOfAttempt(email: string): Promise<void> {
    await withTransaction(db, async (tx) => {
      const credentials = await findCredentialsByEmail(tx, email);
      if (!credentials) return;
      const { user } = credentials;
      const mailsToday = await countHit(tx, `sign-up-attempt-mails user ${user.id}`, DAY_MS);
      if (mailsToday > SIGN_UP_ATTEMPT_MAILS_PER_DAY) return;
      await mailer.queue(
        tx,
        signUpAttemptMail({ to: user.email, firstName: user.firstName, siteUrl: config.siteUrl }),
      );
    });
  }

  async function activateEmail({ challengeId, secret }: EmailActivationRequest): Promise<UserSignedIn> {
    const result = await withTransaction(db, async (tx) => {
      const challenge = await redeemLinkChallenge(tx, tokens, challengeId, secret, 'email_activation');
      if (!challenge) return null;
      await consumeChallenge(tx, challenge.id);
      await markEmailVerified(tx, challenge.userId);
      const user = await findUserById(tx, challenge.userId);
      if (!user) return null;
      return withSession(user, await sessions.open(tx, user));
    });
    if (!result) throw linkInvalid();
    return result;
  }

  /**
   * Always the same answer, so that it does not reveal which addresses have accounts; at most a few mails an hour
   * reach one inbox, however many addresses ask.
   */
  async function requestPasswordReset(email: string, address = ''): Promise<void> {
    const credentials = await findCredentialsByEmail(db, email);
    if (!credentials) return;
    const { user } = credentials;
    await withTransaction(db, async (tx) => {
      if (!(await mayMailReset(tx, userSubject(user.id), address))) return;
      const link = await createLinkChallenge(tx, tokens, user.id, 'password_reset', RESET_TTL_SECONDS);
      await mailer.queue(
        tx,
        passwordResetMail({ to: user.email, firstName: user.firstName, siteUrl: config.siteUrl, ...link }),
      );
    });
  }

  /** A reset ends every other session of the user: whoever knew the old password is out. */
  async function resetPassword({
    challengeId,
    secret,
    password,
  }: PasswordResetRequest): Promise<UserSignedIn> {
    const passwordHash = await hashPassword(password);
    const result = await withTransaction(db, async (tx) => {
      const challenge = await redeemLinkChallenge(tx, tokens, challengeId, secret, 'password_reset');
      if (!challenge) return null;
      await consumeChallenge(tx, challenge.id);
      await setPassword(tx, challenge.userId, passwordHash);
      // Following the e-mailed link proves the address too.
      await markEmailVerified(tx, challenge.userId);
      await revokeUserSessions(tx, challenge.userId, 'password_reset');
      const user = await findUserById(tx, challenge.userId);
      if (!user) return null;
      await forgetAllFailures(tx, userSubject(user.id));
      await forgetAllFailures(tx, emailSubject(user.email));
      return withSession(user, await sessions.open(tx, user));
    });
    if (!result) throw linkInvalid();
    return result;
  }

  return { signup, activateEmail, requestPasswordReset, resetPassword };
}

export type AccountService = ReturnType<typeof createAccountService>;
