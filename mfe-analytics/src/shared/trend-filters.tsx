import { memo } from 'react';
import { css } from '@emotion/react';
import { useQuery } from '@tanstack/react-query';
import { TERRITORIES } from '@tunehouse/contracts';
import { useShell } from '@tunehouse/area-kit';
import { SelectField, countryOptions, mq, type SelectOption } from '@tunehouse/ui';
import { albumChoicesQuery, artistChoicesQuery, trackChoicesQuery } from './queries.js';
import type { SearchChanges, TrendFilters } from './trend-search.js';

const TERRITORY_OPTIONS = countryOptions(TERRITORIES);

export const filterGrid = css`
  display: grid;
  gap: 0 1rem;
  align-items: end;
  min-width: 0;
  ${mq('tablet')} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${mq('desktop')} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const titled = (title: string | null | undefined, version: string | null | undefined, untitled: string) =>
  `${title?.trim() || untitled}${version ? ` (${version})` : ''}`;

/** The chosen id stays selectable even when it is not among the loaded choices (a link from a release page). */
function withChosen(options: SelectOption[], value: string | undefined, label: string): SelectOption[] {
  if (!value || options.some((option) => option.value === value)) return options;
  return [{ value, label }, ...options];
}

/**
 * Filters by release, artist, track and territory, from the account's catalogue (its albums, artists and tracks;
 * tracks narrowed to the chosen release and artist). A new release or artist clears the track.
 */
function TrendFiltersBarView({
  filters,
  onChange,
  territories = true,
}: {
  filters: TrendFilters;
  onChange: (changes: SearchChanges) => void;
  /** Whether the territory filter is offered (playlist streams have no territory). */
  territories?: boolean;
}) {
  const { api } = useShell();
  const albums = useQuery(albumChoicesQuery(api));
  const artists = useQuery(artistChoicesQuery(api));
  const tracks = useQuery(trackChoicesQuery(api, filters.albumId, filters.artistId));

  const albumOptions = (albums.data?.items ?? []).map((album) => ({
    value: String(album.id),
    label: titled(album.title, album.version, 'Untitled release'),
  }));
  const artistOptions = (artists.data?.items ?? []).map((artist) => ({
    value: String(artist.id),
    label: artist.name,
  }));
  const trackOptions = (tracks.data?.items ?? []).map((track) => ({
    value: String(track.id),
    label: titled(track.title, track.version, 'Untitled track'),
  }));

  return (
    <div css={filterGrid} role="group" aria-label="Filters">
      <SelectField
        label="Release"
        placeholder="All releases"
        options={withChosen(albumOptions, filters.albumId, 'Chosen release')}
        value={filters.albumId ?? ''}
        onChange={(event) => onChange({ albumId: event.target.value || undefined, trackId: undefined })}
      />
      <SelectField
        label="Artist"
        placeholder="All artists"
        options={withChosen(artistOptions, filters.artistId, 'Chosen artist')}
        value={filters.artistId ?? ''}
        onChange={(event) => onChange({ artistId: event.target.value || undefined, trackId: undefined })}
      />
      <SelectField
        label="Track"
        placeholder="All tracks"
        options={withChosen(trackOptions, filters.trackId, 'Chosen track')}
        value={filters.trackId ?? ''}
        onChange={(event) => onChange({ trackId: event.target.value || undefined })}
      />
      {territories && (
        <SelectField
          label="Territory"
          placeholder="All territories"
          options={TERRITORY_OPTIONS}
          value={filters.territory ?? ''}
          onChange={(event) => onChange({ territory: event.target.value || undefined })}
        />
      )}
    </div>
  );
}

/** Memoised: the trends pages re-render as each of their queries answers, and this part need not. */
export const TrendFiltersBar = memo(TrendFiltersBarView);
