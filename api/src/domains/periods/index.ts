/**
 * Periods: one per calendar month (OPEN → CLOSING → CLOSED). Revenue lines are filed into an open period; closing
 * it allocates each track's matched revenue (distribution fee, plan commission, the owner's share through the
 * splits seam), rounds to cents once with largest remainder, and writes ledger transfers — all in one transaction.
 *
 * Exports:
 * - `periodForUsage(client, day)` → period id: the usage month's period when OPEN, else the earliest OPEN one after
 *   it (created as needed). Call inside the transaction inserting `revenue_lines` (it locks the period FOR SHARE).
 * - `monthOf(day)`, `nextMonth(month)`: YYYY-MM-01 helpers.
 * - `createPeriodsService({ db, jobs, config, licensing, splits })`: list/get/setRate/preview/close for the admin
 *   routes, `closeNow(periodId)` (close an OPEN period at once: demo seed, benchmarks), `work()` (the close job).
 * - `closePeriod(db, periodId, deps, { allowOpen? })`, `previewClose`, `startClose`, `planClose`: the close itself.
 * - Ports, owned here and implemented elsewhere (the composition root, api/src/composition.ts, hands over the real
 *   ones): `LicensingPort` (licence share and fee collection; `noLicensing(share)` for tests), `SplitsPort` with
 *   `allocateOwnerShare(q, OwnerShare) → [{ beneficiaryKey, amountMicro, splitId? }]` (`ownerTakesAll` divides
 *   nothing).
 * - `periodRoutes({ periods, auth })`: GET /v1/admin/periods[/:id], PUT …/rates/:currency, POST …/close-preview,
 *   POST …/close.
 * - Tests: `fileRevenueLines(client, lines)` files revenue lines as report ingest does (→ their period ids).
 */
export { monthOf, nextMonth, periodForUsage } from './usage-period.js';
export { closePeriod, planClose, previewClose, startClose, type CloseDeps } from './close.js';
export {
  noLicensing,
  ownerTakesAll,
  type LicensingPort,
  type OwnerShare,
  type ShareAllocation,
  type SplitsPort,
} from './ports.js';
export { fileRevenueLines, type RevenueLineFixture } from './revenue-fixtures.js';
export { periodRoutes } from './routes.js';
export { createPeriodsService, type PeriodsService } from './service.js';
