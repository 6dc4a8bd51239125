import { css, Global } from '@emotion/react';
import { CREDIT_ROLE_NAMES, PLATFORM_NAMES, type AlbumDetail, type Track } from '@tunehouse/contracts';
import { usePageMeta } from '@tunehouse/area-kit';
import { Button, Page, colors, formatDate, formatDuration, tableStyle } from '@tunehouse/ui';
import { formatDay } from '../shared/format.js';
import { GENRE_NAMES, RELEASE_TYPE_NAMES, languageName } from '../shared/labels.js';
import { LoadFailure, MissingRelease, isMissing } from '../shared/load-failure.js';
import { ReleaseTabs, primaryArtists, releaseTitle } from '../shared/release-header.js';
import { facts, tableScroll } from '../shared/styles.js';
import { DownloadLabelCopyPdf } from './labelcopy-download.js';
import { territoriesText } from './overview-page.js';
import { liveTracks } from './track-list.js';
import { useRelease } from './use-release.js';

/** On paper only the label copy is printed: the shell's header, footer and player are left out. */
const printOnlyTheDocument = css`
  @media print {
    body * {
      visibility: hidden;
    }
    [data-labelcopy],
    [data-labelcopy] * {
      visibility: visible;
    }
    [data-labelcopy] {
      position: absolute;
      inset: 0 auto auto 0;
      width: 100%;
      font-size: 10pt;
    }
  }
`;
const doc = css`
  border: 1px solid ${colors.border};
  border-radius: 8px;
  padding: 1.5rem;
  background: #fff;
  h2 {
    margin: 0 0 0.25rem;
    font-size: 1.4rem;
  }
  h3 {
    margin: 1.5rem 0 0.5rem;
    font-size: 1.05rem;
  }
  @media print {
    border: 0;
    padding: 0;
  }
`;
const toolbar = css`
  display: flex;
  justify-content: space-between;
  align-items: center;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin-bottom: 1rem;
  p {
    margin: 0;
    color: ${colors.inkSoft};
  }
`;
const small = css`
  font-size: 0.85rem;
  min-width: 46rem;
  td,
  th {
    vertical-align: top;
  }
`;

function genres(album: Pick<AlbumDetail, 'primaryGenre' | 'secondaryGenre'>): string {
  return [album.primaryGenre, album.secondaryGenre]
    .filter((genre) => genre !== null && genre !== undefined)
    .map((genre) => GENRE_NAMES[genre!])
    .join(', ');
}

function credits(track: Track): string {
  return track.contributors
    .map(
      (contributor) =>
        `${CREDIT_ROLE_NAMES[contributor.role]}: ${contributor.name}${contributor.publisher ? ` (${contributor.publisher})` : ''}`,
    )
    .join('; ');
}

/** /albums/{id}/labelcopy: the release's label copy, the sheet labels and stores file, ready to print. */
export function LabelCopyPage() {
  usePageMeta('Label copy');
  const { id, album } = useRelease();
  if (album.isError && isMissing(album.error)) return <MissingRelease error={album.error} />;
  return (
    <Page title="Label copy">
      <ReleaseTabs albumId={id} />
      {album.isError && (
        <LoadFailure what="The release" error={album.error} retry={() => void album.refetch()} />
      )}
      {album.isPending && <p role="status">Loading the release…</p>}
      {album.data && (
        <>
          <Global styles={printOnlyTheDocument} />
          <div css={toolbar}>
            <p>Everything a label, distributor or store asks about this release, on one sheet.</p>
            <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
              <DownloadLabelCopyPdf album={album.data} />
              <Button onClick={() => window.print()}>Print label copy</Button>
            </div>
          </div>
          <LabelCopy album={album.data} />
        </>
      )}
    </Page>
  );
}

export function LabelCopy({ album }: { album: AlbumDetail }) {
  const tracks = liveTracks(album);
  const total = tracks.reduce((sum, track) => sum + (track.audio?.original.duration ?? 0), 0);
  const rows: [string, string | null | undefined][] = [
    ['Artist', primaryArtists(album)],
    [
      'Featuring',
      (album.artists ?? [])
        .filter((artist) => artist.role === 'FEATURING')
        .map((artist) => artist.name)
        .join(', '),
    ],
    ['Type', album.format ? RELEASE_TYPE_NAMES[album.format] : null],
    ['Label', album.recordLabel],
    ['Catalogue number', album.catalogNumber],
    ['UPC/EAN', album.barcode],
    ['Release date', formatDay(album.releaseDate)],
    ['Original release date', formatDay(album.originalReleaseDate)],
    ['Genre', genres(album)],
    ['Language', album.language ? languageName(album.language) : null],
    ['Recorded at', album.recordingLocation],
    ['℗', album.pLine],
    ['©', album.cLine],
    ['Tracks', `${tracks.length}${total > 0 ? `, ${formatDuration(total)}` : ''}`],
    ['Territories', territoriesText(album.territories ?? [])],
    ['Platforms', (album.platforms ?? []).map((platform) => PLATFORM_NAMES[platform]).join(', ')],
  ];
  return (
    <article css={doc} data-labelcopy="" aria-label="Label copy">
      <h2>{releaseTitle(album)}</h2>
      <dl css={facts}>
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} css={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      <h3>Tracks</h3>
      <div css={tableScroll} tabIndex={0} role="region" aria-label="Tracks of the label copy">
        <table css={[tableStyle, small]}>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Title</th>
              <th scope="col">Artists</th>
              <th scope="col">ISRC</th>
              <th scope="col">Length</th>
              <th scope="col">Credits</th>
              <th scope="col">℗ / ©</th>
            </tr>
          </thead>
          <tbody>
            {tracks.map((track) => (
              <tr key={String(track.id)}>
                <td>{track.index}</td>
                <td>
                  {track.title || 'Untitled'}
                  {track.version ? ` (${track.version})` : ''}
                  {track.explicit ? ' [Explicit]' : ''}
                  {track.original
                    ? ` — ${track.cover ? 'cover' : 'remix'} of “${track.original.title}” by ${track.original.artist}`
                    : ''}
                </td>
                <td>
                  {track.artists
                    .map((artist) => `${artist.name}${artist.role === 'FEATURING' ? ' (feat.)' : ''}`)
                    .join(', ')}
                </td>
                <td>{track.isrc ?? '—'}</td>
                <td>{track.audio ? formatDuration(track.audio.original.duration) : '—'}</td>
                <td>{credits(track) || '—'}</td>
                <td>
                  {[track.pLine && `℗ ${track.pLine}`, track.cLine && `© ${track.cLine}`]
                    .filter(Boolean)
                    .join(' ') || '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p css={{ marginTop: '1.25rem', fontSize: '0.8rem', color: colors.muted }}>
        Label copy of {releaseTitle(album)}, {album.updatedAt ? `as of ${formatDate(album.updatedAt)}` : ''}
      </p>
    </article>
  );
}
