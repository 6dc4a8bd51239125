import { useQuery } from '@tanstack/react-query';
import { call, endpoints } from '@tunehouse/contracts';
import { goToCheckout, startTakedownPayment, useApiForm, useShell } from '@tunehouse/area-kit';
import { Button, Notice } from '@tunehouse/ui';
import { formatAmount } from '../shared/format.js';

/**
 * Inside the takedown dialog, when the wallet cannot pay the settlement: pays it by card instead, through the
 * payment provider's checkout, which comes back to /payments/complete once paid (the release is then taken down).
 * Nothing shows while the balance is unknown or enough.
 */
export function PayByCard({ albumId, amountDue }: { albumId: string; amountDue: number }) {
  const shell = useShell();
  const wallet = useQuery({
    queryKey: ['wallet', 'balance-for-takedown'],
    queryFn: ({ signal }) => call(shell.api, endpoints.wallet.get, {}, { signal }),
    retry: false,
  });
  const payment = useApiForm({
    send: (_: void, api) => startTakedownPayment(api, albumId, amountDue),
    onSuccess: (started) => started.checkoutUrl && goToCheckout(started.checkoutUrl),
  });
  // Once the checkout opens, the page is leaving: the button stays off.
  const busy = payment.busy || payment.succeeded;
  if (!wallet.data || wallet.data.available >= amountDue) return null;
  return (
    <>
      <p>
        Your balance is {formatAmount(wallet.data.available, wallet.data.currency)}, not enough to pay it. You
        can pay the {formatAmount(amountDue, wallet.data.currency)} by card instead: the release is taken down
        once the payment arrives.
      </p>
      {payment.formError && <Notice tone="error">{payment.formError}</Notice>}
      <Button variant="secondary" onClick={() => void payment.submit()} disabled={busy}>
        {busy ? 'Opening the checkout…' : 'Pay by card'}
      </Button>
    </>
  );
}
