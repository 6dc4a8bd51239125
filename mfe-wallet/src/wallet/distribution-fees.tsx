import { css } from '@emotion/react';
import type { DistributionFeeReportItem } from '@tunehouse/contracts';
import { ProgressBar, colors, formatDate } from '@tunehouse/ui';
import { formatCount, formatMicro } from '../shared/money.js';

const listStyle = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 1rem;
  li {
    display: grid;
    gap: 0.35rem;
  }
  p {
    margin: 0;
    color: ${colors.inkSoft};
    font-size: 0.9rem;
  }
`;

/** The fee: the plan's streams at its price per stream (micro-units), when the plan has a fee. */
function feeOf(fee: DistributionFeeReportItem, currency: string): string | null {
  const plan = fee.license.paymentPlan.distributionFee;
  return plan ? formatMicro(plan.numberOfStreams * plan.pricePerStream, currency) : null;
}

/** Distribution fees being paid with streams: the fee, the album and how far collection has come. */
export function DistributionFees({
  fees,
  currency,
}: {
  fees: readonly DistributionFeeReportItem[];
  currency: string;
}) {
  if (fees.length === 0) return <p>No distribution fee is being collected.</p>;
  return (
    <ul css={listStyle}>
      {fees.map((fee) => {
        const title = fee.album.title ?? 'Untitled release';
        const amount = feeOf(fee, currency);
        return (
          <li key={`${fee.album.id}-${fee.sequenceNumber}`}>
            <strong>{title}</strong>
            <p>
              Fee {fee.sequenceNumber}
              {amount ? ` of ${amount}` : ''}, issued {formatDate(fee.issuedAt)}
            </p>
            <ProgressBar
              label={`Streams collected for ${title}`}
              value={fee.numberOfStreamsCollected}
              max={fee.numberOfStreams}
            />
            <p>
              {formatCount(fee.numberOfStreamsCollected)} of {formatCount(fee.numberOfStreams)} streams
              collected, {formatCount(fee.numberOfStreamsRemaining)} remaining
            </p>
          </li>
        );
      })}
    </ul>
  );
}
