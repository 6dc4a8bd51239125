import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { buildNewReleaseMessage, type MessageOptions, resourceFiles } from './ern43.js';
import type { ReleaseForDelivery } from './model.js';
import { type BatchFile, type DeliveryBatch, markerContent, markerPath, messagePath } from './transport.js';

/** A delivery that no retry can mend (a file gone or changed, a release that no longer checks): FAILED at once. */
export class PermanentDeliveryError extends Error {}

export async function md5File(file: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The batch for one release and one platform: the message, and (except for a TAKEDOWN) its audio and artwork.
 * Every file is read first: a sum the release gives must match it (a file changed since the release was handed
 * over is never sent under the old sum), a missing sum is computed, so the message always announces the bytes sent.
 */
export async function prepareBatch(
  release: ReleaseForDelivery,
  options: MessageOptions,
): Promise<DeliveryBatch> {
  const takedown = options.action === 'TAKEDOWN';
  const check = async (what: string, source: string, given: string | null | undefined) => {
    const size = await fs.stat(source).then(
      (stats) => stats.size,
      () => null,
    );
    if (size === null) {
      // A takedown sends no files: one gone since is named without its sum.
      if (takedown) return { md5: given ?? null, size: 0 };
      throw new PermanentDeliveryError(`The file of ${what} is missing: ${source}`);
    }
    const actual = await md5File(source);
    if (given && actual !== given)
      throw new PermanentDeliveryError(
        `The file of ${what} changed: its MD5 is ${actual}, the release says ${given}`,
      );
    return { md5: actual, size };
  };
  const tracks = [];
  for (const [index, track] of release.tracks.entries())
    tracks.push({
      ...track,
      ...(await check(`the audio of track ${index + 1} (${track.isrc})`, track.audio.path, track.audio.md5)),
    });
  const artwork = await check('the artwork', release.artwork.path, release.artwork.md5);
  const summed: ReleaseForDelivery = {
    ...release,
    tracks: tracks.map(({ md5, size: _size, ...track }) => ({ ...track, audio: { ...track.audio, md5 } })),
    artwork: { ...release.artwork, md5: artwork.md5 },
  };

  const xml = buildNewReleaseMessage(summed, options);
  const files = resourceFiles(summed);
  const message = { path: messagePath(release.upc), xml };
  const resources: BatchFile[] = takedown
    ? []
    : [
        ...tracks.map((track, index) => ({
          path: `${release.upc}/${files.tracks[index]!.uri}`,
          source: track.audio.path,
          md5: track.md5!,
          size: track.size,
        })),
        {
          path: `${release.upc}/${files.artwork.uri}`,
          source: release.artwork.path,
          md5: artwork.md5!,
          size: artwork.size,
        },
      ];
  return {
    messageId: options.messageId,
    releaseId: release.upc,
    message,
    resources,
    marker: {
      path: markerPath(options.messageId),
      content: markerContent({ messageId: options.messageId, message }, options.createdAt),
    },
  };
}
