import type { Album } from '@tunehouse/contracts';

export const when = (value: string) =>
  new Date(value).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
/** Release dates are calendar days; read as UTC so a day never shifts with the reviewer's time zone. */
export const day = (value: string | null | undefined) =>
  value ? new Date(value).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }) : '—';

export const titleOf = (album: Album) =>
  `${album.title || 'Untitled'}${album.version ? ` (${album.version})` : ''}`;
export const artistsOf = (album: Album) =>
  (album.artists ?? [])
    .map((artist) => `${artist.name}${artist.role === 'FEATURING' ? ' (feat.)' : ''}`)
    .join(', ') || '—';
