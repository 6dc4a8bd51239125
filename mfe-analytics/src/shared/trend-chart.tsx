import { lazy, memo, useState } from 'react';
import { css } from '@emotion/react';
import { colors, DrawWhenInView, mq, visuallyHidden } from '@tunehouse/ui';
import { lineColour } from './chart-palette.js';
import { formatDay } from './dates.js';
import { formatCount } from './numbers.js';
import type { ChartLine } from './series-points.js';
import { Skeleton } from './skeleton.js';

// ApexCharts needs a real SVG DOM and is the largest dependency of the area: its own chunk, loaded on demand, when
// any of the picture is on the screen (DrawWhenInView). Named 'chart' so bench:web can tell it apart (the /trends
// budget counts the page without it). Not prefetched: a phone's first load would carry its 136 KB with the page.
const LineChart = lazy(() => import(/* webpackChunkName: "chart" */ './line-chart.js'));

/** The figure's height, legend included; taller on a phone, where the legend wraps onto more lines. */
const CHART_HEIGHT = { phone: 400, wider: 320 };

// The figure keeps the height of the placeholder it replaces, legend included, so nothing below it moves when the
// lines arrive: the legend takes what it needs and the picture the rest.
const frame = css`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  margin: 0;
  min-width: 0;
  height: ${CHART_HEIGHT.phone}px;
  ${mq('tablet')} {
    height: ${CHART_HEIGHT.wider}px;
  }
`;
const picture = css`
  flex: 1;
  min-height: 0;
`;
const fill = css`
  height: 100%;
`;
const legendList = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 0.5rem;
  margin: 0;
  padding: 0;
  list-style: none;
  button {
    display: inline-flex;
    align-items: center;
    gap: 0.4rem;
    min-height: 24px;
    padding: 0.1rem 0.4rem;
    border: 0;
    border-radius: 4px;
    background: none;
    color: ${colors.ink};
    font: inherit;
    font-size: 0.8rem;
    cursor: pointer;
  }
  button[aria-pressed='false'] {
    color: ${colors.muted};
    text-decoration: line-through;
  }
  button:focus-visible {
    outline: 2px solid ${colors.primary};
    outline-offset: 1px;
  }
`;
const swatch = css`
  width: 0.75rem;
  height: 0.75rem;
  border-radius: 50%;
  flex: none;
`;

/** The chart's place while its lines load: the figure's own height, so nothing moves when they arrive. */
export function ChartPlaceholder() {
  return (
    <div css={frame}>
      <Skeleton height="100%" />
    </div>
  );
}

/** A sentence a screen reader hears instead of the picture: the period and each line's total. */
export function chartSummary(what: string, lines: readonly ChartLine[], start: string, end: string): string {
  const period = `from ${formatDay(start)} to ${formatDay(end)}`;
  if (lines.length === 0) return `Chart of ${what} ${period}: nothing was reported.`;
  const totals = lines.map((line) => `${line.name}: ${formatCount(line.total)}`).join('; ');
  return `Chart of ${what} ${period}, ${lines.length} ${lines.length === 1 ? 'line' : 'lines'}. ${totals}.`;
}

/**
 * The trend lines of a period. The picture itself is hidden from assistive technology; the figure's caption sums
 * it up and the table under the chart holds every figure. With more than one line, a legend of buttons shows and
 * hides each line (a hidden line keeps its colour for when it comes back).
 */
function TrendChartView({
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
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const places = lines.flatMap((line, place) => (hidden.has(line.name) ? [] : [place]));
  const toggle = (name: string) =>
    setHidden((before) => {
      const after = new Set(before);
      if (!after.delete(name)) after.add(name);
      return after;
    });
  return (
    <figure css={frame}>
      <figcaption css={visuallyHidden}>{chartSummary(what, lines, start, end)}</figcaption>
      {lines.length > 1 && (
        <ul css={legendList} aria-label="Lines shown">
          {lines.map((line, place) => (
            <li key={`${place} ${line.name}`}>
              <button type="button" aria-pressed={!hidden.has(line.name)} onClick={() => toggle(line.name)}>
                <span css={[swatch, { background: lineColour(place) }]} aria-hidden="true" />
                {line.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div css={picture} aria-hidden="true">
        <DrawWhenInView css={fill} placeholder={<Skeleton height="100%" />}>
          <LineChart lines={places.map((place) => lines[place]!)} places={places} />
        </DrawWhenInView>
      </div>
    </figure>
  );
}

/** Memoised: the trends pages re-render as each of their queries answers, and this part need not. */
export const TrendChart = memo(TrendChartView);
