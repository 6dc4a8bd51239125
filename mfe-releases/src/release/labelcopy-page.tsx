import { css, Global } from '@emotion/react';
import { labelCopyOf, type AlbumDetail, type LabelCopyFormat } from '@tunehouse/contracts';
import { usePageMeta } from '@tunehouse/area-kit';
import { Button, Page, colors, formatDate, formatDuration, tableStyle } from '@tunehouse/ui';
import { formatDay } from '../shared/format.js';
import { LoadFailure, MissingRelease, isMissing } from '../shared/load-failure.js';
import { ReleaseTabs } from '../shared/release-header.js';
import { facts, tableScroll } from '../shared/styles.js';
import { DownloadLabelCopyPdf } from './labelcopy-download.js';
import { territoriesText } from './overview-page.js';
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

/** The page writes days as the product does everywhere (dd-MM-yyyy) and names up to five countries. */
const PAGE_FORMAT: LabelCopyFormat = {
  day: formatDay,
  duration: formatDuration,
  territories: territoriesText,
};

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

/** The label copy `labelCopyOf` describes (the API's PDF holds the same), laid out for the screen and for print. */
export function LabelCopy({ album }: { album: AlbumDetail }) {
  const copy = labelCopyOf(album, PAGE_FORMAT);
  return (
    <article css={doc} data-labelcopy="" aria-label="Label copy">
      <h2>{copy.title}</h2>
      <dl css={facts}>
        {copy.facts.map(({ label, value }) => (
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
            {copy.tracks.map((track) => (
              <tr key={track.id}>
                <td>{track.index}</td>
                <td>
                  {track.title}
                  {track.original ? ` — ${track.original}` : ''}
                </td>
                <td>{track.artists}</td>
                <td>{track.isrc ?? '—'}</td>
                <td>{track.length ?? '—'}</td>
                <td>{track.credits || '—'}</td>
                <td>{track.rights.join(' ') || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p css={{ marginTop: '1.25rem', fontSize: '0.8rem', color: colors.muted }}>
        Label copy of {copy.title}, {album.updatedAt ? `as of ${formatDate(album.updatedAt)}` : ''}
      </p>
    </article>
  );
}
