import { SUSPENDED_MESSAGE } from '@tunehouse/contracts';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ApiError } from './errors.js';
import type { TokenService } from './tokens.js';

export type SessionStatus = 'pending' | 'active';
export type SecondStep = 'none' | 'totp' | 'email';

export type AccountRecord = {
  id: string;
  country: string | null;
  city: string | null;
  verifiedAt: Date | null;
  suspendedAt: Date | null;
};

export type UserRecord = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  emailVerifiedAt: Date | null;
  secondStep: SecondStep;
  createdAt: Date;
  account: AccountRecord;
};

export type SessionRecord = {
  id: string;
  userId: string;
  status: SessionStatus;
  expiresAt: Date;
  revokedAt: Date | null;
  impersonatorId: string | null;
  impersonatorEmail: string | null;
};

/** Who is calling: the live session behind the bearer token and its user, as read for this request. */
export type AuthContext = { session: SessionRecord; user: UserRecord };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export type Access = {
  /** A session still waiting for its second step may call this (verify, destroy). */
  allowPending?: boolean;
  /** A suspended account's own session may call this (to read its user and log out). */
  allowSuspended?: boolean;
  adminOnly?: boolean;
  /** The call moves or routes money: an impersonating administrator may not make it (decision 0061). */
  moneyRouting?: boolean;
};

/** What an impersonating administrator is told by a call that moves or routes the user's money. */
export const IMPERSONATION_READ_ONLY_MESSAGE =
  'An administrator viewing the product as this user can read their money but not change it';

export type SessionLoader = (sessionId: string) => Promise<AuthContext | null>;

export function isSuspended(account: AccountRecord, now = new Date()): boolean {
  return account.suspendedAt !== null && account.suspendedAt.getTime() <= now.getTime();
}

export function createAuthGuard(tokens: TokenService, loadSession: SessionLoader) {
  async function authenticate(request: FastifyRequest): Promise<AuthContext> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw new ApiError(401, 'UNAUTHENTICATED', 'A valid session is required');
    const verdict = await tokens.verifyAccess(match[1]!);
    if (!verdict.ok) {
      throw verdict.reason === 'expired'
        ? new ApiError(401, 'ACCESS_TOKEN_EXPIRED', 'The access token has expired; refresh the session')
        : new ApiError(401, 'UNAUTHENTICATED', 'A valid session is required');
    }
    const context = await loadSession(verdict.claims.sessionId);
    if (!context || context.user.id !== verdict.claims.userId)
      throw new ApiError(401, 'UNAUTHENTICATED', 'A valid session is required');
    if (context.session.revokedAt || context.session.expiresAt.getTime() <= Date.now())
      throw new ApiError(401, 'SESSION_ENDED', 'The session has ended; sign in again');
    return context;
  }

  /**
   * An onRequest hook admitting only the sessions `access` allows; the caller is then `request.auth`. As onRequest,
   * it refuses a caller before the body is even parsed, so a stranger learns nothing from validation errors.
   */
  function guard(access: Access = {}): onRequestAsyncHookHandler {
    return async (request) => {
      const context = await authenticate(request);
      const { session, user } = context;
      // An impersonation is known before any refusal, so the audit log records its refused writes too.
      if (session.impersonatorId) request.auth = context;
      if (session.status === 'pending' && !access.allowPending)
        throw new ApiError(403, 'CHALLENGE_REQUIRED', 'Complete the second step of signing in first');
      if (access.adminOnly && (!user.isAdmin || session.impersonatorId))
        throw new ApiError(403, 'ADMIN_REQUIRED', 'Only administrators may do this');
      // The admin flag lets a suspended account pass (impersonation, or an admin's own session).
      const admin = user.isAdmin || session.impersonatorId !== null;
      if (isSuspended(user.account) && !access.allowSuspended && !admin)
        throw new ApiError(403, 'ACCOUNT_SUSPENDED', SUSPENDED_MESSAGE);
      if (access.moneyRouting && session.impersonatorId)
        throw new ApiError(403, 'IMPERSONATION_READ_ONLY', IMPERSONATION_READ_ONLY_MESSAGE);
      request.auth = context;
    };
  }

  /** For routes open to everyone that note the caller when there is one (analytics). Never refuses. */
  const identify: onRequestAsyncHookHandler = async (request) => {
    if (!request.headers.authorization) return;
    request.auth = await authenticate(request).catch(() => null);
  };

  return { guard, identify };
}

export type AuthGuard = ReturnType<typeof createAuthGuard>;

export function callerOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new ApiError(401, 'UNAUTHENTICATED', 'A valid session is required');
  return request.auth;
}
