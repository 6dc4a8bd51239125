import { useState } from 'react';
import { css } from '@emotion/react';
import { useQuery } from '@tanstack/react-query';
import type { DistributionFeeReportItem, StreamCollectionItem } from '@tunehouse/contracts';
import { Link, QueryState, useShell } from '@tunehouse/area-kit';
import { ProgressBar, colors, formatDate, formatMonth } from '@tunehouse/ui';
import { formatCount, formatMicro } from '../shared/money.js';
import { feeCollectionsQuery } from './reporting-queries.js';
import { stackedTable } from './stacked-table.js';

const listStyle = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  /* minmax(0, …): a fee's wide collections table scrolls in its own box instead of widening the page. */
  grid-template-columns: minmax(0, 1fr);
  gap: 1.25rem;
  > li {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 0.4rem;
    padding-top: 1rem;
    border-top: 1px solid ${colors.border};
  }
  > li:first-of-type {
    padding-top: 0;
    border-top: 0;
  }
  p {
    margin: 0;
  }
`;
const soft = css`
  color: ${colors.inkSoft};
  font-size: 0.9rem;
`;
const amount = css`
  text-align: right;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;
const toggle = css`
  justify-self: start;
  padding: 0.35rem 0.75rem;
  border: 1px solid ${colors.border};
  border-radius: 6px;
  background: ${colors.surface};
  color: ${colors.ink};
  font: inherit;
  font-size: 0.9rem;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
`;

const ORIGIN_NAMES: Record<StreamCollectionItem['origin'], string> = {
  ROYALTIES: 'Royalties',
  BALANCE: 'Wallet balance',
};

/** Where the fee stands: settled (when), no longer collecting (its year is over), or still collecting. */
function feeState(fee: DistributionFeeReportItem): string {
  if (fee.isSettled) return fee.settledAt ? `Settled on ${formatDate(fee.settledAt)}` : 'Settled';
  if (fee.collectionEndedAt) return `Year ended ${formatDate(fee.collectionEndedAt)}; the rest is not owed`;
  return `Collecting until ${formatDate(fee.expiresAt)}`;
}

/** "Which streams paid this fee, and when": the fee's stream-collection entries, oldest first. */
function Collections({ feeId, title, currency }: { feeId: string; title: string; currency: string }) {
  const shell = useShell();
  const entries = useQuery(feeCollectionsQuery(shell.api, feeId));
  return (
    <QueryState query={entries} what="the stream collections">
      {(items) =>
        items.length === 0 ? (
          <p css={soft}>No streams have been collected for this fee yet.</p>
        ) : (
          <table css={stackedTable} aria-label={`Stream collections of ${title}`}>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Paid from</th>
                <th scope="col" css={amount}>
                  Streams
                </th>
                <th scope="col" css={amount}>
                  Royalty collected
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((entry, index) => (
                <tr key={`${entry.collectedAt}-${index}`} data-origin={entry.origin}>
                  <td data-label="Date">{formatDate(entry.collectedAt)}</td>
                  <td data-label="Paid from">
                    {ORIGIN_NAMES[entry.origin]}
                    {entry.periodMonth ? `, ${formatMonth(entry.periodMonth)}` : ''}
                  </td>
                  <td css={amount} data-label="Streams">
                    {formatCount(entry.numStreams)}
                  </td>
                  <td css={amount} data-label="Royalty collected">
                    {formatMicro(entry.royaltyCollected, currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    </QueryState>
  );
}

function FeeItem({ fee, currency }: { fee: DistributionFeeReportItem; currency: string }) {
  const [open, setOpen] = useState(false);
  const title = fee.album.title ?? 'Untitled release';
  const feeId = fee.id === null || fee.id === undefined ? null : String(fee.id);
  const panelId = feeId ? `fee-collections-${feeId}` : undefined;
  const terms = fee.license.paymentPlan.distributionFee;
  return (
    <li data-fee={feeId ?? undefined} data-settled={fee.isSettled ? '' : undefined}>
      <strong>
        <Link to={`/albums/${fee.album.id}`}>{title}</Link>
      </strong>
      <p css={soft}>
        Fee {fee.sequenceNumber}
        {terms ? ` of ${formatMicro(fee.numberOfStreams * terms.pricePerStream, currency)}` : ''}, year{' '}
        {formatDate(fee.issuedAt)} to {formatDate(fee.expiresAt)}. {feeState(fee)}.
      </p>
      <ProgressBar
        label={`Streams collected for ${title}, fee ${fee.sequenceNumber}`}
        value={fee.numberOfStreamsCollected}
        max={fee.numberOfStreams}
      />
      <p>
        {formatCount(fee.numberOfStreamsCollected)} of {formatCount(fee.numberOfStreams)} streams collected,{' '}
        {formatCount(fee.numberOfStreamsRemaining)} remaining
      </p>
      {feeId && (
        <>
          <button
            type="button"
            css={toggle}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((was) => !was)}
          >
            {open ? 'Hide' : 'Show'} the streams that paid this fee
          </button>
          <div id={panelId} hidden={!open}>
            {open && <Collections feeId={feeId} title={title} currency={currency} />}
          </div>
        </>
      )}
    </li>
  );
}

/** Every distribution fee of the account, settled or not: streams collected and remaining, and what paid it. */
export function FeeReport({
  fees,
  currency,
}: {
  fees: readonly DistributionFeeReportItem[];
  currency: string;
}) {
  if (fees.length === 0)
    return <p>No distribution fee yet: a release's first fee is issued on its release date.</p>;
  return (
    <ul css={listStyle} aria-label="Distribution fees">
      {fees.map((fee) => (
        <FeeItem key={`${fee.album.id}-${fee.sequenceNumber}`} fee={fee} currency={currency} />
      ))}
    </ul>
  );
}
