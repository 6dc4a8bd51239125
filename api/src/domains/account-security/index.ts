/**
 * Account security: the signed-in user's e-mail address, password, TOTP second step and active sessions.
 *
 * Exports for app.ts: its routes and service, and `createSessionUseTracker` (notes when each session was last
 * used, for the sessions list).
 */
export { accountSecurityRoutes } from './routes.js';
export { type AccountSecurityService, createAccountSecurityService } from './service.js';
export { createSessionUseTracker, type SessionUseTracker } from './session-use.js';
