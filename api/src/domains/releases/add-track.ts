import type { CreateTrackRequest } from '@tunehouse/contracts';
import { type Db, withTransaction } from '../../platform/db.js';
import { lockAlbumForEdit } from './editing.js';
import { moveTo } from './track-editing.js';
import { findTrack, liveTrackIds, type TrackRecord } from './track-repository.js';
import { writeTrack } from './track-writer.js';

/** A new track at the end of the album, or at `index` when the body names one. */
export async function addTrack(
  { db }: { db: Db },
  { accountId, albumId, body }: { accountId: string; albumId: string; body: CreateTrackRequest },
): Promise<TrackRecord> {
  return withTransaction(db, async (tx) => {
    const album = await lockAlbumForEdit(tx, accountId, albumId);
    const count = (await liveTrackIds(tx, album.id)).length;
    const { index, ...input } = body;
    const written = await writeTrack(tx, accountId, album.id, null, input, count + 1, ['body']);
    if (index !== undefined && index <= count) await moveTo(tx, album.id, written.id, index);
    return (await findTrack(tx, accountId, written.id))!;
  });
}
