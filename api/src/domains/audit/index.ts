/**
 * The audit log of administrators' changes.
 *
 * Exports for app.ts: `recordAdminActions(app, db)` (the response hook recording every successful non-GET call of
 * an admin endpoint, and every non-GET call made while impersonating, whatever its answer) and `auditRoutes({ db, auth })` (`GET /v1/admin/audit`).
 */
export { recordAdminActions } from './recorder.js';
export { auditRoutes } from './routes.js';
