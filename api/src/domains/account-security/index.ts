/**
 * Account security: the signed-in user's e-mail address, password, TOTP second step and active sessions.
 *
 * Exports for app.ts: its routes and service, and `createSessionUseTracker` (notes when each session was last
 * used, for the sessions list). For the money domains (payouts asking for one, billing adding a bank account):
 * `reauthenticate`, the owner asked again before a money action
 * (docs/decisions/0060-money-action-reauth-and-payee-hold.md).
 */
export { accountSecurityRoutes } from './routes.js';
export { type AccountSecurityService, createAccountSecurityService } from './service.js';
export { createSessionUseTracker, type SessionUseTracker } from './session-use.js';
export {
  type OwnerProof,
  type ProofRule,
  reauthenticate,
  type ReauthenticationDeps,
} from './reauthentication.js';
