import { Suspense, lazy } from 'react';
import { css } from '@emotion/react';
import { visuallyHidden } from '@tunehouse/ui';
import { formatDay } from './dates.js';
import { formatCount } from './numbers.js';
import type { ChartLine } from './series-points.js';
import { Skeleton } from './skeleton.js';

// ApexCharts needs a real SVG DOM and is the largest dependency of the area: its own chunk, loaded on demand.
// Named 'chart' so bench:web can tell it apart (the /trends budget counts the page without it).
const LineChart = lazy(() => import(/* webpackChunkName: "chart" */ './line-chart.js'));

const CHART_HEIGHT = 320;

const frame = css`
  margin: 0;
  min-width: 0;
  min-height: ${CHART_HEIGHT}px;
`;

/** A sentence a screen reader hears instead of the picture: the period and each line's total. */
export function chartSummary(what: string, lines: readonly ChartLine[], start: string, end: string): string {
  const period = `from ${formatDay(start)} to ${formatDay(end)}`;
  if (lines.length === 0) return `Chart of ${what} ${period}: nothing was reported.`;
  const totals = lines.map((line) => `${line.name}: ${formatCount(line.total)}`).join('; ');
  return `Chart of ${what} ${period}, ${lines.length} ${lines.length === 1 ? 'line' : 'lines'}. ${totals}.`;
}

/**
 * The trend lines of a period. The picture itself is hidden from assistive technology; the figure's caption sums
 * it up and the table under the chart holds every figure.
 */
export function TrendChart({
  what,
  lines,
  start,
  end,
}: {
  /** What the lines count, for the summary: 'streams by platform'. */
  what: string;
  lines: ChartLine[];
  start: string;
  end: string;
}) {
  return (
    <figure css={frame}>
      <figcaption css={visuallyHidden}>{chartSummary(what, lines, start, end)}</figcaption>
      <div aria-hidden="true">
        <Suspense fallback={<Skeleton height={`${CHART_HEIGHT}px`} />}>
          <LineChart lines={lines} height={CHART_HEIGHT} />
        </Suspense>
      </div>
    </figure>
  );
}
