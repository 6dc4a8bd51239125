import { css } from '@emotion/react';
import type { AlbumPlatformEntry, Link as StoreLink } from '@tunehouse/contracts';
import { badgeStyle, colors, tableStyle } from '@tunehouse/ui';
import { formatDay } from '../shared/format.js';
import { DELIVERY_ACTION_NAMES, PLATFORM_STATUS_COLORS, deliveryStatusName } from '../shared/labels.js';
import { linkStyle, tableScroll } from '../shared/styles.js';

/** The status badge of a delivery, e.g. LIVE, or the action under way and its status. */
export function DeliveryBadge({ entry }: { entry: AlbumPlatformEntry }) {
  const shown = entry.pending ?? entry.current;
  if (!shown) return <span css={{ color: colors.muted }}>Not delivered</span>;
  const label =
    entry.pending && entry.pending.action !== 'DELIVER'
      ? `${DELIVERY_ACTION_NAMES[entry.pending.action]} ${deliveryStatusName(entry.pending)}`
      : shown.action === 'TAKEDOWN' && shown.status === 'ACCEPTED'
        ? 'Taken down'
        : deliveryStatusName(shown);
  return (
    <>
      <span css={badgeStyle(PLATFORM_STATUS_COLORS[shown.status])}>{label.toUpperCase()}</span>
      {shown.liveOn && <small css={outOnStyle}>out on {formatDay(shown.liveOn)}</small>}
    </>
  );
}

const outOnStyle = css`
  display: block;
  margin-top: 0.25rem;
  color: ${colors.inkSoft};
  font-size: 0.85rem;
`;

const problemStyle = css`
  display: block;
  margin-top: 0.25rem;
  max-width: 28rem;
  color: ${colors.danger};
  font-size: 0.85rem;
  white-space: normal;
  overflow-wrap: anywhere;
`;

/** Why a platform refused the release, or why delivery is trying again (the last attempt's error). */
export function DeliveryProblem({ entry }: { entry: AlbumPlatformEntry }) {
  const pending = entry.pending;
  if (pending?.message) {
    const attempts = pending.attempts ?? 0;
    return (
      <small css={problemStyle} data-problem="retrying">
        {attempts === 1 ? 'The first attempt' : `Attempt ${attempts}`} failed ({pending.message}); trying
        again.
      </small>
    );
  }
  if (!pending && entry.current?.status === 'REJECTED' && entry.current.message)
    return (
      <small css={problemStyle} data-problem="refused">
        Refused: {entry.current.message}
      </small>
    );
  return null;
}

const storeCell = css`
  white-space: nowrap;
`;
/** The data table, with the platform names as row headers that read like cells. */
const platformTable = css`
  ${tableStyle};
  tbody th {
    background: none;
    color: ${colors.ink};
    border-top: 1px solid ${colors.border};
    font-weight: 600;
  }
`;

/** The platforms of a release with their delivery state and, once there is one, the link to the store's page. */
export function PlatformStatusTable({
  entries,
  links,
  detail = false,
}: {
  entries: AlbumPlatformEntry[];
  links: StoreLink[];
  detail?: boolean;
}) {
  const linkOf = (entry: AlbumPlatformEntry) => links.find((link) => link.platform === entry.id);
  return (
    <div css={tableScroll} tabIndex={0} role="region" aria-label="Delivery per platform">
      <table css={[platformTable, detail && { minWidth: '40rem' }]}>
        <thead>
          <tr>
            <th scope="col">Platform</th>
            <th scope="col">Status</th>
            {detail && <th scope="col">Last delivery</th>}
            {detail && <th scope="col">Under way</th>}
            <th scope="col">Store page</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const link = linkOf(entry);
            return (
              <tr key={entry.id} data-platform={entry.id}>
                <th scope="row">{entry.name}</th>
                <td>
                  <DeliveryBadge entry={entry} />
                  <DeliveryProblem entry={entry} />
                </td>
                {detail && (
                  <td>
                    {entry.current
                      ? `${DELIVERY_ACTION_NAMES[entry.current.action]}: ${deliveryStatusName(entry.current)}`
                      : '—'}
                  </td>
                )}
                {detail && (
                  <td>
                    {entry.pending
                      ? `${DELIVERY_ACTION_NAMES[entry.pending.action]}: ${deliveryStatusName(entry.pending)}`
                      : '—'}
                  </td>
                )}
                <td css={storeCell}>
                  {link ? (
                    <a css={linkStyle} href={link.url} target="_blank" rel="noreferrer noopener">
                      Open in {entry.name}
                    </a>
                  ) : (
                    <span css={{ color: colors.muted }}>Not yet</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
