import type { Platform } from '@tunehouse/contracts';
import { type Db, type Queryable, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { type EmitEvent, emitNothing } from '../../platform/webhook-events.js';
import { STORAGE_REFERENCE } from '../delivery/index.js';
import type { AudioStore, ImageStore } from '../media/index.js';
import {
  type AlbumDetailRecord,
  detailOf,
  findAlbum,
  type PlatformStatus,
  platformStates,
  savePlatformState,
  setAlbumState,
} from './repository.js';
import { findTransition, isFinal, PLATFORM_TRANSITIONS } from './states.js';

/**
 * What delivery (domains/delivery) calls back into releases with (docs/decisions/0033-releases-api.md, "Delivery").
 * None of these check an account: delivery works on any account's accepted release.
 */

/**
 * A platform's answer about the delivery under way (`pending`): its status moves along PLATFORM_TRANSITIONS (409
 * otherwise); at a final status (LIVE or REJECTED; ACCEPTED for a takedown) the pending delivery becomes `current`.
 * The first LIVE delivery or update moves an ACCEPTED album to LIVE. That move records `release.live`, and a
 * platform's REJECTED records `delivery.failed`, for the owner's webhooks (docs/decisions/0088-webhooks.md).
 */
export async function reportPlatformStatus(
  db: Db,
  { albumId, platform, status }: { albumId: string; platform: Platform; status: PlatformStatus },
  emit: EmitEvent = emitNothing,
): Promise<void> {
  await withTransaction(db, async (tx) => {
    const album = await findAlbum(tx, null, albumId, { lock: true });
    if (!album) throw new ApiError(404, 'NOT_FOUND', 'No such album');
    const state = (await platformStates(tx, albumId)).find((entry) => entry.platform === platform);
    const pending = state?.pending;
    if (!state || !pending)
      throw new ApiError(409, 'CONFLICT', `No delivery is under way for this album on ${platform}`);
    if (pending.status === status) return;
    if (!PLATFORM_TRANSITIONS[pending.status].includes(status))
      throw new ApiError(409, 'CONFLICT', `A delivery cannot go from ${pending.status} to ${status}`);
    const next = { ...pending, status };
    await savePlatformState(
      tx,
      albumId,
      isFinal(next.action, status)
        ? { platform, current: next, pending: null }
        : { platform, current: state.current, pending: next },
    );
    const release = { albumId, title: album.title ?? '', upc: album.barcode };
    if (status === 'LIVE' && next.action !== 'TAKEDOWN' && findTransition(album, 'goLive')) {
      await setAlbumState(tx, albumId, { status: album.status, reviewStatus: 'LIVE' });
      await emit(tx, album.accountId, 'release.live', { ...release, platform });
    }
    if (status === 'REJECTED')
      await emit(tx, album.accountId, 'delivery.failed', { ...release, platform, action: next.action });
  });
}

/** Where the release can be found on a platform (the album's link); a second link for the platform replaces the first. */
export async function recordLink(
  q: Queryable,
  {
    albumId,
    platform,
    platformId,
    url,
  }: { albumId: string; platform: Platform; platformId: string; url: string },
): Promise<void> {
  await q.query(
    `INSERT INTO album_links (album_id, platform, platform_id, url) VALUES ($1, $2, $3, $4)
     ON CONFLICT (album_id, platform) DO UPDATE SET platform_id = EXCLUDED.platform_id, url = EXCLUDED.url`,
    [albumId, platform, platformId, url],
  );
}

/**
 * A release as delivery sends it: the detailed album and where its artwork and audio files are, as media-storage
 * references (`storage:<key>`, which the delivery job reads from the storage).
 */
export type ReleaseWithFiles = AlbumDetailRecord & {
  files: {
    /** The 3000×3000 delivery rendition (`artwork`), or null without artwork. */
    artwork: string | null;
    /** Track id → the original audio file. */
    audio: Record<string, string | null>;
  };
};

const storageReference = (key: string | null) => (key ? `${STORAGE_REFERENCE}${key}` : null);

export async function loadReleaseForDelivery(
  q: Queryable,
  { images, audio }: { images: ImageStore; audio: AudioStore },
  albumId: string,
): Promise<ReleaseWithFiles | null> {
  const album = await findAlbum(q, null, albumId);
  if (!album) return null;
  const detail = await detailOf(q, album);
  const artwork = detail.artwork as {
    id: string;
    renditions: Record<string, { file: string } | undefined>;
  } | null;
  const artworkFile = artwork?.renditions.artwork?.file;
  return {
    ...detail,
    files: {
      artwork: artwork && artworkFile ? storageReference(images.fileKey(artwork.id, artworkFile)) : null,
      audio: Object.fromEntries(
        detail.tracks.map((track) => [
          track.id,
          track.audio ? storageReference(audio.fileKey(track.audio.id, track.audio.file)) : null,
        ]),
      ),
    },
  };
}
