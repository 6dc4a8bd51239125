import { type Paginated, type TrackListQuery, toPage } from '@tunehouse/contracts';
import type { Db } from '../../platform/db.js';
import { ownedAlbum } from './editing.js';
import { normaliseId, trackNotFound } from './track-editing.js';
import { findTrack, listTracks, type TrackRecord, tracksOfAlbums } from './track-repository.js';

/** The account's tracks, filtered by album or artist (an id that is not a UUID matches nothing). */
export async function listAccountTracks(
  { db }: { db: Db },
  { accountId, query }: { accountId: string; query: TrackListQuery },
): Promise<Paginated<TrackRecord>> {
  const albumId = query.album_id === undefined ? null : normaliseId(query.album_id);
  const artistId = query.artist_id === undefined ? null : normaliseId(query.artist_id);
  if ((query.album_id !== undefined && !albumId) || (query.artist_id !== undefined && !artistId))
    return toPage([], query.offset, query.size, 0);
  const { tracks, total } = await listTracks(db, accountId, query, { albumId, artistId });
  return toPage(tracks, query.offset, query.size, total);
}

/** One of the account's tracks, of the given album when one is named (404 otherwise). */
export async function getTrack(
  { db }: { db: Db },
  { accountId, id, albumId }: { accountId: string; id: string; albumId?: string | undefined },
): Promise<TrackRecord> {
  const trackId = normaliseId(id);
  if (albumId !== undefined) await ownedAlbum(db, accountId, albumId);
  const track = trackId
    ? await findTrack(db, accountId, trackId, albumId ? { albumId: albumId.toLowerCase() } : {})
    : null;
  if (!track) throw trackNotFound();
  return track;
}

/** The tracks of one of the account's albums, in order. */
export async function tracksOfAlbum(
  { db }: { db: Db },
  { accountId, albumId }: { accountId: string; albumId: string },
): Promise<TrackRecord[]> {
  const album = await ownedAlbum(db, accountId, albumId);
  return (await tracksOfAlbums(db, [album.id])).get(album.id) ?? [];
}
