import {
  type ApiClientRequest,
  InvalidValueError,
  type Logger,
  ResponseParseError,
} from '@tunehouse/api-client';
import {
  type CurrentUser,
  type EmailActivationRequest,
  endpoints,
  type PasswordResetRequest,
  requestOf,
  type Session,
  sessionSchema,
  type SignupReceipt,
  type SignupRequest,
  type UpdateCurrentUserRequest,
  type User,
  userSchema,
  type UserWithSession,
} from '@tunehouse/contracts';
import type { SessionView } from '@tunehouse/shell-contract';
import {
  hasStatus,
  isSessionExpiredError,
  RefreshRejectedError,
  SESSION_MESSAGES,
  SESSION_WARNINGS,
  type SessionError,
  sessionErrors,
} from './errors.js';
import { deriveSessionFlags, type SessionFlags, toSessionView } from './flags.js';
import type { SessionStorage } from './storage.js';

/**
 * The api-client, or anything with its `request`. It must honour `auth: false` (no call to the access-token
 * provider): the session sends its own bearer token, so a refresh never waits on itself.
 */
export interface SessionClient {
  request<T = unknown>(request: ApiClientRequest<T>): Promise<T>;
}

export interface SessionManagerOptions {
  client: SessionClient;
  storage: SessionStorage;
  now?: () => number;
  logger?: Logger;
  /** Called when the signed-in user's id changes (sign-in, sign-out, another user), also for a restored user. */
  onUserChange?: (user: User | null, previous: User | null) => void;
}

export interface SessionManager {
  /** The session, or null when signed out. */
  current(): Session | null;
  /** The derived flags now, or null when signed out. */
  flags(): SessionFlags | null;
  /** The shell-contract view now, or null when signed out. */
  view(): SessionView | null;
  /** Called with the new session (or null) on every change. Returns the unsubscribe function. */
  subscribe(listener: (session: Session | null) => void): () => void;
  /** A token to call the API with: refreshed first when stale (one refresh at a time). Null when signed out. */
  accessToken(): Promise<string | null>;
  login(email: string, password: string): Promise<Session>;
  verify(secret: string, headers?: Record<string, string>): Promise<Session>;
  /**
   * Registers; signs nobody in (docs/decisions/0067-uniform-sign-up.md): the answer is the same whether or not the
   * address has an account, and the activation link in the mail is what signs the new user in.
   */
  signup(fields: SignupRequest): Promise<SignupReceipt>;
  activateEmail(input: EmailActivationRequest): Promise<Session>;
  resetPassword(input: PasswordResetRequest): Promise<Session>;
  requestPasswordReset(email: string): Promise<void>;
  /** Rotates the tokens. Concurrent calls share one request. */
  refresh(): Promise<Session>;
  /** Ends the session on the server; the local session is cleared even when that fails. */
  destroy(): Promise<void>;
  patchUser(patch: UpdateCurrentUserRequest, headers?: Record<string, string>): Promise<CurrentUser>;
  reloadUser(headers?: Record<string, string>): Promise<CurrentUser>;
  /** Admin only: a session for the user, carrying the admin's e-mail (the impersonation is audited). */
  impersonate(userId: string | number): Promise<Session>;
  /** Takes a session obtained elsewhere (an admin impersonation answer); it is parsed strictly. */
  adopt(session: unknown): Session;
  /**
   * Takes back the browser's own session, the one its HttpOnly refresh cookie names ('Back to admin' once the
   * impersonation has ended): the tokens are rotated and the session answered, so nothing had to wait in page
   * storage meanwhile.
   */
  resume(): Promise<Session>;
}

const sameId = (a: string | number | undefined, b: string | number | undefined) =>
  a !== undefined && b !== undefined && String(a) === String(b);

const isParseFailure = (error: unknown) =>
  error instanceof InvalidValueError || error instanceof ResponseParseError;

