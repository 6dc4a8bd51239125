import { css } from '@emotion/react';
import { useQuery } from '@tanstack/react-query';
import { call, endpoints, type Invoice } from '@tunehouse/contracts';
import {
  DownloadButton,
  isMissing,
  Link,
  PageLoadError,
  QueryState,
  usePageMeta,
  useParams,
  useShell,
} from '@tunehouse/area-kit';
import { Card, Notice, Page, colors, countryName, formatDate, mq, tableStyle } from '@tunehouse/ui';
import { formatMoney } from '../shared/money.js';
import { invoiceQuery } from './invoice-queries.js';

const partiesStyle = css`
  display: grid;
  gap: 1rem;
  margin: 1rem 0 1.5rem;
  grid-template-columns: 1fr;
  ${mq('tablet')} {
    grid-template-columns: 1fr 1fr;
  }
  h3 {
    margin: 0 0 0.3rem;
    font-size: 0.85rem;
    color: ${colors.inkSoft};
    text-transform: uppercase;
  }
  p {
    margin: 0;
  }
`;

function InvoiceSheet({ invoice }: { invoice: Invoice }) {
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  const { supplier, customer } = invoice;
  return (
    <>
      <p>
        Self-billing invoice {invoice.number}, issued {formatDate(invoice.issuedAt)} by {customer.name} on
        your behalf.
      </p>
      {invoice.cancelledAt && (
        <Notice tone="warn">
          Cancelled on {formatDate(invoice.cancelledAt)}: the payout did not reach you and its money went back
          to your wallet.
        </Notice>
      )}
      <div css={partiesStyle}>
        <section aria-label="Supplier">
          <h3>Supplier</h3>
          <p>{supplier.legalName}</p>
          {supplier.tradingName && <p>trading as {supplier.tradingName}</p>}
          <p>Business address: {supplier.addressLine}</p>
          <p>{[supplier.postalCode, supplier.city].filter(Boolean).join(' ')}</p>
          <p>{countryName(supplier.country)}</p>
          {supplier.vatId && <p>VAT id {supplier.vatId} (as declared)</p>}
        </section>
        <section aria-label="Customer">
          <h3>Customer</h3>
          <p>{customer.name}</p>
          {customer.addressLines.map((line) => (
            <p key={line}>{line}</p>
          ))}
          {customer.vatId && <p>VAT id {customer.vatId}</p>}
        </section>
      </div>
      <table css={tableStyle} aria-label="Invoice lines">
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line) => (
            <tr key={line.description}>
              <td>{line.description}</td>
              <td>{money(line.amount)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">Total</th>
            <td>{money(invoice.total)}</td>
          </tr>
        </tbody>
      </table>
      <p>{invoice.vatNote}</p>
    </>
  );
}

/** /wallet/invoices/{id}/{extra}: a payout's self-billing invoice and its PDF. `extra` names nothing yet. */
export function InvoicePage() {
  usePageMeta('Invoice');
  const shell = useShell();
  const { id = '' } = useParams();
  const invoice = useQuery(invoiceQuery(shell.api, id));
  if (invoice.isError && isMissing(invoice.error))
    return <PageLoadError error={invoice.error} backTo="/wallet" />;
  return (
    <Page title={invoice.data ? `Invoice ${invoice.data.number}` : 'Invoice'}>
      <Card>
        <QueryState query={invoice} what="the invoice">
          {(data) => (
            <>
              <InvoiceSheet invoice={data} />
              <DownloadButton
                label="Download PDF"
                fileName={`invoice-${data.number}.pdf`}
                what="The invoice"
                fetchFile={() => call(shell.api, endpoints.invoices.pdf, { params: { id } })}
              />
            </>
          )}
        </QueryState>
        <p>
          <Link to="/wallet">Back to the wallet</Link>
        </p>
      </Card>
    </Page>
  );
}
