import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { FieldIssue } from '@tunehouse/contracts';
import { withTransaction } from '../../platform/db.js';
import { deleteAudioFile, insertAudioFile, type ReceivedFile } from '../media/index.js';
import { lockAlbumForEdit } from './editing.js';
import { liveTrack, type TrackDeps, type TrackRef } from './track-editing.js';
import { findTrack, setTrackAudio, type TrackRecord } from './track-repository.js';

/**
 * Sets a track's audio from an upload already streamed to a temporary file: probed (422 with every reason), then
 * in one transaction the row is inserted, the file renamed into its folder and the preview job enqueued. A
 * failure removes the file; the previous audio's row and files go after the commit.
 */
export async function setTrackAudioFile(
  { db, audio, audioJobs }: TrackDeps,
  {
    accountId,
    albumId,
    id,
    received,
    field,
  }: TrackRef & { received: ReceivedFile; field: FieldIssue['path'] },
): Promise<TrackRecord> {
  const audioId = randomUUID();
  let placed = false;
  let previous: string | null = null;
  try {
    const probed = await audio.probe(received, field);
    const track = await withTransaction(db, async (tx) => {
      const album = await lockAlbumForEdit(tx, accountId, albumId);
      const current = await liveTrack(tx, accountId, album.id, id);
      previous = current.audio?.id ?? null;
      const { file, name } = await audio.place(audioId, received, probed.format);
      placed = true;
      await insertAudioFile(tx, accountId, { ...probed, id: audioId, file, name, size: received.size });
      await setTrackAudio(tx, current.id, audioId);
      if (previous) await deleteAudioFile(tx, previous);
      await audioJobs.enqueuePreview(audioId, tx);
      return (await findTrack(tx, accountId, current.id))!;
    });
    if (previous) await audio.remove(previous).catch(() => undefined);
    return track;
  } catch (error) {
    if (placed) await audio.remove(audioId).catch(() => undefined);
    throw error;
  } finally {
    await fs.rm(received.path, { force: true });
  }
}
