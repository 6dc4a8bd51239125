import { useQuery } from '@tanstack/react-query';
import { MoneyReadOnlyNotice, QueryState, usePageMeta, useShell, useViewingAs } from '@tunehouse/area-kit';
import { isBankAccount, isCard } from '@tunehouse/contracts';
import { css } from '@emotion/react';
import { Card, Page } from '@tunehouse/ui';
import { billingQuery, methodsQuery } from '../shared/billing-queries.js';
import { BillingDetailsForm } from './billing-details-form.js';
import { CardMethods } from './card-methods.js';
import { PaymentMethods } from './payment-methods.js';

/** A fieldset that only disables what it holds: no border, margin or padding of its own. */
const plainFieldset = css`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
`;

/**
 * /account/billing: the billing details invoices are made out with, the bank accounts payouts go to and the cards
 * that can pay in.
 */
export function BillingPage() {
  usePageMeta('Billing');
  const shell = useShell();
  const billing = useQuery(billingQuery(shell.api));
  const methods = useQuery(methodsQuery(shell.api));
  // An administrator viewing as the user reads all of it; every field and button that would change it is disabled.
  const readOnly = useViewingAs() !== null;
  return (
    <Page title="Billing">
      <MoneyReadOnlyNotice />
      <fieldset disabled={readOnly} css={plainFieldset}>
        <Card title="Billing details" id="billing-details">
          <QueryState query={billing} what="your billing details">
            {(data) => <BillingDetailsForm details={data.billingDetails} verifiedName={data.verifiedName} />}
          </QueryState>
        </Card>
        <Card title="Bank accounts for payouts" id="payout-methods">
          <QueryState query={methods} what="your bank accounts">
            {(data) => <PaymentMethods methods={data.items.filter(isBankAccount)} />}
          </QueryState>
        </Card>
        <Card title="Cards" id="cards">
          <QueryState query={methods} what="your cards">
            {(data) => <CardMethods cards={data.items.filter(isCard)} />}
          </QueryState>
        </Card>
      </fieldset>
    </Page>
  );
}
