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
