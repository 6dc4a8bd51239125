import type { FieldIssue, ReorderTracksRequest } from '@tunehouse/contracts';
import { type Db, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { lockAlbumForEdit } from './editing.js';
import { liveTrackIds, setTrackOrder, type TrackRecord, tracksOfAlbums } from './track-repository.js';

/** Every live track of the album, once, in the new order (400 at ['body', 'trackIds'] otherwise). */
export async function reorderTracks(
  { db }: { db: Db },
  { accountId, albumId, body }: { accountId: string; albumId: string; body: ReorderTracksRequest },
): Promise<TrackRecord[]> {
  return withTransaction(db, async (tx) => {
    const album = await lockAlbumForEdit(tx, accountId, albumId);
    const live = await liveTrackIds(tx, album.id);
    const ids = body.trackIds.map((id) => String(id).toLowerCase());
    const issues: FieldIssue[] = ids.flatMap((trackId, index) =>
      live.includes(trackId)
        ? []
        : [{ path: ['body', 'trackIds', index], message: 'No such track on this album' }],
    );
    if (issues.length === 0 && ids.length !== live.length)
      issues.push({
        path: ['body', 'trackIds'],
        message: `List every one of the album’s ${live.length} tracks`,
      });
    if (issues.length) throw new ApiError(400, 'VALIDATION_FAILED', 'The request body is invalid', issues);
    await setTrackOrder(tx, album.id, ids);
    return (await tracksOfAlbums(tx, [album.id])).get(album.id) ?? [];
  });
}
