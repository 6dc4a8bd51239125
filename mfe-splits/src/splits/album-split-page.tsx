import { useQuery } from '@tanstack/react-query';
import type { AlbumSplit } from '@tunehouse/contracts';
import { Link, MoneyReadOnlyNotice, useParams, useShell, useViewingAs } from '@tunehouse/area-kit';
import { Card, buttonStyles, colors } from '@tunehouse/ui';
import { QueryPage } from '../shared/query-page.js';
import { ReleaseRef } from '../shared/release-ref.js';
import { albumSplitQuery, releaseQuery } from '../shared/split-queries.js';
import { ParticipantsTable } from './participants-table.js';
import { TrackOverrides, monthOf } from '../shared/split-sections.js';

const actionsStyle = { display: 'flex', flexWrap: 'wrap', gap: '0.75rem', marginTop: '1rem' } as const;

/** A release without a split: only its owner can see this page, and keeps everything until they set one up. */
function NoSplitYet({ albumId, nextEffectiveFrom }: { albumId: string; nextEffectiveFrom: string }) {
  const shell = useShell();
  const release = useQuery(releaseQuery(shell.api, albumId));
  return (
    <Card>
      {release.data && (
        <ReleaseRef
          album={{
            title: release.data.title ?? 'Untitled release',
            artistName: null,
            coverUrl: (release.data.artwork?.thumbnail ?? release.data.artwork?.original)?.url ?? null,
          }}
        />
      )}
      <p>No split yet — you keep 100 % of this release’s royalties.</p>
      <p css={{ color: colors.inkSoft }}>
        Share them with the people you made it with; a split set up now can start in{' '}
        {monthOf(nextEffectiveFrom)}.
      </p>
      {useViewingAs() === null && (
        <Link to={`/albums/${albumId}/splits/edit`} css={buttonStyles.primary}>
          Set up a split
        </Link>
      )}
    </Card>
  );
}

function ReleaseSplit({ albumSplit }: { albumSplit: AlbumSplit }) {
  const { split } = albumSplit;
  const readOnly = useViewingAs() !== null;
  if (!split)
    return <NoSplitYet albumId={albumSplit.albumId} nextEffectiveFrom={albumSplit.nextEffectiveFrom} />;
  return (
    <>
      <Card title="Participants" id="participants">
        <ReleaseRef album={split.album} />
        <ParticipantsTable split={split} />
        <div css={actionsStyle}>
          {split.viewerRole === 'OWNER' && !readOnly && (
            <Link to={`/albums/${albumSplit.albumId}/splits/edit`} css={buttonStyles.primary}>
              Edit split
            </Link>
          )}
          <Link to={`/splits/${split.id}`} css={buttonStyles.secondary}>
            Earnings and history
          </Link>
        </div>
      </Card>
      <Card title="Tracks with their own shares" id="track-shares">
        <TrackOverrides split={split} />
      </Card>
    </>
  );
}

/** /albums/{id}/splits: the release's split, read-only, with the way to edit it for its owner. */
export function AlbumSplitPage() {
  const { id = '' } = useParams();
  const shell = useShell();
  const albumSplit = useQuery(albumSplitQuery(shell.api, id));
  return (
    <QueryPage title="Release splits" query={albumSplit} what="the release’s split" backTo="/albums">
      {(data) => (
        <>
          <MoneyReadOnlyNotice />
          <ReleaseSplit albumSplit={data} />
        </>
      )}
    </QueryPage>
  );
}
