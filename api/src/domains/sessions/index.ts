/**
 * Sessions: login, token refresh, the second step and logout; the session every authenticated request is read
 * from.
 *
 * Exports for app.ts: `sessionRoutes`, `createSessionService` and `loadSessionContext` (the auth guard's loader).
 * Exports for the other identity domains: handing a new session's refresh token over as its HttpOnly cookie
 * (`setRefreshCookie`, refresh-cookie.ts), ending sessions (`revokeSession`, `revokeUserSessions`,
 * `revokeOtherUserSessions`) and the sign-in abuse limits (sign-in-limits.ts: `admitCurrentPasswordCheck`,
 * `recordAttempt`, `forgetAllFailures`, `mayMailReset`, `emailSubject`, `userSubject`, `SIGN_IN_LIMITS`; for money
 * actions asking the code or password again: `lockSubject`, `admitMoneyAction`, `countWrongAnswer`).
 */
export {
  loadSessionContext,
  revokeOtherUserSessions,
  revokeSession,
  revokeUserSessions,
} from './repository.js';
export {
  IMPERSONATION_REFRESH_COOKIE,
  REFRESH_COOKIE,
  type RefreshGrant,
  setRefreshCookie,
} from './refresh-cookie.js';
export { sessionRoutes } from './routes.js';
export {
  createSessionService,
  type Impersonator,
  type OpenedSession,
  type SessionService,
  type SignInOrigin,
} from './service.js';
export {
  admitCurrentPasswordCheck,
  admitMoneyAction,
  countWrongAnswer,
  emailSubject,
  forgetAllFailures,
  lockSubject,
  mayMailReset,
  recordAttempt,
  SIGN_IN_LIMITS,
  userSubject,
} from './sign-in-limits.js';
