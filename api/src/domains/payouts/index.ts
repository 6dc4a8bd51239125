/**
 * Payouts: payout methods (bank accounts registered with the provider, kept masked), billing details, payouts
 * from the wallet through a payout provider — the built-in simulator unless Wise is configured — and the jobs
 * that follow them (docs/decisions/0046-payouts.md).
 *
 * Exports for app.ts and main.ts: `createPayoutsFromConfig(config, { db, jobs, logger })` → the service (its
 * `work()` registers the check and recovery jobs) and `payoutRoutes`. For tests: `createPayoutService` with any
 * `PayoutProvider`, the simulator and the Wise adapter. For the wallet: `payoutsInFlightOf(q, accountId)`. For
 * the demo seed, the writes a settled payout is made of: `saveBillingDetails`, `insertMethod`, `insertPayout`,
 * `findPayoutByKey`, `bookPayout`, `bookSettlement`. For the payments domain's card set-ups: `insertCardMethod`,
 * `findCardMethod` (a card is a payment method; `CardSetups` is how this domain asks for one to be set up). For
 * app.ts, the administrators' review of bank account holders: `createHolderReviews(db)` (decision 0062).
 */
export { type PayoutProvider, PayoutRejectedError } from './provider.js';
export { bookPayout, bookSettlement } from './ledger-moves.js';
export {
  findCardMethod,
  findPayoutByKey,
  insertCardMethod,
  insertMethod,
  insertPayout,
  payoutsInFlightOf,
  saveBillingDetails,
} from './repository.js';
export { createHolderReviews, type HolderReviews } from './holder-review.js';
export { payoutRoutes } from './routes.js';
export {
  createPayoutService,
  type CardSetups,
  createPayoutsFromConfig,
  payoutProviderFromConfig,
  type PayoutService,
} from './service.js';
export { SimulatedPayoutProvider } from './simulated-payout-provider.js';
export { createWisePayoutProvider } from './wise-payout-provider.js';
