/**
 * Billing: the account's payment methods — bank accounts payouts go to (registered with the payout provider, kept
 * masked), cards it pays with (saved through the payment provider) — its billing details, and the administrators'
 * review of bank account holders (docs/decisions/0062-verified-supplier-and-names.md). Carved out of payouts by
 * docs/decisions/0074-one-name-per-money-concept.md.
 *
 * Exports for app.ts: `createBillingFromConfig(config, { db, jobs, payees, cardSetups })` → the service,
 * `billingRoutes` and `createHolderReviews(db)`; the ports it is given, `PayeeRegistry` (the payout provider) and
 * `CardSetups` (the payments domain). For payouts: `findActiveMethod`, `listMethods`, `findBillingDetails`,
 * `maskIban` and their record types. For the payments domain's card set-ups: `insertCardMethod`, `findCardMethod`.
 * For the demo seed and tests: `saveBillingDetails`, `insertMethod`.
 */
export { createHolderReviews, type HolderReviews } from './holder-review.js';
export {
  type BankAccountRecord,
  type DeclaredBillingDetails,
  findActiveMethod,
  findBillingDetails,
  findCardMethod,
  insertCardMethod,
  insertMethod,
  listMethods,
  maskIban,
  type PaymentMethodRecord,
  saveBillingDetails,
} from './repository.js';
export { billingRoutes } from './routes.js';
export {
  type BankAccountDetails,
  type BillingService,
  type CardSetups,
  createBillingFromConfig,
  createBillingService,
  type PayeeRegistry,
} from './service.js';
