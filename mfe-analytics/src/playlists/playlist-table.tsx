import { css } from '@emotion/react';
import type { PlaylistStreamStatistic } from '@tunehouse/contracts';
import { colors, tableStyle } from '@tunehouse/ui';
import { ChangeIndicator } from '../shared/change-indicator.js';
import { formatCount } from '../shared/numbers.js';
import { storeName } from '../shared/store-names.js';
import { linkStyle, numeric, tableScroll, thumbnailStyle } from '../shared/styles.js';

const table = css`
  ${tableStyle};
  min-width: 44rem;
  th,
  td {
    white-space: nowrap;
  }
  tbody th {
    font-weight: 400;
    color: ${colors.ink};
    background: none;
    border-top: 1px solid ${colors.border};
    white-space: normal;
    min-width: 12rem;
  }
`;
const playlistCell = css`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  strong {
    overflow-wrap: anywhere;
  }
`;

/** A row per playlist the account's music was streamed from: who made it, where, its reach and the streams. */
export function PlaylistTable({ rows, busy }: { rows: PlaylistStreamStatistic[]; busy: boolean }) {
  return (
    <div css={tableScroll} tabIndex={0} role="region" aria-label="Streams by playlist, table">
      <table css={table} aria-busy={busy}>
        <caption css={{ textAlign: 'left', color: colors.muted, padding: '0 0 0.5rem', fontSize: '0.9rem' }}>
          Streams by playlist, with the change against the period before
        </caption>
        <thead>
          <tr>
            <th scope="col">Playlist</th>
            <th scope="col">Author</th>
            <th scope="col">Platform</th>
            <th scope="col" css={numeric}>
              Followers
            </th>
            <th scope="col" css={numeric}>
              Streams
            </th>
            <th scope="col" css={numeric}>
              Change
            </th>
            <th scope="col">Link</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ bucket, value, change }) => (
            <tr key={`${bucket.platform}-${bucket.id}`} data-playlist={String(bucket.id)}>
              <th scope="row">
                <div css={playlistCell}>
                  {bucket.imageUrl ? (
                    <img
                      css={thumbnailStyle('2.5rem')}
                      src={bucket.imageUrl}
                      alt=""
                      width={40}
                      height={40}
                      loading="lazy"
                    />
                  ) : (
                    <span css={thumbnailStyle('2.5rem')} aria-hidden="true">
                      ♫
                    </span>
                  )}
                  <strong>{bucket.title}</strong>
                </div>
              </th>
              <td>{bucket.author}</td>
              <td>{storeName(bucket.platform)}</td>
              <td css={numeric}>
                {bucket.followers === null || bucket.followers === undefined
                  ? '—'
                  : formatCount(bucket.followers)}
              </td>
              <td css={numeric}>{formatCount(value)}</td>
              <td css={numeric}>
                <ChangeIndicator change={change} />
              </td>
              <td>
                {bucket.url ? (
                  <a
                    css={linkStyle}
                    href={bucket.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Open ${bucket.title} on ${storeName(bucket.platform)} (opens in a new tab)`}
                  >
                    Open
                  </a>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
