import { useState } from 'react';
import { css } from '@emotion/react';
import { useQuery } from '@tanstack/react-query';
import { ALBUM_STATUSES, albumStatusSchema, type Album, RELEASE_TYPE_NAMES } from '@tunehouse/contracts';
import { Link, usePageMeta, useSearchParams, useShell } from '@tunehouse/area-kit';
import {
  Button,
  FIRST_VIEWS,
  Page,
  Pager,
  SelectField,
  TextField,
  badgeStyle,
  buttonStyles,
  colors,
  formatDate,
  mq,
  tableStyle,
  visuallyHidden,
} from '@tunehouse/ui';
import { ArtworkImage } from '../shared/artwork.js';
import { ALBUM_STATUS_NAMES } from '../shared/labels.js';
import { RELEASE_STATE_COLORS, RELEASE_STATE_NAMES, releaseState } from '../shared/release-state.js';
import { LoadFailure } from '../shared/load-failure.js';
import { albumsQuery, artistChoicesQuery, type AlbumListParams } from '../shared/queries.js';
import { muted, panel } from '../shared/styles.js';
import { formatDay } from '../shared/format.js';

const PAGE_SIZE = 20;

/** The sort choices: order_by and order together, as one select. */
const SORTS = [
  { value: 'created_at.desc', label: 'Newest first' },
  { value: 'created_at.asc', label: 'Oldest first' },
  { value: 'updated_at.desc', label: 'Recently changed' },
  { value: 'title.asc', label: 'Title A–Z' },
  { value: 'title.desc', label: 'Title Z–A' },
  { value: 'release_date.desc', label: 'Release date, latest first' },
  { value: 'release_date.asc', label: 'Release date, earliest first' },
  { value: 'published_at.desc', label: 'Recently delivered' },
] as const;
type Sort = (typeof SORTS)[number]['value'];
const isSort = (value: string | null): value is Sort => SORTS.some((sort) => sort.value === value);

const STATUS_OPTIONS = ALBUM_STATUSES.map((status) => ({ value: status, label: ALBUM_STATUS_NAMES[status] }));

/** The catalogue's query from the URL, with the spec's default order (created_at, descending). */
function paramsFrom(search: URLSearchParams): AlbumListParams & { sort: Sort } {
  const sortParam = `${search.get('order_by')}.${search.get('order')}`;
  const sort: Sort = isSort(sortParam) ? sortParam : 'created_at.desc';
  const [orderBy, order] = sort.split('.') as [AlbumListParams['order_by'], AlbumListParams['order']];
  const offset = Number(search.get('offset'));
  const status = albumStatusSchema.safeParse(search.get('status'));
  return {
    sort,
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
    size: PAGE_SIZE,
    order_by: orderBy,
    order,
    q: search.get('q')?.trim() || undefined,
    artist: search.get('artist') || undefined,
    status: status.success ? status.data : undefined,
  };
}

const toolbar = css`
  display: grid;
  gap: 0 1rem;
  align-items: end;
  ${mq('tablet')} {
    grid-template-columns: repeat(2, minmax(12rem, 1fr));
  }
  ${mq('desktop')} {
    grid-template-columns: minmax(16rem, 2fr) repeat(3, minmax(9rem, 1fr));
  }
`;
const searchRow = css`
  display: flex;
  gap: 0.5rem;
  align-items: flex-end;
  & > div {
    flex: 1;
  }
  button {
    margin-bottom: 1rem;
  }
`;
const head = css`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  align-items: center;
  margin: 0 0 1.25rem;
`;
const narrowHidden = css`
  @media (max-width: 719px) {
    display: none;
  }
`;
const releaseCell = css`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  min-width: 0;
  a {
    color: ${colors.ink};
    font-weight: 600;
    text-decoration: none;
    overflow-wrap: anywhere;
  }
  a:hover,
  a:focus-visible {
    color: ${colors.primary};
    text-decoration: underline;
  }
  small {
    display: block;
    color: ${colors.muted};
    margin-top: 0.15rem;
  }
`;

function artistNames(album: Album): string {
  const names = (album.artists ?? [])
    .filter((artist) => artist.role === 'PRIMARY')
    .map((artist) => artist.name);
  return names.join(', ');
}

