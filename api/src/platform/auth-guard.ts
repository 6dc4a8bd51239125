import { API_KEY_PREFIX, type KeyAccess, SUSPENDED_MESSAGE } from '@tunehouse/contracts';
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

/** The API key a program called with (docs/decisions/0087-api-keys-and-scopes.md). */
export type ApiKeyCaller = { id: string; scopes: readonly string[] };

/**
 * Who is calling: the live session behind the bearer token and its user, as read for this request. A call with an
 * API key carries `key`, and `session` is the key standing in for one (its id, active, never impersonating): the
 * endpoints that act on a real session (sign-out, the session list) refuse keys before they run.
 */
export type AuthContext = { session: SessionRecord; user: UserRecord; key?: ApiKeyCaller };

/** Reads an API key's secret into its caller; throws 401 for an unknown, revoked or expired key, 429 past its limit. */
export type KeyAuthenticator = (secret: string, request: FastifyRequest) => Promise<AuthContext>;

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
  /** The call makes or changes an API key or webhook endpoint: not from an impersonation (decision 0090). */
  integrationWrite?: boolean;
  /** Whether an API key may call this, and with which scope (from the endpoint's definition). */
  key?: KeyAccess;
};

/** What an impersonating administrator is told by a call that moves or routes the user's money. */
export const IMPERSONATION_READ_ONLY_MESSAGE =
  'An administrator viewing the product as this user can read their money but not change it';

/** What an impersonating administrator is told by a call that makes or changes an API key or a webhook. */
export const IMPERSONATION_INTEGRATIONS_MESSAGE =
  'An administrator viewing the product as this user cannot make or change its API keys or webhooks';

export type SessionLoader = (sessionId: string) => Promise<AuthContext | null>;

export function isSuspended(account: AccountRecord, now = new Date()): boolean {
  return account.suspendedAt !== null && account.suspendedAt.getTime() <= now.getTime();
}

const bearerOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  return header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
};

/** An API key, told from a session's access token by its prefix (`th_live_`). */
const isApiKey = (token: string | undefined): token is string => token?.startsWith(API_KEY_PREFIX) === true;

export function createAuthGuard(
  tokens: TokenService,
  loadSession: SessionLoader,
  authenticateKey?: KeyAuthenticator,
) {
  async function authenticate(request: FastifyRequest): Promise<AuthContext> {
    const token = bearerOf(request);
    if (isApiKey(token)) {
      if (!authenticateKey) throw new ApiError(401, 'API_KEY_INVALID', 'API keys are not accepted here');
      return authenticateKey(token, request);
    }
    if (!token) throw new ApiError(401, 'UNAUTHENTICATED', 'A valid session is required');
    const verdict = await tokens.verifyAccess(token);
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
      if (context.key) refuseOutsideScopes(context.key, access.key);
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
      // A key or webhook outlives the impersonation and acts for the account or sends its data out (0090).
      if (access.integrationWrite && session.impersonatorId)
        throw new ApiError(403, 'IMPERSONATION_READ_ONLY', IMPERSONATION_INTEGRATIONS_MESSAGE);
      request.auth = context;
    };
  }

  /** For routes open to everyone that note the caller when there is one (analytics). Never refuses. */
  const identify: onRequestAsyncHookHandler = async (request) => {
    // A key is a program, not a visitor: an open call neither needs nor notes it.
    if (!request.headers.authorization || isApiKey(bearerOf(request))) return;
    request.auth = await authenticate(request).catch(() => null);
  };

  return { guard, identify };
}

export type AuthGuard = ReturnType<typeof createAuthGuard>;

/** A key calls only what its scopes open, and never what no key may call (0087). */
function refuseOutsideScopes(key: ApiKeyCaller, access: KeyAccess | undefined): void {
  if (access?.kind !== 'scope')
    throw new ApiError(
      403,
      'API_KEY_NOT_ALLOWED',
      'API keys cannot make this call; a person must, signed in',
    );
  if (!key.scopes.includes(access.scope))
    throw new ApiError(403, 'API_KEY_SCOPE_MISSING', `This call needs a key with the ${access.scope} scope`);
}

export function callerOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new ApiError(401, 'UNAUTHENTICATED', 'A valid session is required');
  return request.auth;
}
