import { css } from '@emotion/react';
import { Button, colors } from '@tunehouse/ui';
import { panel } from './styles.js';

const style = css`
  text-align: center;
  padding: 2.5rem 1.5rem;
  h2 {
    margin: 0 0 0.5rem;
    font-size: 1.25rem;
  }
  p {
    margin: 0 auto 1rem;
    max-width: 34rem;
    color: ${colors.inkSoft};
    line-height: 1.55;
  }
`;

/**
 * Nothing to show for the period. Says why that is usual (platforms report streams days after they happen) or, when
 * filters are set, offers to clear them.
 */
export function TrendsEmpty({
  what,
  filtered,
  onClearFilters,
}: {
  /** What was counted: 'streams' or 'playlist streams'. */
  what: string;
  filtered: boolean;
  onClearFilters: () => void;
}) {
  return (
    <section css={[panel, style]} aria-labelledby="trends-empty-title">
      {filtered ? (
        <>
          <h2 id="trends-empty-title">No {what} match these filters</h2>
          <p>Nothing was reported for this release, artist, track or territory in this period.</p>
          <Button variant="secondary" onClick={onClearFilters}>
            Clear filters
          </Button>
        </>
      ) : (
        <>
          <h2 id="trends-empty-title">No {what} in this period yet</h2>
          <p>
            Platforms send their reports a few days after the streams happen, so the most recent days fill in
            later. Once your releases are live and people listen, their {what} show up here.
          </p>
          <p>Try a longer period to see earlier reports.</p>
        </>
      )}
    </section>
  );
}
