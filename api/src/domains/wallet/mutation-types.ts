import { WALLET_MUTATION_TYPES, type WalletMutationType } from '@tunehouse/contracts';
import type { TransferKind } from '../ledger/index.js';

/**
 * The ledger transfer kinds behind each wallet mutation type. ADJUSTMENT has none of its own: it is every kind not
 * listed here, so a kind added later shows up (as an adjustment) rather than disappearing from the wallet.
 */
export const KINDS_OF_TYPE = {
  // SPLIT_RETURN: the owner's own royalties, held for an invitee who declined or was revoked.
  ROYALTIES: ['CLOSE_CREDIT', 'SPLIT_RETURN'],
  SPLIT_INCOME: ['SPLIT_INCOME', 'SPLIT_RELEASE'],
  // A fee is paid with streams at a close (CLOSE_FEE, not a wallet movement) or, at a takedown, through
  // TAKEDOWN_SETTLEMENT: nothing books a fee from the wallet on its own.
  FEE_SETTLEMENT: [],
  TAKEDOWN_SETTLEMENT: ['TAKEDOWN_SETTLEMENT'],
  PAYOUT: ['PAYOUT'],
  PAYOUT_RETURNED: ['PAYOUT_RETURNED'],
  CARD_PAYMENT: ['PAYMENT'],
  ADJUSTMENT: [],
} as const satisfies Record<WalletMutationType, readonly TransferKind[]>;

/** Every kind some type names; ADJUSTMENT filters on "none of these". */
export const NAMED_KINDS: readonly TransferKind[] = WALLET_MUTATION_TYPES.flatMap(
  (type) => KINDS_OF_TYPE[type],
);

const TYPE_OF_KIND = new Map<string, WalletMutationType>(
  WALLET_MUTATION_TYPES.flatMap((type) => KINDS_OF_TYPE[type].map((kind) => [kind, type] as const)),
);

export function mutationTypeOf(kind: string): WalletMutationType {
  return TYPE_OF_KIND.get(kind) ?? 'ADJUSTMENT';
}
