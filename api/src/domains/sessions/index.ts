/**
 * Sessions: login, token refresh, the second step and logout; the session every authenticated request is read
 * from.
 *
 * Exports for app.ts: `sessionRoutes`, `createSessionService` and `loadSessionContext` (the auth guard's loader).
 * Exports for the other identity domains: ending sessions (`revokeSession`, `revokeUserSessions`,
 * `revokeOtherUserSessions`) and the failed-login record that locks an address out
 * (`MAX_LOGIN_FAILURES_PER_HOUR`, `recordLoginFailure`, `recentLoginFailures`, `clearLoginFailures`).
 */
export {
  clearLoginFailures,
  loadSessionContext,
  recentLoginFailures,
  recordLoginFailure,
  revokeOtherUserSessions,
  revokeSession,
  revokeUserSessions,
} from './repository.js';
export { sessionRoutes } from './routes.js';
export {
  createSessionService,
  type Impersonator,
  MAX_LOGIN_FAILURES_PER_HOUR,
  type SessionService,
} from './service.js';
