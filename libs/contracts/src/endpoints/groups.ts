/**
 * Every group of endpoints under the name the API, the areas and the tests reach it by (`endpoints.albums.list`).
 * Kept as a module of named exports so that `endpoints` is a module namespace: a bundler then keeps only the groups
 * a page uses (an object literal of every group would carry all of them, and their schemas, into every bundle).
 */
export { accountEndpoints as accounts } from './accounts.js';
export { accountSecurityEndpoints as accountSecurity } from './account-security.js';
export { adminEndpoints as admin } from './admin.js';
export { botCheckEndpoints as botCheck } from './bot-check.js';
export { eventEndpoints as events } from './events.js';
export { healthEndpoints as health } from './health.js';
export { sessionEndpoints as sessions } from './sessions.js';
export { userEndpoints as users } from './users.js';
export { verificationEndpoints as verifications } from './verifications.js';
export { adminReportEndpoints as adminReports } from './admin-reports.js';
export { artistEndpoints as artists } from './artists.js';
export { albumEndpoints as albums } from './albums.js';
export { trackEndpoints as tracks } from './tracks.js';
export { mediaEndpoints as media } from './media.js';
export { contributorEndpoints as contributors } from './contributors.js';
export { adminReviewEndpoints as adminReviews } from './admin-reviews.js';
export { simulatorEndpoints as simulator } from './simulator.js';
export { periodEndpoints as periods } from './periods.js';
export { trendEndpoints as trends } from './trends.js';
export { reportingEndpoints as reporting } from './reporting.js';
export { splitEndpoints as splits } from './splits.js';
export { walletEndpoints as wallet } from './wallet.js';
export { payoutEndpoints as payouts } from './payouts.js';
export { paymentEndpoints as payments } from './payments.js';
