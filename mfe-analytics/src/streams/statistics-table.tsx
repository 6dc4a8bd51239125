import { memo } from 'react';
import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import type { TrackTrendBucket } from '@tunehouse/contracts';
import { colors, tableStyle } from '@tunehouse/ui';
import { ChangeIndicator } from '../shared/change-indicator.js';
import { formatCount } from '../shared/numbers.js';
import type { BucketStatistics } from '../shared/queries.js';
import { numeric, tableScroll, thumbnailStyle } from '../shared/styles.js';
import {
  BUCKET_NAMES,
  artistNames,
  platformName,
  releaseTitle,
  territoryName,
  trackTitle,
} from './bucket-names.js';

const table = css`
  ${tableStyle};
  min-width: 40rem;
  th,
  td {
    white-space: nowrap;
  }
  th:first-of-type {
    white-space: normal;
    min-width: 12rem;
  }
  tbody th {
    font-weight: 400;
    color: ${colors.ink};
    background: none;
    border-top: 1px solid ${colors.border};
  }
`;
const trackCell = css`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  min-width: 0;
  strong {
    display: block;
    overflow-wrap: anywhere;
  }
  small {
    display: block;
    color: ${colors.muted};
    margin-top: 0.15rem;
    overflow-wrap: anywhere;
  }
`;

function TrackBucket({ track }: { track: TrackTrendBucket }) {
  const image = track.album.artwork?.thumbnail ?? track.album.artwork?.medium;
  return (
    <div css={trackCell}>
      {image ? (
        <img css={thumbnailStyle('2.5rem')} src={image.url} alt="" width={40} height={40} loading="lazy" />
      ) : (
        <span css={thumbnailStyle('2.5rem')} aria-hidden="true">
          ♪
        </span>
      )}
      <div>
        <strong>{trackTitle(track)}</strong>
        <small>{artistNames(track) || 'No artist'}</small>
        <small>{releaseTitle(track)}</small>
      </div>
    </div>
  );
}

interface Row {
  key: string;
  bucket: ReactNode;
  value: number;
  change?: number | null | undefined;
  sub30Value: number;
  sub30Change?: number | null | undefined;
}

function rowsOf(statistics: BucketStatistics): Row[] {
  switch (statistics.bucket) {
    case 'TRACK':
      return statistics.items.map((row) => ({
        ...row,
        key: String(row.bucket.id),
        bucket: <TrackBucket track={row.bucket} />,
      }));
    case 'PLATFORM':
      return statistics.items.map((row) => ({
        ...row,
        key: row.bucket.id,
        bucket: platformName(row.bucket),
      }));
    case 'TERRITORY':
      return statistics.items.map((row, index) => ({
        ...row,
        key: row.bucket.id ?? `unknown-${index}`,
        bucket: territoryName(row.bucket),
      }));
  }
}

/**
 * A row per bucket (track with its artwork and artists, platform, or territory): the streams of the period with
 * their change, and the streams shorter than 30 seconds with theirs. Scrolls sideways inside its own box on phones.
 */
function StatisticsTableView({ statistics, busy }: { statistics: BucketStatistics; busy: boolean }) {
  const kind = BUCKET_NAMES[statistics.bucket];
  return (
    <div css={tableScroll} tabIndex={0} role="region" aria-label={`Streams by ${kind.toLowerCase()}, table`}>
      <table css={table} aria-busy={busy}>
        <caption css={{ textAlign: 'left', color: colors.muted, padding: '0 0 0.5rem', fontSize: '0.9rem' }}>
          Streams by {kind.toLowerCase()}, with the change against the period before
        </caption>
        <thead>
          <tr>
            <th scope="col">{kind}</th>
            <th scope="col" css={numeric}>
              Streams
            </th>
            <th scope="col" css={numeric}>
              Change
            </th>
            <th scope="col" css={numeric}>
              Under 30 s
            </th>
            <th scope="col" css={numeric}>
              Change under 30 s
            </th>
          </tr>
        </thead>
        <tbody>
          {rowsOf(statistics).map((row) => (
            <tr key={row.key} data-bucket={row.key}>
              <th scope="row">{row.bucket}</th>
              <td css={numeric}>{formatCount(row.value)}</td>
              <td css={numeric}>
                <ChangeIndicator change={row.change} />
              </td>
              <td css={numeric}>{formatCount(row.sub30Value)}</td>
              <td css={numeric}>
                <ChangeIndicator change={row.sub30Change} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Memoised: the trends pages re-render as each of their queries answers, and this part need not. */
export const StatisticsTable = memo(StatisticsTableView);
