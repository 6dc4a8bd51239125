import { memo } from 'react';
import { css } from '@emotion/react';
import type { TrendValue } from '@tunehouse/contracts';
import { colors } from '@tunehouse/ui';
import { ChangeIndicator } from '../shared/change-indicator.js';
import type { DateRange } from '../shared/date-range.js';
import { daysInRange } from '../shared/dates.js';
import { formatCount } from '../shared/numbers.js';
import { Skeleton } from '../shared/skeleton.js';
import { panel } from '../shared/styles.js';

const style = css`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 0.25rem 1rem;
  h2 {
    flex: 1 1 100%;
    font-size: 0.95rem;
    color: ${colors.inkSoft};
  }
  p {
    margin: 0;
  }
`;
const figure = css`
  font-size: 2.2rem;
  font-weight: 700;
  letter-spacing: -0.01em;
  font-variant-numeric: tabular-nums;
`;

/** The streams of the period and their change against the period of the same length before it. */
function TotalSummaryView({ total, range }: { total: TrendValue | undefined; range: DateRange }) {
  const days = daysInRange(range.start, range.end);
  return (
    <section css={[panel, style]} aria-labelledby="streams-total-title" aria-busy={!total}>
      <h2 id="streams-total-title">Streams in this period</h2>
      {total ? (
        <>
          <p css={figure} data-testid="streams-total">
            {formatCount(total.value)}
          </p>
          <p>
            <ChangeIndicator change={total.change} />{' '}
            <span css={{ color: colors.muted }}>
              {total.change === null || total.change === undefined
                ? 'no streams in the period before to compare with'
                : `against the ${days} ${days === 1 ? 'day' : 'days'} before`}
            </span>
          </p>
        </>
      ) : (
        <Skeleton width="10rem" height="2.6rem" />
      )}
    </section>
  );
}

/** Memoised: the trends pages re-render as each of their queries answers, and this part need not. */
export const TotalSummary = memo(TotalSummaryView);
