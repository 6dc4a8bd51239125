import type {
  ActiveSessionList,
  ChangeEmailRequest,
  ChangePasswordRequest,
  CurrentUser,
  TotpEnrolment,
} from '@tunehouse/contracts';
import { generateSecret } from 'otplib';
import type { AuthContext, UserRecord } from '../../platform/auth-guard.js';
import type { AppConfig } from '../../platform/config.js';
import { type Db, iso, type Queryable, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail/outbox.js';
import { emailActivationMail } from '../../platform/mail/templates.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import type { TokenService } from '../../platform/tokens.js';
import { checkTotp, totpUri } from '../../platform/totp.js';
import { consumeOpenChallenges, createLinkChallenge } from '../challenges/index.js';
import {
  admitCurrentPasswordCheck,
  emailSubject,
  forgetAllFailures,
  recordAttempt,
  userSubject,
  revokeOtherUserSessions,
  revokeSession,
} from '../sessions/index.js';
import { findUserById, setPassword, toCurrentUser } from '../users/index.js';
import {
  activateTotp,
  changeEmail as storeNewEmail,
  disableSecondStep,
  findLiveSessionOfUser,
  findPasswordHash,
  findPendingTotp,
  listLiveSessions,
  setPendingTotp,
} from './repository.js';

/** As long as a sign-up's activation link (docs/decisions/0012-sessions-tokens-and-second-step.md). */
const ACTIVATION_TTL_SECONDS = 7 * 86_400;
/** Time to scan the QR code and type the first code. */
const TOTP_ENROLMENT_TTL_SECONDS = 15 * 60;

type Deps = { db: Db; tokens: TokenService; mailer: Mailer; config: Pick<AppConfig, 'siteUrl'> };

const wrongPassword = () =>
  new ApiError(400, 'INVALID_CREDENTIALS', 'The current password is wrong', [
    { path: ['body', 'currentPassword'], message: 'The current password is wrong' },
  ]);

async function reloadUser(q: Queryable, userId: string): Promise<CurrentUser> {
  const user = await findUserById(q, userId);
  if (!user) throw new ApiError(404, 'NOT_FOUND', 'Cannot update unknown user');
  return toCurrentUser(user);
}

/**
 * Changes of how the signed-in user signs in: e-mail address, password, the TOTP second step, and their sessions.
 * The routes admit only the user's own active session (never an administrator's impersonation).
 */
export function createAccountSecurityService({ db, tokens, mailer, config }: Deps) {
  /**
   * The current password, asked again. Wrong answers count with failed logins towards the account's hourly
   * ceiling, so a stolen session cannot guess the password faster than the login could.
   */
  async function checkCurrentPassword(user: UserRecord, password: string): Promise<void> {
    const subject = userSubject(user.id);
    await admitCurrentPasswordCheck(db, subject);
    const passwordHash = await findPasswordHash(db, user.id);
    if (passwordHash && (await verifyPassword(passwordHash, password))) return;
    await recordAttempt(db, 'password_failed', subject, '');
    throw wrongPassword();
  }

  /**
   * The new address replaces the old one at once, unconfirmed, and gets an activation link. Every other session
   * ends, and reset links mailed to the old address stop working.
   */
  async function changeEmail(caller: AuthContext, request: ChangeEmailRequest): Promise<CurrentUser> {
    const { user, session } = caller;
    if (request.email === user.email) {
      throw new ApiError(400, 'VALIDATION_FAILED', 'The request body is invalid', [
        { path: ['body', 'email'], message: 'This is already your e-mail address' },
      ]);
    }
    await checkCurrentPassword(user, request.currentPassword);
    return withTransaction(db, async (tx) => {
      if (!(await storeNewEmail(tx, user.id, request.email))) {
        throw new ApiError(409, 'EMAIL_TAKEN', 'Another account uses this e-mail address', [
          { path: ['body', 'email'], message: 'Another account uses this e-mail address' },
        ]);
      }
      await consumeOpenChallenges(tx, user.id, 'password_reset');
      const link = await createLinkChallenge(tx, tokens, user.id, 'email_activation', ACTIVATION_TTL_SECONDS);
      await mailer.queue(
        tx,
        emailActivationMail({
          to: request.email,
          firstName: user.firstName,
          siteUrl: config.siteUrl,
          ...link,
        }),
      );
      await revokeOtherUserSessions(tx, user.id, session.id, 'email_changed');
      return reloadUser(tx, user.id);
    });
  }

  /** Argon2id as everywhere; every other session ends and open reset links stop working. */
  async function changePassword(caller: AuthContext, request: ChangePasswordRequest): Promise<void> {
    const { user, session } = caller;
    await checkCurrentPassword(user, request.currentPassword);
    const passwordHash = await hashPassword(request.password);
    await withTransaction(db, async (tx) => {
      await setPassword(tx, user.id, passwordHash);
      await consumeOpenChallenges(tx, user.id, 'password_reset');
      await revokeOtherUserSessions(tx, user.id, session.id, 'password_changed');
      await forgetAllFailures(tx, userSubject(user.id));
      await forgetAllFailures(tx, emailSubject(user.email));
    });
  }

  /** A new secret, kept aside until `confirmTotp`; asking again replaces it. */
  async function startTotp(caller: AuthContext): Promise<TotpEnrolment> {
    const { user } = caller;
    if (user.secondStep === 'totp') {
      throw new ApiError(
        409,
        'CONFLICT',
        'Second-step verification with an authenticator app is already on; turn it off first',
      );
    }
    const secret = generateSecret();
    const expiresAt = new Date(Date.now() + TOTP_ENROLMENT_TTL_SECONDS * 1000);
    await setPendingTotp(db, user.id, secret, expiresAt);
    return { secret, otpauthUrl: totpUri(secret, user.email), expiresAt: expiresAt.toISOString() };
  }

  /**
   * A code from the new secret proves the app has it: from now on every login asks for a code. The code's time
   * step is recorded, so it cannot be used again for a login.
   */
  async function confirmTotp(caller: AuthContext, code: string): Promise<CurrentUser> {
    const { user } = caller;
    return withTransaction(db, async (tx) => {
      const secret = await findPendingTotp(tx, user.id);
      if (!secret) {
        throw new ApiError(409, 'CONFLICT', 'Setting up the authenticator app expired; start again', [
          { path: ['body', 'secret'], message: 'Setting up expired; start again' },
        ]);
      }
      const step = await checkTotp(secret, code, null);
      if (step === null) {
        throw new ApiError(400, 'CHALLENGE_SECRET_INVALID', 'The code is not right', [
          {
            path: ['body', 'secret'],
            message: 'The code is not right; check that your phone’s clock is correct',
          },
        ]);
      }
      await activateTotp(tx, user.id, secret, step);
      return reloadUser(tx, user.id);
    });
  }

  /** Turns the second step (TOTP or e-mailed code) off; the secret is forgotten. */
  async function turnOffSecondStep(caller: AuthContext, currentPassword: string): Promise<void> {
    await checkCurrentPassword(caller.user, currentPassword);
    await disableSecondStep(db, caller.user.id);
  }

  async function listSessions(caller: AuthContext): Promise<ActiveSessionList> {
    const sessions = await listLiveSessions(db, caller.user.id);
    return {
      items: sessions.map((session) => ({
        id: session.id,
        status: session.status,
        createdAt: session.createdAt.toISOString(),
        lastUsedAt: iso(session.lastUsedAt),
        expiresAt: session.expiresAt.toISOString(),
        userAgent: session.userAgent,
        ip: session.ip,
        current: session.id === caller.session.id,
        impersonation: session.impersonation,
      })),
    };
  }

  /** Ends one of the user's sessions (its refresh token stops working at once); another user's is not found. */
  async function endSession(caller: AuthContext, sessionId: string): Promise<void> {
    await withTransaction(db, async (tx) => {
      const session = await findLiveSessionOfUser(tx, caller.user.id, sessionId);
      if (!session) throw new ApiError(404, 'NOT_FOUND', 'No such active session');
      await revokeSession(tx, session.id, 'ended_by_user');
    });
  }

  return {
    changeEmail,
    changePassword,
    startTotp,
    confirmTotp,
    turnOffSecondStep,
    listSessions,
    endSession,
  };
}

export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;