/** /albums: the user's releases with search, status filter, sorting and paging; the URL keeps all of them. */
export function AlbumsPage() {
  usePageMeta('Releases');
  const shell = useShell();
  const [search, setSearch] = useSearchParams();
  const params = paramsFrom(search);
  const { sort, ...query } = params;
  const albums = useQuery(albumsQuery(shell.api, query));
  const [term, setTerm] = useState(params.q ?? '');

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    // A new filter or order starts again at the first page.
    if (!('offset' in changes)) next.delete('offset');
    setSearch(next, { replace: true });
  };
  const filtered = params.q !== undefined || params.status !== undefined || params.artist !== undefined;

  return (
    <Page {...FIRST_VIEWS['/albums']}>
      <div css={head}>
        <Link to="/albums/new" css={buttonStyles.primary}>
          New release
        </Link>
      </div>
      <div css={toolbar} role="search" aria-label="Find releases">
        <form
          css={searchRow}
          onSubmit={(event) => {
            event.preventDefault();
            update({ q: term.trim() || undefined });
          }}
        >
          <TextField
            label="Search by title"
            type="search"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
        <ArtistFilter value={params.artist} onChange={(artist) => update({ artist })} />
        <SelectField
          label="Status"
          placeholder="All releases"
          options={STATUS_OPTIONS}
          value={params.status ?? ''}
          onChange={(event) => update({ status: event.target.value || undefined })}
        />
        <SelectField
          label="Sort by"
          options={SORTS}
          value={sort}
          onChange={(event) => {
            const [orderBy, order] = event.target.value.split('.');
            update({ order_by: orderBy, order });
          }}
        />
      </div>

      {albums.isError && !albums.data && (
        <LoadFailure what="Your releases" error={albums.error} retry={() => void albums.refetch()} />
      )}
      {albums.isPending && <p role="status">Loading your releases…</p>}
      {albums.data && albums.data.items.length === 0 && (
        <div css={[panel, empty]}>
          {filtered ? (
            <>
              <h2>No releases match</h2>
              <p>Nothing you released fits this search and these filters.</p>
              <Button
                variant="secondary"
                onClick={() => {
                  setTerm('');
                  setSearch(new URLSearchParams(), { replace: true });
                }}
              >
                Show all releases
              </Button>
            </>
          ) : (
            <>
              <h2>No releases yet</h2>
              <p>
                You have no releases yet. Start with a title; you can save every step and come back later.
              </p>
              <Link to="/albums/new" css={buttonStyles.primary}>
                Create your first release
              </Link>
            </>
          )}
        </div>
      )}
      {albums.data && albums.data.items.length > 0 && (
        <>
          {albums.data.totalItems !== undefined && (
            <p css={[muted, { margin: '0 0 0.5rem', fontSize: '0.9rem' }]} aria-live="polite">
              {albums.data.totalItems} {albums.data.totalItems === 1 ? 'release' : 'releases'}
            </p>
          )}
          <div css={panel}>
            <table css={tableStyle} aria-busy={albums.isFetching}>
              <caption css={visuallyHidden}>
                Your releases
                {albums.data.totalItems !== undefined ? `, ${albums.data.totalItems} in all` : ''}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Release</th>
                  <th scope="col">Status</th>
                  <th scope="col" css={narrowHidden}>
                    Type
                  </th>
                  <th scope="col" css={narrowHidden}>
                    Release date
                  </th>
                  <th scope="col" css={narrowHidden}>
                    Changed
                  </th>
                </tr>
              </thead>
              <tbody>
                {albums.data.items.map((album) => (
                  <AlbumRow key={String(album.id)} album={album} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            label="Release pages"
            currentOffset={albums.data.currentOffset}
            size={albums.data.size}
            totalItems={albums.data.totalItems}
            nextOffset={albums.data.nextOffset}
            previousOffset={albums.data.previousOffset}
            onOffset={(offset) => update({ offset: offset > 0 ? String(offset) : undefined })}
          />
        </>
      )}
    </Page>
  );
}

const empty = css`
  padding: 2.5rem 1.5rem;
  text-align: center;
  h2 {
    margin: 0 0 0.5rem;
    font-size: 1.25rem;
  }
  p {
    margin: 0 auto 1.25rem;
    max-width: 30rem;
    color: ${colors.inkSoft};
    line-height: 1.5;
  }
`;

function AlbumRow({ album }: { album: Album }) {
  const state = releaseState(album);
  const title = album.title?.trim() || 'Untitled release';
  return (
    <tr data-album={String(album.id)}>
      <td>
        <div css={releaseCell}>
          <ArtworkImage artwork={album.artwork} size="2.75rem" alt="" />
          <div>
            <Link to={`/albums/${album.id}`}>
              {title}
              {album.version ? ` (${album.version})` : ''}
            </Link>
            <small>{artistNames(album) || 'No artist yet'}</small>
          </div>
        </div>
      </td>
      <td>
        <span css={badgeStyle(RELEASE_STATE_COLORS[state])} data-state={state}>
          {RELEASE_STATE_NAMES[state].toUpperCase()}
        </span>
      </td>
      <td css={narrowHidden}>{album.format ? RELEASE_TYPE_NAMES[album.format] : '—'}</td>
      <td css={narrowHidden}>{album.releaseDate ? formatDay(album.releaseDate) : '—'}</td>
      <td css={narrowHidden}>{album.updatedAt ? formatDate(album.updatedAt) : '—'}</td>
    </tr>
  );
}

/** Filters the catalogue by one of the account's artists (the albums crediting them, on the album or a track). */
function ArtistFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (artist: string | undefined) => void;
}) {
  const shell = useShell();
  const artists = useQuery({ ...artistChoicesQuery(shell.api, '', 200), select: (page) => page.items });
  const options = (artists.data ?? []).map((artist) => ({ value: String(artist.id), label: artist.name }));
  if (value && !options.some((option) => option.value === value))
    options.unshift({ value, label: 'Chosen artist' });
  return (
    <SelectField
      label="Artist"
      placeholder="All artists"
      options={options}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || undefined)}
    />
  );
}
