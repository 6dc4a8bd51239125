/**
 * Every group of endpoints under the name the API, the areas and the tests reach it by (`endpoints.releases.albums.list`).
 * Each group is its file's module namespace and `endpoints` the namespace of this module, so a bundler keeps only the
 * endpoints a page uses (`endpoints.releases.albums.list`), not every group with every schema it names.
 */
export * as accounts from './accounts.js';
export * as accountSecurity from './account-security.js';
export * as apiKeys from './api-keys.js';
export * as admin from './admin.js';
export * as audit from './audit.js';
export * as botCheck from './bot-check.js';
export * as events from './events.js';
export * as health from './health.js';
export * as sessions from './sessions.js';
export * as users from './users.js';
export * as verifications from './verifications.js';
export * as reports from './reports.js';
export * as artists from './artists.js';
export * as releases from './releases.js';
export * as media from './media.js';
export * as contributors from './contributors.js';
export * as periods from './periods.js';
export * as trends from './trends.js';
export * as licensing from './licensing.js';
export * as splits from './splits.js';
export * as wallet from './wallet.js';
export * as billing from './billing.js';
export * as payouts from './payouts.js';
export * as invoices from './invoices.js';
export * as payments from './payments.js';
export * as operations from './operations.js';
export * as webhooks from './webhooks.js';
