import type { Session } from '@tunehouse/contracts';
import type { SessionView } from '@tunehouse/shell-contract';
import { tokenExpiresAt } from './jwt.js';

/** A session is stale 5 minutes before its access token expires. */
export const STALE_BEFORE_EXPIRY_MS = 5 * 60 * 1000;

export interface SessionFlags {
  /** Active and no open challenge. */
  isAuthenticated: boolean;
  /** An open challenge: status pending or initialized. */
  isChallenged: boolean;
  /** The session carries the admin marker `adminEmail` (an admin viewing the product as this user). */
  isAdmin: boolean;
  /** `user.account.suspendedAt` is in the past. */
  isSuspended: boolean;
  /** At or past 5 minutes before the access token's `exp`; an unreadable token is stale. */
  isStale: boolean;
  /**
   * The session cannot be used or refreshed any more: its access token is unreadable, or its refresh token
   * (`expiresAt`) has expired. An admin session has no refresh expiry on the client; the server's
   * refusal ends it.
   */
  isExpired: boolean;
  /** The access token's `exp` in epoch milliseconds, null when unreadable. */
  accessTokenExpiresAt: number | null;
}

export function isChallengedSession(session: Pick<Session, 'challenge'>): boolean {
  const status = session.challenge?.status;
  return status === 'pending' || status === 'initialized';
}

function isPast(date: string | null | undefined, now: number): boolean {
  if (!date) return false;
  const time = Date.parse(date);
  return !Number.isNaN(time) && time <= now;
}

/** The flags derived from a session at `now`. */
export function deriveSessionFlags(session: Session, now: number): SessionFlags {
  const accessTokenExpiresAt = tokenExpiresAt(session.token.accessToken);
  const isChallenged = isChallengedSession(session);
  const isAdmin = Boolean(session.adminEmail);
  const refreshExpired = !isAdmin && isPast(session.expiresAt, now);
  return {
    isAuthenticated: session.status === 'active' && !isChallenged,
    isChallenged,
    isAdmin,
    isSuspended: isPast(session.user.account.suspendedAt, now),
    isStale: accessTokenExpiresAt === null || now >= accessTokenExpiresAt - STALE_BEFORE_EXPIRY_MS,
    isExpired: accessTokenExpiresAt === null || refreshExpired,
    accessTokenExpiresAt,
  };
}

/** What the shell hands areas about the session (shell-contract SessionView). */
export function toSessionView(session: Session, now: number): SessionView {
  const flags = deriveSessionFlags(session, now);
  const { user } = session;
  const view = {
    user: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      createdAt: user.createdAt,
      account: { ...user.account },
    },
    isAuthenticated: flags.isAuthenticated,
    isAdmin: flags.isAdmin,
    isSuspended: flags.isSuspended,
    isChallenged: flags.isChallenged,
    adminEmail: session.adminEmail ?? null,
    // Contract 1.1 (SessionView.challengeMethod); a plain extra member for a 1.0 reader.
    ...(flags.isChallenged && session.challenge?.method ? { challengeMethod: session.challenge.method } : {}),
  };
  return view satisfies SessionView;
}
