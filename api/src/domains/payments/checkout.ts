import { ApiError } from '../../platform/errors.js';
import { PROVIDER_TIMEOUT_MS, type PaymentServiceDeps, returnUrlOf } from './payment-deps.js';
import { findPayment, type PaymentRecord, saveCheckout } from './repository.js';

/** Opens the provider's checkout for a payment that has none yet (a first request, or one cut short before). */
export async function withCheckout(
  deps: Pick<PaymentServiceDeps, 'db' | 'provider' | 'siteUrl' | 'logger'>,
  payment: PaymentRecord,
): Promise<PaymentRecord> {
  const { db, provider, logger } = deps;
  if (payment.checkoutUrl || payment.status !== 'PENDING') return payment;
  let checkout: { reference: string; checkoutUrl: string };
  try {
    checkout = await provider.createCheckout(
      {
        paymentId: payment.id,
        amount: payment.amount,
        currency: payment.currency,
        description: 'Tunehouse: the distribution-fee settlement that takes a release down',
        returnUrl: returnUrlOf(deps, payment.id),
      },
      AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    );
  } catch (error) {
    // The payment stays without a checkout: the same request (same key) opens it later, once (decision 0048).
    logger?.warn({ err: error, paymentId: payment.id }, 'payment provider did not open a checkout');
    throw new ApiError(
      503,
      'SERVICE_UNAVAILABLE',
      'The payment provider could not open the checkout now; try again with the same Idempotency-Key',
    );
  }
  await saveCheckout(db, payment.id, checkout);
  return (await findPayment(db, payment.id))!;
}
