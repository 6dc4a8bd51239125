import type { ApiClientRequest, Logger } from '@tunehouse/api-client';
import type {
  CurrentUser,
  EmailActivationRequest,
  PasswordResetRequest,
  Session,
  SignupReceipt,
  SignupRequest,
  UpdateCurrentUserRequest,
  User,
} from '@tunehouse/contracts';
import type { SessionView } from '@tunehouse/shell-contract';
import type { SessionFlags } from './flags.js';
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
