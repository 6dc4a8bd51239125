import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Payment } from '@tunehouse/contracts';
import {
  isMissing,
  Link,
  PageLoadError,
  QueryState,
  usePageMeta,
  useSearchParams,
  useShell,
} from '@tunehouse/area-kit';
import { Card, Notice, Page } from '@tunehouse/ui';
import { formatMoney } from '../shared/money.js';
import { retryTakedownPayment } from './checkout.js';
import { paymentQuery } from './payment-queries.js';
import { PROVIDER_RETURN_ID } from './provider-return-id.js';
import { ProviderButton } from '../shared/provider-button.js';

function Succeeded({ payment }: { payment: Payment }) {
  const amount = formatMoney(payment.amount, payment.currency);
  return payment.result === 'TAKEN_DOWN' ? (
    <>
      <Notice tone="success">
        Payment of {amount} received. It settled the distribution fee and your release was taken down.
      </Notice>
      <p>
        <Link to="/albums">Back to your releases</Link> · <Link to="/wallet">Open the wallet</Link>
      </p>
    </>
  ) : (
    <>
      <Notice tone="warn">
        Payment of {amount} received and added to your wallet, but the release was not taken down with it.{' '}
        {payment.resultNote}
      </Notice>
      <p>
        <Link to={`/albums/${payment.albumId}/distribution`}>Open the release</Link> ·{' '}
        <Link to="/wallet">Open the wallet</Link>
      </p>
    </>
  );
}

function Failed({ payment }: { payment: Payment }) {
  const shell = useShell();
  return (
    <>
      <Notice tone="error">
        The payment of {formatMoney(payment.amount, payment.currency)} did not go through:{' '}
        {payment.failureReason ?? 'the payment provider refused it'}. Nothing was charged and the release is
        still up.
      </Notice>
      <ProviderButton
        label="Try again"
        busyLabel="Opening the checkout…"
        start={async () => (await retryTakedownPayment(shell.api, payment.albumId)).checkoutUrl ?? null}
      />
      <p>
        <Link to={`/albums/${payment.albumId}/distribution`}>Back to the release</Link>
      </p>
    </>
  );
}

function PaymentResult({ payment }: { payment: UseQueryResult<Payment> }) {
  return (
    <QueryState query={payment} what="the payment">
      {(data) =>
        data.status === 'SUCCEEDED' ? (
          <Succeeded payment={data} />
        ) : data.status === 'FAILED' ? (
          <Failed payment={data} />
        ) : (
          <p role="status" aria-live="polite">
            Waiting for the payment provider to confirm the payment of{' '}
            {formatMoney(data.amount, data.currency)}… This page updates by itself.
          </p>
        )
      }
    </QueryState>
  );
}

/**
 * /payments/complete?payment_id=…: where the payment provider sends the browser back. Reading the payment makes the
 * API ask the provider, so a payment whose webhook is late is settled here too; PENDING is asked again every 2 s.
 */
export function PaymentCompletePage() {
  usePageMeta('Payment');
  const shell = useShell();
  const [params] = useSearchParams();
  const id = params.get('payment_id') ?? '';
  const named = PROVIDER_RETURN_ID.test(id);
  const payment = useQuery({ ...paymentQuery(shell.api, id), enabled: named });
  // A payment that is not there or not the user's: the error page, as for any other id in the address.
  if (payment.isError && isMissing(payment.error))
    return <PageLoadError error={payment.error} backTo="/wallet" />;
  return (
    <Page title="Payment">
      <Card>
        {named ? (
          <PaymentResult payment={payment} />
        ) : (
          <Notice tone="error">
            This link names no payment. Your payments show in the wallet’s mutations once they arrive.{' '}
            <Link to="/wallet">Open the wallet</Link>
          </Notice>
        )}
      </Card>
    </Page>
  );
}
