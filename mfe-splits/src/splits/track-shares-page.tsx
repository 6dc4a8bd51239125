import { useQuery } from '@tanstack/react-query';
import type { Split } from '@tunehouse/contracts';
import { Link, useParams, useShell } from '@tunehouse/area-kit';
import { Card, colors, tableScroll, tableStyle } from '@tunehouse/ui';
import { formatShare } from '../shared/percent.js';
import { participantName } from '../shared/participants.js';
import { QueryPage } from '../shared/query-page.js';
import { splitQuery } from '../shared/split-queries.js';
import { figureStyle } from '../shared/styles.js';
import { monthOf } from '../shared/split-sections.js';
import { currentVersionOf, overriddenTracks, versionShares } from '../shared/version-shares.js';

/** Every track against every participant: each one's share of each track in the version in force. */
function SharesByTrack({ split }: { split: Split }) {
  const version = currentVersionOf(split);
  if (!version) return <p>This split has no version yet.</p>;
  const own = overriddenTracks(version);
  const label = `Shares by track, version ${version.number}`;
  return (
    <>
      <p css={{ color: colors.inkSoft }}>
        Version {version.number}, in force from {monthOf(version.effectiveFrom)}. Tracks marked “own shares”
        differ from the release-wide split.
      </p>
      <div css={tableScroll} tabIndex={0} role="region" aria-label={label}>
        <table css={tableStyle} aria-label={label}>
          <thead>
            <tr>
              <th scope="col">Track</th>
              {split.participants.map((participant) => (
                <th key={participant.id} scope="col" css={figureStyle}>
                  {participantName(participant)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {split.tracks.map((track) => {
              const shares = new Map(
                versionShares(split, version, track.id).map((line) => [line.participantId, line.basisPoints]),
              );
              return (
                <tr key={track.id}>
                  <th scope="row" css={{ color: colors.ink }}>
                    {track.position}. {track.title}
                    {own.has(track.id) && (
                      <span css={{ color: colors.inkSoft, fontWeight: 400 }}> · own shares</span>
                    )}
                  </th>
                  {split.participants.map((participant) => (
                    <td key={participant.id} css={figureStyle}>
                      {formatShare(shares.get(participant.id) ?? 0)}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * /splits/{id}/split: the split track by track. The split's page shows the release-wide shares and lists the
 * exceptions; this view answers "what do I get of this track" for every track at once, for the owner and the
 * participants alike (changing the split is the editor's job, under the release).
 */
export function TrackSharesPage() {
  const { id = '' } = useParams();
  const shell = useShell();
  const split = useQuery(splitQuery(shell.api, id));
  return (
    <QueryPage
      title="Split details"
      query={split}
      what="the split"
      backTo="/splits"
      lead={
        <p>
          <Link to={`/splits/${id}`}>Back to the split</Link>
        </p>
      }
    >
      {(data) => (
        <Card title="Shares by track" id="shares-by-track">
          <SharesByTrack split={data} />
        </Card>
      )}
    </QueryPage>
  );
}
