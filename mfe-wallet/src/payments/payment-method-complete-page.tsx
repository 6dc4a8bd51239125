import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { PaymentMethodSetup } from '@tunehouse/contracts';
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
import { cardLabel, startCardSetup } from '../shared/card-setup.js';
import { setupQuery } from './payment-queries.js';
import { PROVIDER_RETURN_ID } from './provider-return-id.js';
import { ProviderButton } from '../shared/provider-button.js';

function SetupResult({ setup }: { setup: PaymentMethodSetup }) {
  const shell = useShell();
  if (setup.status === 'SUCCEEDED' && setup.paymentMethod)
    return (
      <>
        <Notice tone="success">Card saved: {cardLabel(setup.paymentMethod)}.</Notice>
        <p>
          <Link to="/account/billing">See your payment methods</Link>
        </p>
      </>
    );
  if (setup.status === 'FAILED')
    return (
      <>
        <Notice tone="error">
          The card was not saved: {setup.failureReason ?? 'the payment provider did not confirm it'}.
        </Notice>
        <ProviderButton
          label="Try again"
          busyLabel="Opening the payment provider…"
          start={() => startCardSetup(shell.api)}
        />
        <p>
          <Link to="/account/billing">Back to billing</Link>
        </p>
      </>
    );
  return (
    <p role="status" aria-live="polite">
      Waiting for the payment provider to confirm your card… This page updates by itself.
    </p>
  );
}

function SetupStatus({ setup }: { setup: UseQueryResult<PaymentMethodSetup> }) {
  return (
    <QueryState query={setup} what="the card set-up">
      {(data) => <SetupResult setup={data} />}
    </QueryState>
  );
}

/**
 * /payment-methods/complete?setup_id=…: where the payment provider sends the browser back after a card set-up.
 * Reading the set-up makes the API ask the provider, so a set-up whose webhook is late is confirmed here too;
 * PENDING is asked again every 2 s. A link without a set-up id says so.
 */
export function PaymentMethodCompletePage() {
  usePageMeta('Payment method');
  const shell = useShell();
  const [params] = useSearchParams();
  const id = params.get('setup_id') ?? '';
  const named = PROVIDER_RETURN_ID.test(id);
  const setup = useQuery({ ...setupQuery(shell.api, id), enabled: named });
  // A set-up that is not there or not the user's: the error page, as for any other id in the address.
  if (setup.isError && isMissing(setup.error))
    return <PageLoadError error={setup.error} backTo="/account/billing" />;
  return (
    <Page title="Payment method">
      <Card>
        {named ? (
          <SetupStatus setup={setup} />
        ) : (
          <>
            <Notice tone="error">
              This link names no card set-up: it may be incomplete. Your cards and bank accounts are listed on
              the billing page.
            </Notice>
            <p>
              <Link to="/account/billing">Go to billing and payment methods</Link>
            </p>
          </>
        )}
      </Card>
    </Page>
  );
}
