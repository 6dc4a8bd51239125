import { HttpError } from '@tunehouse/api-client';
import { NOT_CHALLENGED_MESSAGE, REFRESH_REJECTED_MESSAGE } from '@tunehouse/contracts';

/** The messages of the session errors. */
export const SESSION_MESSAGES = {
  refreshRejected: REFRESH_REJECTED_MESSAGE,
  noActivationSession: 'Did not receive session information after activating-email',
  noResetSession: 'Did not receive session information after resetting password',
  patchWithoutSession: 'Cannot patch user without a valid session',
  unknownUser: 'Cannot update unknown user',
  notChallenged: NOT_CHALLENGED_MESSAGE,
  refreshWithoutToken: 'Cannot refresh session without a valid token',
  // Our own: the browser's own session is taken back only once the one held (an impersonation) has ended.
  resumeWhileSignedIn: 'Cannot resume a session while another one is held',
} as const;

/** The texts session failures are logged with (as warnings). */
export const SESSION_WARNINGS = {
  parse: 'failed to parse session response',
  login: 'failed to login with given credentials',
  refresh: 'failed to refresh session',
  signup: 'user signup failed',
  destroy: 'failed to destroy session',
  persist: 'failed to persist session',
  restore: 'discarding unreadable stored session',
} as const;

/**
 * A session rule was broken on the client (no session, not challenged, no session in an answer, ...). Like the
 * api-client's errors it has a `status` and a `code`, so that an area shows it as it shows an API error.
 */
export class SessionError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(message: string, options: { status?: number; code?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.status = options.status ?? 400;
    this.code = options.code ?? 'SESSION_INVALID';
  }
}

/** The SessionError of each spec message, with the status and code the API uses for the same situation. */
export const sessionErrors = {
  noActivationSession: () =>
    new SessionError(SESSION_MESSAGES.noActivationSession, { status: 500, code: 'NO_SESSION_IN_ANSWER' }),
  noResetSession: () =>
    new SessionError(SESSION_MESSAGES.noResetSession, { status: 500, code: 'NO_SESSION_IN_ANSWER' }),
  patchWithoutSession: () =>
    new SessionError(SESSION_MESSAGES.patchWithoutSession, { status: 401, code: 'UNAUTHENTICATED' }),
  unknownUser: () => new SessionError(SESSION_MESSAGES.unknownUser, { status: 404, code: 'NOT_FOUND' }),
  notChallenged: () =>
    new SessionError(SESSION_MESSAGES.notChallenged, { status: 409, code: 'SESSION_NOT_CHALLENGED' }),
  refreshWithoutToken: () =>
    new SessionError(SESSION_MESSAGES.refreshWithoutToken, { status: 401, code: 'UNAUTHENTICATED' }),
  resumeWhileSignedIn: () =>
    new SessionError(SESSION_MESSAGES.resumeWhileSignedIn, { status: 409, code: 'SESSION_HELD' }),
};

/**
 * A refresh the server refused (HTTP 400), or one the client knows is pointless because the refresh
 * token has expired. Carries the server's message ('Failed to refresh session with invalid or expired token').
 */
export class RefreshRejectedError extends SessionError {
  constructor(message: string = REFRESH_REJECTED_MESSAGE, options: { cause?: unknown } = {}) {
    super(message, { status: 400, code: 'REFRESH_REJECTED', ...options });
  }
}

/** Server codes meaning the session is over and only a new login helps. */
const SESSION_OVER_CODES: ReadonlySet<string> = new Set([
  'REFRESH_REJECTED',
  'SESSION_ENDED',
  'CHALLENGE_FAILED',
]);

/** A session-expired error, after which the local session is destroyed. */
export function isSessionExpiredError(error: unknown): boolean {
  return (
    error instanceof RefreshRejectedError ||
    (error instanceof HttpError && SESSION_OVER_CODES.has(error.code))
  );
}

/** An HTTP error with the given status from any client that exposes `status` (the api-client's HttpError does). */
export function hasStatus(error: unknown, status: number): error is Error & { status: number } {
  return error instanceof Error && 'status' in error && (error as { status: unknown }).status === status;
}
