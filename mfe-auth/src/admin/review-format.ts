import type { Album } from '@tunehouse/contracts';
import { formatDate } from '@tunehouse/ui';

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment (submitted, uploaded) in the spec's dd-MM-yyyy with the local time: reviewers work a queue by time. */
export function when(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A calendar day (release dates travel as YYYY-MM-DD) as dd-MM-yyyy, read without a time zone so it never shifts
 * by a day for a reviewer west of UTC; any other date string goes through formatDate.
 */
export function day(value: string | null | undefined): string {
  if (!value) return '—';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : formatDate(value) || '—';
}

export const titleOf = (album: Pick<Album, 'title' | 'version'>) =>
  `${album.title || 'Untitled'}${album.version ? ` (${album.version})` : ''}`;
export const artistsOf = (album: Pick<Album, 'artists'>) =>
  (album.artists ?? [])
    .map((artist) => `${artist.name}${artist.role === 'FEATURING' ? ' (feat.)' : ''}`)
    .join(', ') || '—';
