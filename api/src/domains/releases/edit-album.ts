import fs from 'node:fs/promises';
import type { AlbumFormRequest, FieldIssue } from '@tunehouse/contracts';
import { type Queryable, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { deleteImage, insertImage, type ReceivedFile, type StoredImage } from '../media/index.js';
import { lockAlbumForEdit } from './editing.js';
import { duplicateIdentifier } from './identifiers.js';
import type { ReleaseDeps } from './release-deps.js';
import {
  type AlbumDetailRecord,
  detailOf,
  findAlbum,
  insertAlbum,
  replaceAlbumArtists,
  setAlbumArtwork,
  updateAlbumFields,
} from './repository.js';
import { liveTrackIds, setTrackOrder, softDeleteTracks } from './track-repository.js';
import { checkArtists, writeTrack } from './track-writer.js';

type Path = FieldIssue['path'];

/** The album form as the route read it: the metadata, where its fields are in the request, and the artwork file. */
export type AlbumForm = {
  metadata: AlbumFormRequest;
  path: Path;
  artwork: ReceivedFile | null;
  artworkPath: Path;
};

/** Album fields of the form: everything but artists, tracks and artwork (null clears, absent unchanged). */
function albumFields(metadata: AlbumFormRequest) {
  const { artists: _a, tracks: _t, artwork: _w, ...fields } = metadata;
  return fields;
}

/** Writes the form's tracks: the whole list, in index order; tracks left out are soft-deleted. */
async function writeTracks(tx: Queryable, accountId: string, albumId: string, form: AlbumForm) {
  const tracks = form.metadata.tracks;
  if (!tracks) return [] as string[];
  const existing = await liveTrackIds(tx, albumId);
  const issues = tracks.flatMap((track, index) =>
    track.id !== undefined && !existing.includes(String(track.id).toLowerCase())
      ? [{ path: [...form.path, 'tracks', index, 'id'], message: 'No such track on this album' }]
      : [],
  );
  if (issues.length) throw new ApiError(400, 'VALIDATION_FAILED', 'The request body is invalid', issues);
  const kept = new Set(
    tracks.flatMap((track) => (track.id !== undefined ? [String(track.id).toLowerCase()] : [])),
  );
  await softDeleteTracks(
    tx,
    existing.filter((id) => !kept.has(id)),
  );
  await setTrackOrder(tx, albumId, []);
  const ordered = tracks
    .map((track, index) => ({ track, index }))
    .sort((a, b) => a.track.index - b.track.index);
  const released: string[] = [];
  for (const [place, { track, index }] of ordered.entries()) {
    const { id: _id, index: _index, ...input } = track;
    const written = await writeTrack(
      tx,
      accountId,
      albumId,
      track.id !== undefined ? String(track.id).toLowerCase() : null,
      input,
      place + 1,
      [...form.path, 'tracks', index],
    );
    if (written.releasedAudioId) released.push(written.releasedAudioId);
  }
  return released;
}

/** Creates (album null) or changes an album from the form, in one transaction; files are tidied after it. */
export async function saveAlbum(
  { db, images, artworks, audio }: ReleaseDeps,
  { accountId, albumId, form }: { accountId: string; albumId: string | null; form: AlbumForm },
): Promise<AlbumDetailRecord> {
  let stored: StoredImage | null = null;
  if (form.artwork) {
    try {
      const inspected = await artworks.inspect(form.artwork, form.artworkPath);
      stored = await artworks.save(form.artwork, inspected, form.artworkPath);
    } finally {
      await fs.rm(form.artwork.path, { force: true });
    }
  }
  let previousArtwork: string | null = null;
  let releasedAudio: string[] = [];
  try {
    const album = await withTransaction(db, async (tx) => {
      const id =
        albumId === null
          ? await insertAlbum(tx, accountId)
          : (await lockAlbumForEdit(tx, accountId, albumId)).id;
      const current = (await findAlbum(tx, accountId, id))!;
      try {
        await updateAlbumFields(tx, id, albumFields(form.metadata));
      } catch (error) {
        throw duplicateIdentifier(error, [...form.path, 'barcode']) ?? error;
      }
      if (form.metadata.artists) {
        const artists = await checkArtists(tx, accountId, form.metadata.artists, [...form.path, 'artists']);
        await replaceAlbumArtists(tx, id, artists);
      }
      releasedAudio = await writeTracks(tx, accountId, id, form);
      if (stored || form.metadata.artwork === null) {
        previousArtwork = current.artwork?.id ?? null;
        if (stored) await insertImage(tx, accountId, stored);
        await setAlbumArtwork(tx, id, stored?.id ?? null);
        if (previousArtwork) await deleteImage(tx, previousArtwork);
      }
      return detailOf(tx, (await findAlbum(tx, accountId, id))!);
    });
    if (previousArtwork) await images.remove(previousArtwork).catch(() => undefined);
    await Promise.all(releasedAudio.map((id) => audio.remove(id).catch(() => undefined)));
    return album;
  } catch (error) {
    if (stored) await images.remove(stored.id).catch(() => undefined);
    throw error;
  }
}
