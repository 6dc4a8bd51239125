import { call, endpoints, type Payment } from '@tunehouse/contracts';
import type { ShellContext } from '@tunehouse/shell-contract';

/**
 * Leaves the site for the payment provider's hosted checkout (its own page; it comes back to /payments/complete).
 * `location` is the browser's; a test passes its own.
 */
export function goToCheckout(url: string, location: Pick<Location, 'assign'> = window.location): void {
  location.assign(url);
}

/**
 * Starts a card payment of a release's takedown settlement of `amount` cents, under a fresh Idempotency-Key: a new
 * try is a new payment. The takedown dialog (releases) pays the amount it shows; a retry after a failed payment
 * (wallet) first reads the amount due now.
 */
export function startTakedownPayment(
  api: ShellContext['api'],
  albumId: string,
  amount: number,
): Promise<Payment> {
  return call(api, endpoints.payments.create, {
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: { purpose: 'TAKEDOWN', albumId, amount },
  });
}
