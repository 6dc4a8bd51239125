import type { AlbumSummary, ArtworkSummary } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import { imageFileUrl } from '../media/index.js';
import { creditedArtistsOf } from '../releases/index.js';
import { albumRowsOf } from './report-repository.js';

/** The album summaries the fee report embeds (title, version, barcode, artwork, album artists). */
export async function albumSummaries(
  q: Queryable,
  ids: string[],
  origin: string,
): Promise<Map<string, AlbumSummary>> {
  const rows = await albumRowsOf(q, ids);
  const artists = await creditedArtistsOf(q, 'album_artists', ids);
  const summaries = new Map<string, AlbumSummary>();
  for (const row of rows) {
    const credited = artists.get(row.id) ?? [];
    const rendition = (name: 'medium' | 'thumbnail') => {
      const stored = row.image_renditions?.[name];
      if (!stored || !row.image_id) return null;
      const { file, size, width, height } = stored;
      return { url: imageFileUrl(origin, row.image_id, file), size, width, height, name: stored.name };
    };
    const artwork: ArtworkSummary | null = row.image_id
      ? { id: row.image_id, medium: rendition('medium'), thumbnail: rendition('thumbnail') }
      : null;
    summaries.set(row.id, {
      id: row.id,
      title: row.title,
      version: row.version,
      barcode: row.barcode,
      artwork,
      artists: credited.map((artist) => ({ id: artist.id, name: artist.name, role: artist.role })),
      isCollaboration: credited.filter((artist) => artist.role === 'PRIMARY').length > 1,
    });
  }
  return summaries;
}
