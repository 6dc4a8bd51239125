import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ArtistDetail, ArtistSortField } from '@tunehouse/contracts';
import { useShell, usePageMeta } from '@tunehouse/area-kit';
import { Button, FIRST_VIEWS, Page, Pager, SelectField, TextField, visuallyHidden } from '@tunehouse/ui';
import {
  AreaTabs,
  EmptyState,
  ListStates,
  responsiveTableStyle,
  tableCardStyle,
  toolbarStyle,
} from '../shared/list-layout.js';
import { useListParams, useStepBackFromEmptyPage } from '../shared/use-list-params.js';
import { ArtistDialog } from './artist-dialog.js';
import { artistsQuery } from './artist-queries.js';
import { ArtistRow } from './artist-row.js';
import { DeleteArtistDialog } from './delete-artist-dialog.js';

const PAGE_SIZE = 20;

/** The sort choices; the first is the spec's default (name ascending). */
const SORTS: readonly { value: string; label: string; orderBy: ArtistSortField; order: 'asc' | 'desc' }[] = [
  { value: 'name', label: 'Name, A to Z', orderBy: 'name', order: 'asc' },
  { value: 'name-desc', label: 'Name, Z to A', orderBy: 'name', order: 'desc' },
  { value: 'newest', label: 'Newest first', orderBy: 'created_at', order: 'desc' },
  { value: 'oldest', label: 'Oldest first', orderBy: 'created_at', order: 'asc' },
  { value: 'updated', label: 'Recently updated', orderBy: 'updated_at', order: 'desc' },
];

/** /artists: the account's artists, searched, sorted and paged; created, edited and deleted in dialogs. */
export function ArtistsPage() {
  usePageMeta('Artists');
  const shell = useShell();
  const list = useListParams();
  const sort = SORTS.find((choice) => choice.value === list.param('sort')) ?? SORTS[0]!;
  const [editing, setEditing] = useState<ArtistDetail | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ArtistDetail | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);

  const artists = useQuery(
    artistsQuery(shell.api, {
      q: list.q || undefined,
      orderBy: sort.orderBy,
      order: sort.order,
      offset: list.offset,
      size: PAGE_SIZE,
    }),
  );
  useStepBackFromEmptyPage(artists, list.setOffset);

  const openNew = () => setEditing('new');
  return (
    <Page {...FIRST_VIEWS['/artists']}>
      <AreaTabs />
      <div css={toolbarStyle}>
        <TextField
          label="Search artists"
          type="search"
          placeholder="Artist name"
          value={list.search}
          onChange={(event) => list.setSearch(event.target.value)}
        />
        <SelectField
          label="Sort by"
          options={SORTS}
          value={sort.value}
          onChange={(event) =>
            list.setFilters({ sort: event.target.value === 'name' ? null : event.target.value })
          }
        />
        <Button ref={newButton} onClick={openNew}>
          New artist
        </Button>
      </div>

      <ListStates
        query={artists}
        what={['artists', 'artist']}
        q={list.q}
        onClear={list.clearSearch}
        empty={
          <EmptyState
            title="No artists yet"
            action={<Button onClick={openNew}>Add your first artist</Button>}
          >
            <p>
              Add the artists you release music as, with their picture and their profiles on Spotify, Apple
              Music and the other platforms. You can then credit them on your releases.
            </p>
          </EmptyState>
        }
      >
        {(page) => (
          <>
            <div css={tableCardStyle}>
              <table
                css={responsiveTableStyle}
                aria-label="Artists"
                aria-busy={artists.isPlaceholderData || undefined}
              >
                <thead>
                  <tr>
                    <th scope="col">Artist</th>
                    <th scope="col">Profiles</th>
                    <th scope="col">Albums</th>
                    <th scope="col">Tracks</th>
                    <th scope="col">
                      <span css={visuallyHidden}>Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((artist) => (
                    <ArtistRow
                      key={artist.id}
                      artist={artist}
                      onEdit={() => setEditing(artist)}
                      onDelete={() => setDeleting(artist)}
                    />
                  ))}
                </tbody>
              </table>
            </div>
            <Pager {...page} onOffset={list.setOffset} label="Artist pages" />
          </>
        )}
      </ListStates>

      <ArtistDialog
        open={editing !== null}
        artist={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        fallbackFocus={newButton}
      />
      <DeleteArtistDialog artist={deleting} onClose={() => setDeleting(null)} fallbackFocus={newButton} />
    </Page>
  );
}
