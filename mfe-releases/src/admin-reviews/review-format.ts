import type { Album } from '@tunehouse/contracts';
import { formatCalendarDay, formatDateTime } from '@tunehouse/ui';

/** A moment (submitted, uploaded) with the local time: reviewers work a queue by time. */
export const when = formatDateTime;

/** A calendar day (release dates travel as YYYY-MM-DD) as dd-MM-yyyy, never shifted by a time zone. */
export const day = formatCalendarDay;

export const titleOf = (album: Pick<Album, 'title' | 'version'>) =>
  `${album.title || 'Untitled'}${album.version ? ` (${album.version})` : ''}`;
export const artistsOf = (album: Pick<Album, 'artists'>) =>
  (album.artists ?? [])
    .map((artist) => `${artist.name}${artist.role === 'FEATURING' ? ' (feat.)' : ''}`)
    .join(', ') || '—';
