import type { UpdateTrackRequest } from '@tunehouse/contracts';
import { withTransaction } from '../../platform/db.js';
import { lockAlbumForEdit } from './editing.js';
import { liveTrack, moveTo, type TrackDeps, type TrackRef } from './track-editing.js';
import { findTrack, type TrackRecord } from './track-repository.js';
import { writeTrack } from './track-writer.js';

/** A track's fields and place changed; audio the change released is removed after the commit. */
export async function editTrack(
  { db, audio }: Pick<TrackDeps, 'db' | 'audio'>,
  { accountId, albumId, id, body }: TrackRef & { body: UpdateTrackRequest },
): Promise<TrackRecord> {
  let released: string | null = null;
  const track = await withTransaction(db, async (tx) => {
    const album = await lockAlbumForEdit(tx, accountId, albumId);
    const current = await liveTrack(tx, accountId, album.id, id);
    const { index, ...input } = body;
    const written = await writeTrack(tx, accountId, album.id, current.id, input, null, ['body']);
    released = written.releasedAudioId;
    if (index !== undefined && index !== current.position) await moveTo(tx, album.id, current.id, index);
    return (await findTrack(tx, accountId, current.id))!;
  });
  if (released) await audio.remove(released).catch(() => undefined);
  return track;
}
