/**
 * Payouts: payouts from the wallet to one of the account's bank accounts through a payout provider — the built-in
 * simulator unless Wise is configured — and the jobs that follow them (docs/decisions/0046-payouts.md). The bank
 * accounts and billing details they need are the billing domain's
 * (docs/decisions/0074-one-name-per-money-concept.md).
 *
 * Exports for app.ts and main.ts: `createPayoutsFromConfig(config, { db, jobs, logger })` → the service (its
 * `work()` registers the check and recovery jobs, its `payees` registers bank accounts for billing) and
 * `payoutRoutes`. For tests: `createPayoutService` with any `PayoutProvider`, the simulator and the Wise adapter.
 * For the wallet: `payoutsInFlightOf(q, accountId)`. For the demo seed, the writes a settled payout is made of:
 * `insertPayout`, `findPayoutByKey`, `bookPayout`, `bookSettlement`. For the operator's metrics: `payoutCounts`.
 */
export { type PayoutProvider, PayoutRejectedError } from './provider.js';
export { bookPayout, bookSettlement } from './ledger-moves.js';
export { findPayoutByKey, insertPayout, payoutsInFlightOf } from './repository.js';
export { payoutRoutes } from './routes.js';
export { payoutCounts } from './status-counts.js';
export {
  createPayoutService,
  createPayoutsFromConfig,
  payoutProviderFromConfig,
  type PayoutService,
} from './service.js';
export { SimulatedPayoutProvider } from './simulated-payout-provider.js';
export { createWisePayoutProvider } from './wise-payout-provider.js';
