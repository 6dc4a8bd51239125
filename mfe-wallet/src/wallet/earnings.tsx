import { lazy } from 'react';
import { css } from '@emotion/react';
import type { WalletEarnings } from '@tunehouse/contracts';
import { DrawWhenInView, formatMonth, tableScroll, tableStyle, visuallyHidden } from '@tunehouse/ui';
import { formatMoney, formatCount } from '../shared/money.js';
import { Link } from '@tunehouse/area-kit';
import { Skeleton } from '../shared/skeleton.js';

// ApexCharts needs a real SVG DOM and is the largest dependency of the area: its own chunk, loaded on demand, when
// any of the picture is on the screen (DrawWhenInView). Named 'chart' so bench:web can tell it apart. Not prefetched:
// a phone's first load would carry its 142 KB with the page.
const EarningsChart = lazy(() => import(/* webpackChunkName: "chart" */ './earnings-chart.js'));

const CHART_HEIGHT = 260;

const frame = css`
  margin: 0 0 1rem;
  min-width: 0;
  min-height: ${CHART_HEIGHT}px;
`;

const numberStyle = css`
  text-align: right;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

/** A sentence a screen reader hears instead of the picture: the months shown, their total and the best one. */
export function earningsSummary({ months, currency }: WalletEarnings): string {
  const first = months[0];
  const last = months.at(-1);
  if (!first || !last) return 'No period has closed yet.';
  const total = months.reduce((sum, month) => sum + month.credited, 0);
  const range = `${formatMonth(first.period.month)} to ${formatMonth(last.period.month)}`;
  if (total === 0) return `Earnings per month from ${range}: nothing was credited.`;
  const best = months.reduce((top, month) => (month.credited > top.credited ? month : top));
  return (
    `Earnings per month from ${range}: ${formatMoney(total, currency)} in all, the most in ` +
    `${formatMonth(best.period.month)} (${formatMoney(best.credited, currency)}).`
  );
}

/**
 * The earnings' shape before they load (docs/decisions/0082-layout-shift-and-startup-work.md): the chart's
 * box and the line of the table's summary, so the parts under it stay where they are when the chart draws.
 */
export function EarningsPlaceholder() {
  return (
    <>
      <div css={frame}>
        <Skeleton height={`${CHART_HEIGHT}px`} />
      </div>
      <div>{'\u00a0'}</div>
    </>
  );
}

/**
 * What each of the last closed months credited the wallet: a bar chart hidden from assistive technology, with its
 * summary as the figure's caption, and the same figures (and streams) in a table under it.
 */
export function Earnings({ earnings }: { earnings: WalletEarnings }) {
  if (earnings.months.length === 0) return <p>No period has closed yet.</p>;
  const label = 'Earnings by month';
  return (
    <>
      <figure css={frame}>
        <figcaption css={visuallyHidden}>{earningsSummary(earnings)}</figcaption>
        <div aria-hidden="true">
          <DrawWhenInView placeholder={<Skeleton height={`${CHART_HEIGHT}px`} />}>
            <EarningsChart months={earnings.months} currency={earnings.currency} height={CHART_HEIGHT} />
          </DrawWhenInView>
        </div>
      </figure>
      <details>
        <summary>Figures by month</summary>
        <div css={tableScroll} tabIndex={0} role="region" aria-label={label}>
          <table css={tableStyle} aria-label={label}>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col" css={numberStyle}>
                  Streams
                </th>
                <th scope="col" css={numberStyle}>
                  Credited
                </th>
              </tr>
            </thead>
            <tbody>
              {[...earnings.months].reverse().map((month) => (
                <tr key={month.period.id}>
                  <th scope="row">
                    <Link to={`/wallet/periods/${month.period.id}`}>{formatMonth(month.period.month)}</Link>
                  </th>
                  <td css={numberStyle}>{formatCount(month.streams)}</td>
                  <td css={numberStyle}>{formatMoney(month.credited, earnings.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
