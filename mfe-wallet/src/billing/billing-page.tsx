import { useQuery } from '@tanstack/react-query';
import { QueryState, usePageMeta, useShell } from '@tunehouse/area-kit';
import { isBankAccount, isCard } from '@tunehouse/contracts';
import { Card, Page } from '@tunehouse/ui';
import { billingQuery, methodsQuery } from '../payouts/payout-queries.js';
import { BillingDetailsForm } from './billing-details-form.js';
import { CardMethods } from './card-methods.js';
import { PaymentMethods } from './payment-methods.js';

/**
 * /account/billing: the billing details invoices are made out with, the bank accounts payouts go to and the cards
 * that can pay in.
 */
export function BillingPage() {
  usePageMeta('Billing');
  const shell = useShell();
  const billing = useQuery(billingQuery(shell.api));
  const methods = useQuery(methodsQuery(shell.api));
  return (
    <Page title="Billing">
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
    </Page>
  );
}
