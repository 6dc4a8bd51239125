/**
 * Identity verification of an account: the submission route and the provider's later decision.
 *
 * Exports for app.ts and main.ts: `verificationRoutes`, `createBuiltInVerificationService` (the simulated provider
 * and the document store under the data folder) and `VerificationJob` (the queued decision main.ts works). For
 * payouts and invoices: `findVerifiedIdentity(q, accountId)`, the approved verification’s name and address; for the
 * demo seed and tests, `insertApprovedVerification` (a verified name without the provider).
 */
export { findVerifiedIdentity, insertApprovedVerification, type VerifiedIdentity } from './repository.js';
export { verificationRoutes } from './routes.js';
export {
  createBuiltInVerificationService,
  type VerificationJob,
  type VerificationService,
} from './service.js';
