import { css } from '@emotion/react';
import { TERRITORIES, genresText, languageName, type AlbumDetail } from '@tunehouse/contracts';
import { Link, usePageMeta } from '@tunehouse/area-kit';
import { Card, Notice, Page, buttonStyles, countryName, formatDate, mq } from '@tunehouse/ui';
import { useReview } from '../shared/use-review.js';
import { canPublish, releaseState } from '../shared/release-state.js';
import { stepPath } from '../shared/steps.js';
import { formatDay } from '../shared/format.js';
import { LoadFailure, MissingRelease, isMissing } from '../shared/load-failure.js';
import { ReleaseHeader, ReleaseTabs } from '../shared/release-header.js';
import { actionRow, facts, muted } from '../shared/styles.js';
import { PlatformStatusTable } from './platform-status.js';
import { TrackList } from './track-list.js';
import { useRelease } from './use-release.js';

const columns = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 0 1.5rem;
  ${mq('desktop')} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    align-items: start;
  }
`;

export function territoriesText(territories: readonly string[]): string {
  if (territories.length === 0) return 'None chosen';
  if (territories.length === TERRITORIES.length) return 'Worldwide';
  if (territories.length <= 5) return territories.map(countryName).join(', ');
  return `${territories.length} territories`;
}

/** /albums/{id}: the release at a glance, where it is live, its tracks and its details. */
export function OverviewPage() {
  usePageMeta('Release');
  const { id, album, entries } = useRelease({ platforms: true });
  if (album.isError && isMissing(album.error)) return <MissingRelease error={album.error} />;
  return (
    <Page title="Release">
      {album.data && (
        <ReleaseHeader album={album.data}>
          <NextAction album={album.data} />
        </ReleaseHeader>
      )}
      <ReleaseTabs albumId={id} />
      {album.isError && (
        <LoadFailure what="The release" error={album.error} retry={() => void album.refetch()} />
      )}
      {album.isPending && <p role="status">Loading the release…</p>}
      {album.data?.reviewStatus === 'REJECTED' && !album.data.deletedAt && (
        <Notice tone="error">
          Our content review turned this release down
          {(album.data.reviewReasons ?? []).length > 0 ? ':' : '.'}
          {(album.data.reviewReasons ?? []).length > 0 && (
            <ul css={{ margin: '0.35rem 0 0', paddingLeft: '1.2rem' }}>
              {(album.data.reviewReasons ?? []).map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          )}
        </Notice>
      )}
      {album.data && (
        <div css={columns}>
          <div>
            <Card title="Tracks" id="tracks">
              <TrackList album={album.data} />
            </Card>
            <Card title="Platforms" id="platforms">
              {entries.isError && (
                <LoadFailure
                  what="The platforms"
                  error={entries.error}
                  retry={() => void entries.refetch()}
                />
              )}
              {entries.isPending && <p role="status">Loading the platforms…</p>}
              {entries.data && entries.data.length === 0 && <p css={muted}>No platforms chosen yet.</p>}
              {entries.data && entries.data.length > 0 && (
                <PlatformStatusTable entries={entries.data} links={album.data.links} />
              )}
            </Card>
          </div>
          <Card title="Details" id="details">
            <ReleaseFacts album={album.data} />
          </Card>
        </div>
      )}
    </Page>
  );
}

function NextAction({ album }: { album: AlbumDetail }) {
  const { problems } = useReview(album.id, canPublish(album));
  const state = releaseState(album);
  if (state === 'TAKEN_DOWN') return null;
  if (state === 'IN_REVIEW')
    return <p css={[muted, { margin: '0.6rem 0 0' }]}>Waiting for content review.</p>;
  const first = problems?.[0];
  return (
    <div css={[actionRow, { marginTop: '0.75rem' }]}>
      {canPublish(album) && problems && first && (
        <>
          <Link
            css={buttonStyles.primary}
            to={`${stepPath(album.id, first.step)}${first.anchor ? `#${first.anchor}` : ''}`}
          >
            Continue editing
          </Link>
          <Link css={buttonStyles.ghost} to={stepPath(album.id, 'review')}>
            {problems.length} {problems.length === 1 ? 'thing' : 'things'} to do
          </Link>
        </>
      )}
      {canPublish(album) && problems && !first && (
        <>
          <Link css={buttonStyles.primary} to={`${stepPath(album.id, 'review')}?deliver=1`}>
            {state === 'CHANGED' ? 'Send the changes' : state === 'REJECTED' ? 'Publish again' : 'Deliver'}
          </Link>
          <Link css={buttonStyles.ghost} to={stepPath(album.id, 'details')}>
            Edit release
          </Link>
        </>
      )}
      {(!canPublish(album) || !problems) && (
        <Link css={buttonStyles.secondary} to={stepPath(album.id, 'details')}>
          Edit release
        </Link>
      )}
    </div>
  );
}

/** The release's metadata as a list. */
export function ReleaseFacts({ album }: { album: AlbumDetail }) {
  const rows: [string, string | null | undefined][] = [
    ['UPC/EAN', album.barcode],
    ['Record label', album.recordLabel],
    ['Catalogue number', album.catalogNumber],
    ['Genre', genresText(album)],
    ['Language', album.language ? languageName(album.language) : null],
    ['℗ line', album.pLine],
    ['© line', album.cLine],
    ['Recorded at', album.recordingLocation],
    ['Release date', formatDay(album.releaseDate)],
    ['Originally released', formatDay(album.originalReleaseDate)],
    ['Territories', territoriesText(album.territories ?? [])],
    ['Delivered', album.publishedAt ? formatDate(album.publishedAt) : null],
    ['Created', album.createdAt ? formatDate(album.createdAt) : null],
  ];
  const shown = rows.filter(([, value]) => value);
  if (shown.length === 0) return <Notice>No details yet.</Notice>;
  return (
    <dl css={facts}>
      {shown.map(([label, value]) => (
        <div key={label} css={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
