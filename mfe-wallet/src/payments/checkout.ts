import { call, endpoints, type Payment } from '@tunehouse/contracts';
import { startTakedownPayment } from '@tunehouse/area-kit';
import type { ShellContext } from '@tunehouse/shell-contract';

/**
 * Tries a failed takedown payment again: a new card payment of the release's takedown settlement at the amount due
 * now (it may have changed since the last try).
 */
export async function retryTakedownPayment(api: ShellContext['api'], albumId: string): Promise<Payment> {
  const fee = await call(api, endpoints.licensing.albumFee, { params: { id: albumId } });
  return startTakedownPayment(api, albumId, fee?.settlementOffer?.amountDue ?? 0);
}
