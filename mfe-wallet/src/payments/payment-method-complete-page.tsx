import { Link } from 'react-router';
import { usePageMeta } from '@tunehouse/area-kit';
import { Card, Notice, Page } from '@tunehouse/ui';

/**
 * /payment-methods/complete: where a provider's card set-up would send the browser back. Payout bank accounts are
 * added on /account/billing directly and no card set-up flow exists, so whatever brought someone here cannot be
 * confirmed: the page says so and sends them to where their methods are listed.
 */
export function PaymentMethodCompletePage() {
  usePageMeta('Payment method');
  return (
    <Page title="Payment method">
      <Card>
        <Notice tone="info">
          We could not confirm a payment method set-up from this link: it may have expired, or the set-up was
          not finished. Your payment and payout methods are listed on the billing page.
        </Notice>
        <p>
          <Link to="/account/billing">Go to billing and payment methods</Link>
        </p>
      </Card>
    </Page>
  );
}
