import type { PlayerTrack } from '@tunehouse/shell-contract';

/** A title falls back to Untitled; up to 2 artists are named, none means 'Unknown artist'. */
export function playerTitle(track: PlayerTrack): string {
  return track.title?.trim() || 'Untitled';
}

export function playerArtists(track: PlayerTrack): string {
  const names = (track.artists ?? []).map((name) => name.trim()).filter(Boolean);
  if (names.length === 0) return 'Unknown artist';
  return names.length > 2 ? `${names.slice(0, 2).join(', ')} and others` : names.join(', ');
}
