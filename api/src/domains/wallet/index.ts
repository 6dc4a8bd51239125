/**
 * Wallet: the signed-in account's money as the ledger (../ledger/) holds it — available balance, held amounts,
 * the platform currency, the last closed period and lifetime earnings from period closes. app.ts and other domains
 * import this file only.
 *
 * Exports: `createWalletService({ db, platformCurrency })` → `summary(accountId)`; `walletRoutes({ wallet, auth })`:
 * GET /v1/wallet.
 */
export { walletRoutes } from './routes.js';
export { createWalletService, type WalletService } from './service.js';
