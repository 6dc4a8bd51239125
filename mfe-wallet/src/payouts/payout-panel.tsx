import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isBankAccount, type Payout, type PayoutEligibility } from '@tunehouse/contracts';
import { Link, QueryState, moneyReadOnlyReason, useShell, useViewingAs } from '@tunehouse/area-kit';
import { Button, Card, badgeStyle, formatDate, tableScroll, tableStyle } from '@tunehouse/ui';
import { formatMoney } from '../shared/money.js';
import { Skeleton } from '../shared/skeleton.js';
import { methodsQuery } from '../shared/billing-queries.js';
import { eligibilityQuery, payoutsQuery } from '../shared/payout-queries.js';
import { BLOCKER_TEXT, PAYOUT_STATUS_COLORS, PAYOUT_STATUS_NAMES } from './payout-status.js';
import { RequestPayoutDialog } from './request-payout-dialog.js';

function Blockers({ eligibility }: { eligibility: PayoutEligibility }) {
  return (
    <ul aria-label="Why you cannot request a payout yet">
      {eligibility.blockers.map((blocker) => {
        const { text, fix } = BLOCKER_TEXT[blocker];
        return (
          <li key={blocker}>
            {blocker === 'BELOW_MINIMUM'
              ? `${text} The minimum is ${formatMoney(eligibility.minimumAmount, eligibility.currency)}.`
              : text}
            {fix && (
              <>
                {' '}
                <Link to={fix.to}>{fix.label}</Link>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function PayoutTable({ payouts }: { payouts: readonly Payout[] }) {
  return (
    <div css={tableScroll}>
      <table css={tableStyle} aria-label="Payouts">
        <thead>
          <tr>
            <th scope="col">Requested</th>
            <th scope="col">Amount</th>
            <th scope="col">To</th>
            <th scope="col">Status</th>
            <th scope="col">Invoice</th>
          </tr>
        </thead>
        <tbody>
          {payouts.map((payout) => (
            <tr key={payout.id}>
              <td>{formatDate(payout.requestedAt)}</td>
              <td>{formatMoney(payout.amount, payout.currency)}</td>
              <td>{payout.paymentMethod.maskedIban}</td>
              <td>
                <span
                  css={badgeStyle(PAYOUT_STATUS_COLORS[payout.status])}
                  title={payout.failureReason ?? undefined}
                >
                  {PAYOUT_STATUS_NAMES[payout.status]}
                </span>
              </td>
              <td>
                <Link to={`/wallet/invoices/${payout.invoiceId}/view`}>Invoice</Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The space of the first payouts' rows while they load (a failure notice fits in it on a phone). */
function PayoutsPlaceholder() {
  return (
    <div css={{ display: 'grid', gap: '0.5rem', margin: '1rem 0' }}>
      <Skeleton height="2.25rem" />
      <Skeleton height="2.25rem" />
      <Skeleton height="2.25rem" />
    </div>
  );
}

/** The wallet's payouts: "Request payout" (or why not yet) and the latest payouts with their invoices. */
export function PayoutPanel() {
  const shell = useShell();
  const eligibility = useQuery(eligibilityQuery(shell.api));
  const methods = useQuery(methodsQuery(shell.api));
  const payouts = useQuery(payoutsQuery(shell.api, { offset: 0, size: 10 }));
  const [open, setOpen] = useState(false);
  // An administrator viewing as the user may see the payouts but not request one (the API refuses too).
  const viewingAs = useViewingAs();
  return (
    <Card title="Payouts" id="payouts">
      {/* Placeholders as large as the button and the first payouts: nothing below moves when they load. */}
      <QueryState
        query={eligibility}
        what="whether you can request a payout"
        placeholder={<Skeleton height="2.5rem" width="10rem" />}
      >
        {(data) =>
          data.blockers.length > 0 ? (
            <Blockers eligibility={data} />
          ) : (
            <>
              <Button
                onClick={() => setOpen(true)}
                disabled={!methods.data || viewingAs !== null}
                aria-describedby={viewingAs ? 'payout-read-only' : undefined}
              >
                Request payout
              </Button>
              {viewingAs && <p id="payout-read-only">{moneyReadOnlyReason(viewingAs)}</p>}
              {open && methods.data && !viewingAs && (
                <RequestPayoutDialog
                  open
                  onClose={() => setOpen(false)}
                  eligibility={data}
                  methods={methods.data.items.filter(isBankAccount)}
                />
              )}
            </>
          )
        }
      </QueryState>
      <QueryState query={payouts} what="the payouts" placeholder={<PayoutsPlaceholder />}>
        {(page) => (page.items.length === 0 ? <p>No payouts yet.</p> : <PayoutTable payouts={page.items} />)}
      </QueryState>
      <p>
        <Link to="/account/billing">Bank accounts and billing details</Link>
      </p>
    </Card>
  );
}
