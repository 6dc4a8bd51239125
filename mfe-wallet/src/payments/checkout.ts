import { call, endpoints, type Payment } from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';

/**
 * Starts a new card payment of the release's takedown settlement at the amount due now (it may have changed since
 * the last try), under a fresh Idempotency-Key: a new try is a new payment.
 */
export async function startTakedownPayment(api: ShellContext['api'], albumId: string): Promise<Payment> {
  const fee = await call(api, endpoints.licensing.albumFee, { params: { id: albumId } });
  const amount = fee?.settlementOffer?.amountDue ?? 0;
  return call(api, endpoints.payments.create, {
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: { purpose: 'TAKEDOWN', albumId, amount },
  });
}
