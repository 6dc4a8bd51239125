/**
 * Wallet: the signed-in account's money as the ledger (../ledger/) holds it — available balance, held amounts,
 * the platform currency, the last closed period and lifetime earnings from period closes. app.ts and other domains
 * import this file only.
 *
 * Exports: `createWalletService({ db, platformCurrency })` → `summary(accountId)`, `mutations(accountId, query)`
 * (paged ledger entries with the running balance), `mutationsCsv(accountId, filter)` (all of them as CSV),
 * `statement(accountId, periodId, { bucket })` (one closed period by platform, territory, track or release, each
 * row named; rows sum to the totals exactly), `earnings(accountId)` (the last 12 closed months); `walletRoutes({
 * wallet, auth })`: GET /v1/wallet, GET /v1/wallet/earnings, GET /v2/wallet/mutations(/export), GET
 * /v1/wallet/periods/:id(/export, CSV or PDF).
 */
export { walletRoutes } from './routes.js';
export { createWalletService, type WalletService } from './service.js';
