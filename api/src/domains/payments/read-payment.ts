import type { Payment } from '@tunehouse/contracts';
import { withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { PROVIDER_TIMEOUT_MS, type PaymentServiceDeps } from './payment-deps.js';
import type { PaymentProviderStatus } from './provider.js';
import { findPayment, type PaymentRecord, toPayment } from './repository.js';
import { settlePayment } from './settlement.js';

export const paymentNotFound = () => new ApiError(404, 'NOT_FOUND', 'No such payment');

/** Settles a decided payment in its own transaction (once, however many confirmations race). */
function settle(
  { db, takedown }: Pick<PaymentServiceDeps, 'db' | 'takedown'>,
  paymentId: string,
  decision: Exclude<PaymentProviderStatus, { status: 'PENDING' }>,
) {
  return withTransaction(db, (tx) => settlePayment(tx, paymentId, decision, takedown));
}

/** Asks the provider about a PENDING payment and settles what it has decided; a silent provider leaves it. */
export async function refreshPayment(
  { db, provider, takedown, logger }: Pick<PaymentServiceDeps, 'db' | 'provider' | 'takedown' | 'logger'>,
  payment: PaymentRecord,
): Promise<PaymentRecord> {
  if (payment.status !== 'PENDING' || !payment.providerReference || payment.provider !== provider.name)
    return payment;
  let decision: PaymentProviderStatus;
  try {
    decision = await provider.status(payment.providerReference, AbortSignal.timeout(PROVIDER_TIMEOUT_MS));
  } catch (error) {
    // The provider not answering leaves the payment PENDING: its webhook, the next look or the job settles it.
    logger?.warn({ err: error, paymentId: payment.id }, 'payment provider status check failed');
    return payment;
  }
  if (decision.status === 'PENDING') return payment;
  return (await settle({ db, takedown }, payment.id, decision))!;
}

/** GET /v1/payments/{id}: while PENDING, asks the provider and settles what it has decided. */
export async function getPayment(
  deps: PaymentServiceDeps,
  { accountId, id }: { accountId: string; id: string },
): Promise<Payment> {
  const payment = await findPayment(deps.db, id, { accountId });
  if (!payment) throw paymentNotFound();
  return toPayment(await refreshPayment(deps, payment));
}
