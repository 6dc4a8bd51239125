import type { Queryable } from '../../platform/db.js';
import { PLATFORM_ACCOUNTS, transfer, walletKey } from '../ledger/index.js';

/**
 * The payout's three possible ledger movements, each under a key derived from the payout id, so doing one again
 * (a retried job, a provider answering twice) books nothing more.
 */

/** At request: the wallet → payouts in flight (INSUFFICIENT_FUNDS when the wallet cannot cover it). */
export function bookPayout(tx: Queryable, payout: { id: string; accountId: string; amount: number }) {
  return transfer(tx, {
    idempotencyKey: `payout:${payout.id}`,
    debit: walletKey(payout.accountId),
    credit: PLATFORM_ACCOUNTS.payoutsInFlight,
    amount: payout.amount,
    kind: 'PAYOUT',
    refs: { payoutId: payout.id },
  });
}

/** Once the provider says it arrived: payouts in flight → settlements. */
export function bookSettlement(tx: Queryable, payout: { id: string; amount: number }) {
  return transfer(tx, {
    idempotencyKey: `payout:${payout.id}:settled`,
    debit: PLATFORM_ACCOUNTS.payoutsInFlight,
    credit: PLATFORM_ACCOUNTS.settlements,
    amount: payout.amount,
    kind: 'PAYOUT_SETTLED',
    refs: { payoutId: payout.id },
  });
}

/**
 * A failed or returned payout: its money back to the wallet, from where it is now — still in flight, or with the
 * settlements when it had settled before the bank sent it back.
 */
export function bookReversal(
  tx: Queryable,
  payout: { id: string; accountId: string; amount: number },
  from: 'inFlight' | 'settled',
) {
  return transfer(tx, {
    idempotencyKey: `payout:${payout.id}:returned`,
    debit: from === 'settled' ? PLATFORM_ACCOUNTS.settlements : PLATFORM_ACCOUNTS.payoutsInFlight,
    credit: walletKey(payout.accountId),
    amount: payout.amount,
    kind: 'PAYOUT_RETURNED',
    refs: { payoutId: payout.id },
  });
}
