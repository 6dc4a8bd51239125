import { centsToDecimal } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { transfer, walletKey } from '../ledger/index.js';
import type { PaymentProviderStatus } from './provider.js';
import { findPayment, markFailed, markSucceeded, type PaymentRecord } from './repository.js';

/** The platform's ledger account card money arrives in (the provider's balance with the platform). */
export const PAYMENTS_RECEIVED = 'platform:payments-received';

/**
 * The takedown a payment pays for, inside the settling transaction: the releases domain's takedown, which checks
 * the amount due and pays it from the wallet (an ApiError when it cannot happen any more).
 */
export type TakedownInTransaction = (
  tx: Queryable,
  input: { accountId: string; albumId: string; expectedAmountDue: number },
) => Promise<void>;

/**
 * Settles a payment once the provider has decided it, in the caller's transaction, exactly once: the payment row
 * is locked first, so a webhook and a browser return arriving together queue here and the second finds it decided.
 * A failure books nothing. A success books the card money platform:payments-received → the wallet (kind PAYMENT),
 * then takes the release down through its own takedown (which pays the settlement from the wallet). When the
 * takedown can no longer happen (taken down already, the amount due changed), only the takedown is undone: the
 * money stays in the wallet and the payment says so. Answers the payment as settled (or as it was, if decided).
 */
export async function settlePayment(
  tx: Queryable,
  paymentId: string,
  decision: Exclude<PaymentProviderStatus, { status: 'PENDING' }>,
  takedown: TakedownInTransaction,
): Promise<PaymentRecord | null> {
  const payment = await findPayment(tx, paymentId, { forUpdate: true });
  if (!payment || payment.status !== 'PENDING') return payment;
  if (decision.status === 'FAILED') {
    await markFailed(tx, payment.id, decision.reason);
    return findPayment(tx, payment.id);
  }
  await transfer(tx, {
    idempotencyKey: `payment:${payment.id}`,
    debit: PAYMENTS_RECEIVED,
    credit: walletKey(payment.accountId),
    amount: payment.amount,
    kind: 'PAYMENT',
    refs: { albumId: payment.albumId },
    memo: `Card payment ${payment.id}`,
  });
  const amount = `${centsToDecimal(payment.amount)} ${payment.currency}`;
  await tx.query('SAVEPOINT payment_takedown');
  try {
    await takedown(tx, {
      accountId: payment.accountId,
      albumId: payment.albumId,
      expectedAmountDue: payment.amount,
    });
    await tx.query('RELEASE SAVEPOINT payment_takedown');
    await markSucceeded(
      tx,
      payment.id,
      'TAKEN_DOWN',
      `${amount} paid the settlement; the release was taken down`,
    );
  } catch (error) {
    await tx.query('ROLLBACK TO SAVEPOINT payment_takedown');
    if (!(error instanceof ApiError)) throw error;
    await markSucceeded(
      tx,
      payment.id,
      'KEPT_IN_WALLET',
      `${amount} was added to the wallet, but the release could not be taken down with it: ${error.message}`,
    );
  }
  return findPayment(tx, payment.id);
}
