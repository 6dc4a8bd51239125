import type {
  CreateTrackRequest,
  FieldIssue,
  Paginated,
  ReorderTracksRequest,
  TrackListQuery,
  UpdateTrackRequest,
} from '@tunehouse/contracts';
import type { ReceivedFile } from '../media/index.js';
import { addTrack } from './add-track.js';
import { editTrack } from './edit-track.js';
import { getTrack, listAccountTracks, tracksOfAlbum } from './read-tracks.js';
import { removeTrack } from './remove-track.js';
import { reorderTracks } from './reorder-tracks.js';
import { setTrackAudioFile } from './set-track-audio.js';
import type { TrackDeps } from './track-editing.js';
import type { TrackRecord } from './track-repository.js';

/**
 * Tracks of the caller's albums: lists, one track, and the per-track editing calls (create, update, reorder, soft
 * delete, audio upload), one use case a file. Every change is an edit of its album
 * (docs/decisions/0034-release-states.md): 409 while the album waits for content review or after it was taken down.
 */
export function createTrackService(deps: TrackDeps) {
  return {
    list: (accountId: string, query: TrackListQuery): Promise<Paginated<TrackRecord>> =>
      listAccountTracks(deps, { accountId, query }),
    get: (accountId: string, id: string, albumId?: string): Promise<TrackRecord> =>
      getTrack(deps, { accountId, id, albumId }),
    ofAlbum: (accountId: string, albumId: string): Promise<TrackRecord[]> =>
      tracksOfAlbum(deps, { accountId, albumId }),
    create: (accountId: string, albumId: string, body: CreateTrackRequest): Promise<TrackRecord> =>
      addTrack(deps, { accountId, albumId, body }),
    update: (
      accountId: string,
      albumId: string,
      id: string,
      body: UpdateTrackRequest,
    ): Promise<TrackRecord> => editTrack(deps, { accountId, albumId, id, body }),
    remove: (accountId: string, albumId: string, id: string): Promise<void> =>
      removeTrack(deps, { accountId, albumId, id }),
    reorder: (accountId: string, albumId: string, body: ReorderTracksRequest): Promise<TrackRecord[]> =>
      reorderTracks(deps, { accountId, albumId, body }),
    setAudio: (
      accountId: string,
      albumId: string,
      id: string,
      received: ReceivedFile,
      field: FieldIssue['path'],
    ): Promise<TrackRecord> => setTrackAudioFile(deps, { accountId, albumId, id, received, field }),
  };
}

export type TrackService = ReturnType<typeof createTrackService>;
