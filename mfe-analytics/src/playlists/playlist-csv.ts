import type { PlaylistStreamStatistic } from '@tunehouse/contracts';
import { percentCell, toCsv } from '../shared/csv.js';
import type { DateRange } from '../shared/date-range.js';
import { storeName } from '../shared/store-names.js';

/** The playlists table as CSV. */
export function playlistCsv(rows: readonly PlaylistStreamStatistic[]): string {
  return toCsv(
    ['Playlist', 'Author', 'Platform', 'Followers', 'Link', 'Streams', 'Change (%)'],
    rows.map(({ bucket, value, change }) => [
      bucket.title,
      bucket.author,
      storeName(bucket.platform),
      bucket.followers,
      bucket.url,
      value,
      percentCell(change),
    ]),
  );
}

export const playlistFileName = (range: DateRange) => `playlist-streams-${range.start}-to-${range.end}.csv`;
