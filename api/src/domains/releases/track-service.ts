import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import {
  type CreateTrackRequest,
  type FieldIssue,
  type Paginated,
  type ReorderTracksRequest,
  type TrackListQuery,
  toPage,
  type UpdateTrackRequest,
} from '@tunehouse/contracts';
import { type Db, type Queryable, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import {
  type AudioJobs,
  type AudioStore,
  deleteAudioFile,
  insertAudioFile,
  type ReceivedFile,
} from '../media/index.js';
import { lockAlbumForEdit, ownedAlbum } from './editing.js';
import { UUID } from '../../platform/sql.js';
import {
  findTrack,
  listTracks,
  liveTrackIds,
  setTrackAudio,
  setTrackOrder,
  softDeleteTracks,
  type TrackRecord,
  tracksOfAlbums,
} from './track-repository.js';
import { writeTrack } from './track-writer.js';

const trackNotFound = () => new ApiError(404, 'NOT_FOUND', 'No such track');

/**
 * Tracks of the caller's albums: lists, one track, and the per-track editing calls (create, update, reorder, soft
 * delete, audio upload). Every change is an edit of its album (docs/decisions/0034-release-states.md): 409 while the
 * album waits for content review or after it was taken down.
 */
export function createTrackService({
  db,
  audio,
  audioJobs,
}: {
  db: Db;
  audio: AudioStore;
  audioJobs: Pick<AudioJobs, 'enqueuePreview'>;
}) {
  const normalise = (id: string) => (UUID.test(id.toLowerCase()) ? id.toLowerCase() : null);

  async function list(accountId: string, query: TrackListQuery): Promise<Paginated<TrackRecord>> {
    const albumId = query.album_id === undefined ? null : normalise(query.album_id);
    const artistId = query.artist_id === undefined ? null : normalise(query.artist_id);
    if ((query.album_id !== undefined && !albumId) || (query.artist_id !== undefined && !artistId))
      return toPage([], query.offset, query.size, 0);
    const { tracks, total } = await listTracks(db, accountId, query, { albumId, artistId });
    return toPage(tracks, query.offset, query.size, total);
  }

  async function get(accountId: string, id: string, albumId?: string): Promise<TrackRecord> {
    const trackId = normalise(id);
    if (albumId !== undefined) await ownedAlbum(db, accountId, albumId);
    const track = trackId
      ? await findTrack(db, accountId, trackId, albumId ? { albumId: albumId.toLowerCase() } : {})
      : null;
    if (!track) throw trackNotFound();
    return track;
  }

  async function ofAlbum(accountId: string, albumId: string): Promise<TrackRecord[]> {
    const album = await ownedAlbum(db, accountId, albumId);
    return (await tracksOfAlbums(db, [album.id])).get(album.id) ?? [];
  }

  /** A live track of the album, locked (404 otherwise; a soft-deleted one is 404 too: it cannot change). */
  async function liveTrack(
    tx: Queryable,
    accountId: string,
    albumId: string,
    id: string,
  ): Promise<TrackRecord> {
    const trackId = normalise(id);
    const track = trackId ? await findTrack(tx, accountId, trackId, { albumId, lock: true }) : null;
    if (!track || track.deletedAt) throw trackNotFound();
    return track;
  }

  /** Moves `trackId` to place `index` (1-based, clamped) among the album's live tracks. */
  async function moveTo(tx: Queryable, albumId: string, trackId: string, index: number) {
    const ids = (await liveTrackIds(tx, albumId)).filter((id) => id !== trackId);
    const place = Math.min(Math.max(index, 1), ids.length + 1) - 1;
    ids.splice(place, 0, trackId);
    await setTrackOrder(tx, albumId, ids);
  }

  async function create(accountId: string, albumId: string, body: CreateTrackRequest): Promise<TrackRecord> {
    return withTransaction(db, async (tx) => {
      const album = await lockAlbumForEdit(tx, accountId, albumId);
      const count = (await liveTrackIds(tx, album.id)).length;
      const { index, ...input } = body;
      const written = await writeTrack(tx, accountId, album.id, null, input, count + 1, ['body']);
      if (index !== undefined && index <= count) await moveTo(tx, album.id, written.id, index);
      return (await findTrack(tx, accountId, written.id))!;
    });
  }

  async function update(
    accountId: string,
    albumId: string,
    id: string,
    body: UpdateTrackRequest,
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

  /** Soft delete: deletedAt is set, the track leaves the album's list and the others close the gap. */
  async function remove(accountId: string, albumId: string, id: string): Promise<void> {
    await withTransaction(db, async (tx) => {
      const album = await lockAlbumForEdit(tx, accountId, albumId);
      const track = await liveTrack(tx, accountId, album.id, id);
      await softDeleteTracks(tx, [track.id]);
      await setTrackOrder(tx, album.id, await liveTrackIds(tx, album.id));
    });
  }

  /** Every live track of the album, once, in the new order (400 at ['body', 'trackIds'] otherwise). */
  async function reorder(
    accountId: string,
    albumId: string,
    body: ReorderTracksRequest,
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

  /**
   * Sets a track's audio from an upload already streamed to a temporary file: probed (422 with every reason), then
   * in one transaction the row is inserted, the file renamed into its folder and the preview job enqueued. A
   * failure removes the file; the previous audio's row and files go after the commit.
   */
  async function setAudio(
    accountId: string,
    albumId: string,
    id: string,
    received: ReceivedFile,
    field: FieldIssue['path'],
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

  return { list, get, ofAlbum, create, update, remove, reorder, setAudio };
}

export type TrackService = ReturnType<typeof createTrackService>;
