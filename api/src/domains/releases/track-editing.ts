import type { AudioJobs, AudioStore } from '../media/index.js';
import type { Db, Queryable } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { UUID } from '../../platform/sql.js';
import { findTrack, liveTrackIds, setTrackOrder, type TrackRecord } from './track-repository.js';

/** What the track use cases run on: the database, the audio files and the preview job. */
export type TrackDeps = { db: Db; audio: AudioStore; audioJobs: Pick<AudioJobs, 'enqueuePreview'> };

/** An album and one of its tracks, named by the caller's account. */
export type TrackRef = { accountId: string; albumId: string; id: string };

export const trackNotFound = () => new ApiError(404, 'NOT_FOUND', 'No such track');

/** A lowercase id, or null when it is not a UUID (then nothing can match it, so the caller answers 404). */
export const normaliseId = (id: string) => (UUID.test(id.toLowerCase()) ? id.toLowerCase() : null);

/** A live track of the album, locked (404 otherwise; a soft-deleted one is 404 too: it cannot change). */
export async function liveTrack(
  tx: Queryable,
  accountId: string,
  albumId: string,
  id: string,
): Promise<TrackRecord> {
  const trackId = normaliseId(id);
  const track = trackId ? await findTrack(tx, accountId, trackId, { albumId, lock: true }) : null;
  if (!track || track.deletedAt) throw trackNotFound();
  return track;
}

/** Moves `trackId` to place `index` (1-based, clamped) among the album's live tracks. */
export async function moveTo(tx: Queryable, albumId: string, trackId: string, index: number) {
  const ids = (await liveTrackIds(tx, albumId)).filter((id) => id !== trackId);
  const place = Math.min(Math.max(index, 1), ids.length + 1) - 1;
  ids.splice(place, 0, trackId);
  await setTrackOrder(tx, albumId, ids);
}