export function createSessionManager(options: SessionManagerOptions): SessionManager {
  const { client, storage } = options;
  const now = options.now ?? Date.now;
  const logger: Logger = options.logger ?? console;
  const listeners = new Set<(session: Session | null) => void>();
  let state: Session | null = null;
  let refreshing: Promise<Session> | null = null;

  function readStored(): Session | null {
    let raw: string | null;
    try {
      raw = storage.load();
    } catch (error) {
      logger.warn(SESSION_WARNINGS.restore, error);
      return null;
    }
    if (raw === null) return null;
    try {
      const session = sessionSchema.parse(JSON.parse(raw));
      // What the schema does not know any more goes, such as the refresh token an older shell kept here: it lives
      // in the API's HttpOnly cookie now (decision 0054), out of page scripts' reach.
      if (raw.includes('"refreshToken"')) persist(session);
      return session;
    } catch (error) {
      logger.warn(SESSION_WARNINGS.restore, error);
      persist(null);
      return null;
    }
  }

  function persist(session: Session | null) {
    try {
      storage.save(session === null ? null : JSON.stringify(session));
    } catch (error) {
      logger.warn(SESSION_WARNINGS.persist, error);
    }
  }

  function set(next: Session | null) {
    const previous = state;
    state = next;
    persist(next);
    for (const listener of [...listeners]) {
      try {
        listener(next);
      } catch (error) {
        logger.error('session listener failed', error);
      }
    }
    if (!sameId(previous?.user.id, next?.user.id) && (previous || next))
      options.onUserChange?.(next?.user ?? null, previous?.user ?? null);
  }

  const flagsOf = (session: Session) => deriveSessionFlags(session, now());
  const bearer = (token: string, headers?: Record<string, string>) => ({
    Authorization: `Bearer ${token}`,
    ...headers,
  });

  /** A call answering a session (or a user with one): an answer of the wrong shape is logged as a warning. */
  async function call<T>(request: ApiClientRequest<T>): Promise<T> {
    try {
      return await client.request({ ...request, auth: false });
    } catch (error) {
      if (isParseFailure(error)) logger.warn(SESSION_WARNINGS.parse, error);
      throw error;
    }
  }

  /** Clears the local session when `error` means it is over on the server, if it is still the same session. */
  function endIfOver(error: unknown, session: Session) {
    if (isSessionExpiredError(error) && state?.id === session.id) set(null);
  }

  async function runRefresh(from: Session): Promise<Session> {
    let session = from;
    // Another tab may have rotated the tokens already (the cookies are shared): take its session instead of
    // refreshing once more. Had it only sent its refresh and not yet saved the answer, the browser's refresh
    // cookie is the new one by the time this refresh goes, unless both leave at the same instant.
    const stored = readStored();
    if (stored && stored.id === session.id && stored.token.accessToken !== session.token.accessToken) {
      set(stored);
      if (!flagsOf(stored).isStale) return stored;
      session = stored;
    }
    if (flagsOf(session).isExpired) {
      const error = new RefreshRejectedError(SESSION_MESSAGES.refreshRejected);
      logger.warn(SESSION_WARNINGS.refresh, error);
      if (state?.id === session.id) set(null);
      throw error;
    }
    try {
      // The refresh token is the API's HttpOnly cookie, which the client's credentialed request carries; an
      // admin viewing the product as a user names the impersonation's, so that their own stays for 'Back to admin'.
      const next = await call(
        requestOf(endpoints.sessions.refresh, { body: session.adminEmail ? { impersonation: true } : {} }),
      );
      // Signed out or replaced while the refresh was under way: do not bring the old session back.
      if (state?.id !== session.id) throw sessionErrors.refreshWithoutToken();
      set(next);
      return next;
    } catch (caught) {
      const error =
        caught instanceof Error && hasStatus(caught, 400)
          ? new RefreshRejectedError(caught.message, { cause: caught })
          : caught;
      logger.warn(SESSION_WARNINGS.refresh, error);
      endIfOver(error, session);
      throw error;
    }
  }

  function refresh(): Promise<Session> {
    if (refreshing) return refreshing;
    const session = state;
    if (!session) return Promise.reject(sessionErrors.refreshWithoutToken());
    const running = runRefresh(session).finally(() => {
      if (refreshing === running) refreshing = null;
    });
    refreshing = running;
    return running;
  }

  async function accessToken(): Promise<string | null> {
    const session = state;
    if (!session) return null;
    const flags = flagsOf(session);
    if (!flags.isStale) return session.token.accessToken;
    try {
      return (await refresh()).token.accessToken;
    } catch (error) {
      // A passing failure (network, 5xx) while the old token still has a few minutes: keep using it.
      const current = state;
      if (
        current &&
        !isSessionExpiredError(error) &&
        flags.accessTokenExpiresAt !== null &&
        flags.accessTokenExpiresAt > now()
      )
        return current.token.accessToken;
      throw error;
    }
  }

  async function login(email: string, password: string): Promise<Session> {
    try {
      const session = await call(requestOf(endpoints.sessions.login, { body: { email, password } }));
      set(session);
      return session;
    } catch (error) {
      logger.warn(SESSION_WARNINGS.login, error);
      throw error;
    }
  }

  async function verify(secret: string, headers?: Record<string, string>): Promise<Session> {
    const session = state;
    if (!session || !flagsOf(session).isChallenged) throw sessionErrors.notChallenged();
    const token = (await accessToken()) ?? session.token.accessToken;
    try {
      const verified = await call({
        ...requestOf(endpoints.sessions.verify, { body: { secret } }),
        headers: bearer(token, headers),
      });
      set(verified);
      return verified;
    } catch (error) {
      endIfOver(error, session);
      throw error;
    }
  }

  async function signup(fields: SignupRequest): Promise<SignupReceipt> {
    try {
      return await call(requestOf(endpoints.accounts.signup, { body: fields }));
    } catch (error) {
      logger.warn(SESSION_WARNINGS.signup, error);
      throw error;
    }
  }

  /** The answer of a confirmed e-mailed link: the user with a session, which is taken. */
  async function withSession(
    answered: Promise<UserWithSession>,
    missing: () => SessionError,
  ): Promise<Session> {
    const answer = await answered;
    if (!answer.session) throw missing();
    set(answer.session);
    return answer.session;
  }

  async function destroy(): Promise<void> {
    const session = state;
    if (!session) return;
    let token = session.token.accessToken;
    try {
      // A token the server still accepts, so that the session really ends there.
      token = (await accessToken()) ?? token;
    } catch {
      // Refresh failed: try with the old token anyway.
    }
    if (state?.id === session.id) set(null);
    try {
      await client.request({
        ...requestOf(endpoints.sessions.destroy),
        headers: bearer(token),
        auth: false,
      });
    } catch (error) {
      if (hasStatus(error, 401)) return; // already over on the server
      logger.warn(SESSION_WARNINGS.destroy, error);
      throw error;
    }
  }

  /** Puts the answered user into the session; it must be the session's own user. */
  function takeUser(session: Session, answer: CurrentUser): CurrentUser {
    const current = state;
    if (!current || current.id !== session.id || !sameId(current.user.id, answer.id))
      throw sessionErrors.unknownUser();
    set({ ...current, user: userSchema.parse(answer) });
    return answer;
  }

  async function userCall(
    body: UpdateCurrentUserRequest | undefined,
    headers?: Record<string, string>,
  ): Promise<CurrentUser> {
    const session = state;
    if (!session || flagsOf(session).isExpired) throw sessionErrors.patchWithoutSession();
    const token = (await accessToken()) ?? session.token.accessToken;
    try {
      const request =
        body === undefined ? requestOf(endpoints.users.me) : requestOf(endpoints.users.update, { body });
      const answer = await client.request({ ...request, headers: bearer(token, headers), auth: false });
      return takeUser(session, answer);
    } catch (error) {
      endIfOver(error, session);
      throw error;
    }
  }

  function adopt(input: unknown): Session {
    const parsed = sessionSchema.safeParse(input);
    if (!parsed.success) {
      const error = new InvalidValueError(
        parsed.error.issues.map((issue) => ({
          path: issue.path.map((segment) => (typeof segment === 'number' ? segment : String(segment))),
          message: issue.message,
        })),
      );
      logger.warn(SESSION_WARNINGS.parse, error);
      throw error;
    }
    set(parsed.data);
    return parsed.data;
  }

  const manager: SessionManager = {
    current: () => state,
    flags: () => (state ? flagsOf(state) : null),
    view: () => (state ? toSessionView(state, now()) : null),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    accessToken,
    login,
    verify,
    signup,
    activateEmail: (input) =>
      withSession(
        call(requestOf(endpoints.accounts.activateEmail, { body: input })),
        sessionErrors.noActivationSession,
      ),
    resetPassword: (input) =>
      withSession(
        call(requestOf(endpoints.accounts.resetPassword, { body: input })),
        sessionErrors.noResetSession,
      ),
    async requestPasswordReset(email) {
      await client.request({
        ...requestOf(endpoints.accounts.requestPasswordReset, { body: { email } }),
        auth: false,
      });
    },
    refresh,
    destroy,
    patchUser: (patch, headers) => userCall(patch, headers),
    reloadUser: (headers) => userCall(undefined, headers),
    async impersonate(userId) {
      const session = state;
      if (!session) throw sessionErrors.patchWithoutSession();
      const token = (await accessToken()) ?? session.token.accessToken;
      const impersonation = await call({
        ...requestOf(endpoints.admin.impersonate, { body: { userId: String(userId) } }),
        headers: bearer(token),
      });
      set(impersonation);
      return impersonation;
    },
    adopt,
    async resume() {
      if (state) throw sessionErrors.resumeWhileSignedIn();
      try {
        const resumed = await call(requestOf(endpoints.sessions.refresh, { body: {} }));
        set(resumed);
        return resumed;
      } catch (error) {
        logger.warn(SESSION_WARNINGS.refresh, error);
        throw error;
      }
    },
  };

  // Restore what the last page load left; an expired session is of no use any more.
  const restored = readStored();
  if (restored) {
    if (flagsOf(restored).isExpired) persist(null);
    else {
      state = restored;
      options.onUserChange?.(restored.user, null);
    }
  }

  return manager;
}
