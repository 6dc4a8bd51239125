/**
 * Ledger: an append-only double-entry book in minor units (cents) of the platform currency (PLATFORM_CURRENCY).
 * Every movement is a transfer between two accounts with a unique id and an idempotency key; its two entries
 * (-amount, +amount) are never updated or deleted (database triggers refuse it). A balance is the sum of entries.
 *
 * Exports:
 * - `transfer(client, { idempotencyKey, debit, credit, amount, kind, refs?, memo? })` → Transfer. Run it inside
 *   your transaction (given the pool, it makes its own). Same key + same payload returns the first transfer; same
 *   key + different payload → 409 IDEMPOTENCY_CONFLICT; a wallet or held account debited below zero → 409
 *   INSUFFICIENT_FUNDS (`InsufficientFundsError`, with `balance` and `shortfall` in cents), checked under a row
 *   lock on that account; only a CLOSE_CORRECTION may debit one below zero (`MAY_GO_NEGATIVE`,
 *   docs/decisions/0078-corrections-and-negative-balances.md).
 * - `balanceOf(client, key)`, `walletBalance(client, accountId)` → cents; `creditedByKinds(client, key, kinds)` →
 *   cents ever credited to an account by transfers of those kinds (lifetime earnings: CLOSE_CREDIT).
 * - Account keys: `walletKey(accountId)`, `heldKey(id)`, `PLATFORM_ACCOUNTS` (platform:store-receivables,
 *   platform:fee-collection, platform:commission, platform:unmatched, platform:payouts-in-flight,
 *   platform:settlements), `accountKeySchema`.
 * - `TRANSFER_KINDS`: every transfer kind; `transfer()` refuses any other.
 * - `apportion(whole, weights)` (largest remainder, bigint), `microToCents(micro)`, `MICRO_PER_CENT`.
 * - The read face for statements joining ledger figures with other tables: `accountEntriesSql(key)` (entries with
 *   running balance), `accountCreditsSql(key)` (what an account received), `accountBalanceSql(key)`. Nothing
 *   outside this domain names the ledger's tables.
 */
export {
  PLATFORM_ACCOUNTS,
  accountKeySchema,
  heldKey,
  parseAccountKey,
  walletKey,
  type LedgerAccountKind,
} from './account-keys.js';
export { creditedByKinds, walletBalance } from './balances.js';
export { accountBalanceSql, accountCreditsSql, accountEntriesSql } from './read-face.js';
export { TRANSFER_KINDS, type TransferKind } from './transfer-kinds.js';
export { MICRO_PER_CENT, apportion, microToCents } from './largest-remainder.js';
export {
  InsufficientFundsError,
  balanceOf,
  transfer,
  type Transfer,
  type TransferInput,
  type TransferRefs,
} from './transfer.js';
