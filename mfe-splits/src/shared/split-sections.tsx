import { css } from '@emotion/react';
import type { Split } from '@tunehouse/contracts';
import { ProgressBar, colors, formatMonth, progressPercent, tableScroll, tableStyle } from '@tunehouse/ui';
import { formatShare } from './percent.js';
import { participantName } from './participants.js';
import { figureStyle } from './styles.js';
import { currentVersionOf, overriddenTracks, versionShares, type ShareLine } from './version-shares.js';
import { useMoney } from '@tunehouse/area-kit';

const listStyle = css`
  margin: 0;
  padding-left: 1.25rem;
  line-height: 1.6;
`;

const softStyle = css`
  color: ${colors.inkSoft};
`;

/** `2026-11-01` → "November 2026". */
export const monthOf = (monthStart: string) => formatMonth(monthStart.slice(0, 7));

function useNames(split: Split) {
  const names = new Map(
    split.participants.map((participant) => [participant.id, participantName(participant)]),
  );
  return (id: string) => names.get(id) ?? 'A former participant';
}

/** "Mara Jansen 70.00 %, kim@example.com 30.00 %". */
export function ShareSentence({ split, lines }: { split: Split; lines: readonly ShareLine[] }) {
  const nameOf = useNames(split);
  return (
    <>{lines.map((line) => `${nameOf(line.participantId)} ${formatShare(line.basisPoints)}`).join(', ')}</>
  );
}

/** The tracks of the version in force that have shares of their own, each with its shares. */
export function TrackOverrides({ split }: { split: Split }) {
  const version = currentVersionOf(split);
  const own = version ? overriddenTracks(version) : new Set<string>();
  const tracks = split.tracks.filter((track) => own.has(track.id));
  if (!version || tracks.length === 0)
    return <p css={softStyle}>Every track follows the release-wide shares.</p>;
  return (
    <ul css={listStyle}>
      {tracks.map((track) => (
        <li key={track.id}>
          <strong>
            {track.position}. {track.title}
          </strong>
          : <ShareSentence split={split} lines={versionShares(split, version, track.id)} />
        </li>
      ))}
    </ul>
  );
}

/** Costs repaid before the shares apply, each with how much is back so far. */
export function Recoupments({ split }: { split: Split }) {
  const money = useMoney();
  const nameOf = useNames(split);
  if (split.recoupments.length === 0) return <p css={softStyle}>No costs to recoup first.</p>;
  return (
    <ul css={[listStyle, { listStyle: 'none', paddingLeft: 0, display: 'grid', gap: '1rem' }]}>
      {split.recoupments.map((recoupment) => (
        <li key={recoupment.id}>
          <strong>{recoupment.label}</strong>, paid by {nameOf(recoupment.paidByParticipantId)}:{' '}
          {money(recoupment.repaid)} of {money(recoupment.amount)} repaid (
          {progressPercent(recoupment.repaid, recoupment.amount)} %)
          <ProgressBar
            label={`${recoupment.label} repaid`}
            value={recoupment.repaid}
            max={recoupment.amount}
          />
        </li>
      ))}
    </ul>
  );
}

/** Every version of the split, newest first: its number, the month it takes effect and its shares. */
export function VersionHistory({ split }: { split: Split }) {
  const label = `Versions of the split of ${split.album.title}`;
  return (
    <div css={tableScroll} tabIndex={0} role="region" aria-label={label}>
      <table css={tableStyle} aria-label={label}>
        <thead>
          <tr>
            <th scope="col" css={figureStyle}>
              Version
            </th>
            <th scope="col">Effective from</th>
            <th scope="col">Shares</th>
          </tr>
        </thead>
        <tbody>
          {split.versions.map((version) => {
            const tracks = overriddenTracks(version).size;
            return (
              <tr key={version.number}>
                <td css={figureStyle}>
                  {version.number}
                  {version.number === split.currentVersion && <span css={softStyle}> (in force)</span>}
                </td>
                <td css={{ whiteSpace: 'nowrap' }}>{monthOf(version.effectiveFrom)}</td>
                <td>
                  <ShareSentence split={split} lines={versionShares(split, version, null)} />
                  {tracks > 0 && (
                    <span css={softStyle}>
                      {' '}
                      ·{' '}
                      {tracks === 1
                        ? '1 track with its own shares'
                        : `${tracks} tracks with their own shares`}
                    </span>
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
