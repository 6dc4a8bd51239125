import type { MediaStorage } from '../../platform/storage/index.js';
import { type ReleaseForDelivery, STORAGE_REFERENCE } from './model.js';
import { PermanentDeliveryError } from './batch.js';

/**
 * Runs `work` with the release's storage references (`storage:<key>`) replaced by local files holding their
 * bytes — the stored files themselves on the local storage, downloaded copies (removed afterwards) from S3 — so
 * that the batch and its transport read paths as before. Absolute paths are kept. A reference without storage,
 * or to an object that is not there, is a delivery no retry can mend.
 */
export async function withReleaseFiles<T>(
  release: ReleaseForDelivery,
  storage: MediaStorage | undefined,
  work: (release: ReleaseForDelivery) => Promise<T>,
): Promise<T> {
  const references = [...release.tracks.map((track) => track.audio.path), release.artwork.path];
  const local = new Map<string, string>();

  async function resolve(index: number): Promise<T> {
    const reference = references[index];
    if (reference === undefined) {
      const path = (value: string) => local.get(value) ?? value;
      return work({
        ...release,
        tracks: release.tracks.map((track) => ({
          ...track,
          audio: { ...track.audio, path: path(track.audio.path) },
        })),
        artwork: { ...release.artwork, path: path(release.artwork.path) },
      });
    }
    if (!reference.startsWith(STORAGE_REFERENCE) || local.has(reference)) return resolve(index + 1);
    if (!storage) throw new PermanentDeliveryError(`No media storage to read ${reference} from`);
    const key = reference.slice(STORAGE_REFERENCE.length);
    const result = await storage.withLocalFile(key, async (file) => {
      local.set(reference, file);
      return { value: await resolve(index + 1) };
    });
    // Missing: the batch names the file as missing (a takedown sends none and goes on without it).
    if (!result) {
      local.set(reference, `/nonexistent/${key}`);
      return resolve(index + 1);
    }
    return result.value;
  }

  return resolve(0);
}
