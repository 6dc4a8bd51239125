/**
 * Every kind of ledger transfer, spelt out in full so that a search for one finds the code that books it as well as
 * the code that reads it. `transfer()` refuses any other; a new kind is added here first.
 */
export const TRANSFER_KINDS = [
  // A period close: one per statement line kind (periods/close.ts).
  'CLOSE_FEE',
  'CLOSE_COMMISSION',
  'CLOSE_CREDIT',
  'CLOSE_HELD',
  'CLOSE_UNMATCHED',
  // A correction line's part, taken back from its beneficiary at a close: the only kind that may debit a wallet or
  // held account below zero (docs/decisions/0078-corrections-and-negative-balances.md).
  'CLOSE_CORRECTION',
  // A participant's part of someone else's release at a close, and the answers to a held invite.
  'SPLIT_INCOME',
  'SPLIT_RELEASE',
  'SPLIT_RETURN',
  // Money in: a card payment; and what it or the wallet paid for.
  'PAYMENT',
  'TAKEDOWN_SETTLEMENT',
  // Money out: a payout leaves the wallet, then settles or comes back.
  'PAYOUT',
  'PAYOUT_SETTLED',
  'PAYOUT_RETURNED',
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

/** The kinds whose debit may leave a non-platform account below zero; every other kind keeps the guard. */
export const MAY_GO_NEGATIVE: ReadonlySet<TransferKind> = new Set<TransferKind>(['CLOSE_CORRECTION']);
