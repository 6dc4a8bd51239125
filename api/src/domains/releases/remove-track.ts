import { type Db, withTransaction } from '../../platform/db.js';
import { lockAlbumForEdit } from './editing.js';
import { liveTrack, type TrackRef } from './track-editing.js';
import { liveTrackIds, setTrackOrder, softDeleteTracks } from './track-repository.js';

/** Soft delete: deletedAt is set, the track leaves the album's list and the others close the gap. */
export async function removeTrack({ db }: { db: Db }, { accountId, albumId, id }: TrackRef): Promise<void> {
  await withTransaction(db, async (tx) => {
    const album = await lockAlbumForEdit(tx, accountId, albumId);
    const track = await liveTrack(tx, accountId, album.id, id);
    await softDeleteTracks(tx, [track.id]);
    await setTrackOrder(tx, album.id, await liveTrackIds(tx, album.id));
  });
}
