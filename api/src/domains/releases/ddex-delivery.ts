import { type Platform, TERRITORIES } from '@tunehouse/contracts';
import type { Db } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import {
  type DeliveryService,
  type DeliveryStatusEvent,
  InvalidDeliveryError,
  type ReleaseForDeliveryInput,
} from '../delivery/index.js';
import type { MediaStorage } from '../../platform/storage/index.js';
import type { EmitEvent } from '../../platform/webhook-events.js';
import { createAudioStore, createImageStore } from '../media/index.js';
import type { DeliveryPort } from './delivery-port.js';
import {
  loadReleaseForDelivery,
  recordLink,
  reportPlatformStatus,
  type ReleaseWithFiles,
} from './delivery-reports.js';
import { removeLink, simulatedStoreLink } from './simulated-store.js';

/**
 * The album as delivery's model (docs/decisions/0035-ddex-delivery.md) reads it. The label defaults to the first
 * primary artist's name (a self-released record); a release with every territory goes out as Worldwide; the
 * release is explicit when one of its tracks is; the deal starts on the release date.
 */
export function toDeliveryModel(release: ReleaseWithFiles): ReleaseForDeliveryInput {
  const primary = release.artists.find((artist) => artist.role === 'PRIMARY');
  const artwork = release.artwork?.renditions as
    Record<string, { width: number; height: number } | undefined> | undefined;
  const delivered = artwork?.artwork;
  const worldwide = TERRITORIES.every((code) => release.territories.includes(code));
  return {
    albumId: release.id,
    upc: release.barcode ?? '',
    catalogNumber: release.catalogNumber,
    title: release.title ?? '',
    version: release.version,
    label: release.recordLabel?.trim() || primary?.name || '',
    pLine: release.pLine ?? '',
    cLine: release.cLine ?? '',
    genre: release.primaryGenre ?? ('' as never),
    language: release.language,
    releaseDate: release.releaseDate ?? '',
    originalReleaseDate: release.originalReleaseDate,
    releaseType: release.format ?? ('' as never),
    explicit: release.tracks.some((track) => track.explicit === true),
    territories: worldwide ? 'Worldwide' : release.territories,
    dealStartDate: release.releaseDate ?? '',
    artists: release.artists.map((artist) => ({ name: artist.name, role: artist.role })),
    tracks: release.tracks.map((track) => ({
      isrc: track.isrc ?? '',
      title: track.title ?? '',
      version: track.version,
      durationSeconds: track.audio?.duration ?? 0,
      artists: track.artists.map((artist) => ({ name: artist.name, role: artist.role })),
      contributors: track.contributors.map((contributor) => ({
        name: contributor.name,
        role: contributor.role,
      })),
      explicit: track.explicit === true,
      instrumental: track.instrumental,
      language: track.lyricsLanguage,
      pLine: track.pLine || undefined,
      audio: {
        path: release.files.audio[track.id] ?? '',
        format: track.audio?.format ?? 'WAV',
        sampleRate: track.audio?.sampleRate,
        channels: track.audio?.channels,
        bitDepth: track.audio?.bitDepth,
      },
      previewStartSeconds: track.previewStart,
    })),
    artwork: {
      path: release.files.artwork ?? '',
      format: release.artwork?.format === 'png' ? 'PNG' : 'JPEG',
      width: delivered?.width ?? 0,
      height: delivered?.height ?? 0,
    },
  };
}

/**
 * The DeliveryPort on 0035's delivery service: in the accepting (or takedown) transaction, the release is read,
 * mapped to delivery's model and queued per platform with `tx`. A release delivery refuses is 422 (the move is
 * rolled back). Wire it with `buildApp(config, { …, delivery: createDdexDeliveryPort({ storage, delivery }) })`
 * and give the delivery service `onStatus: reportDeliveryStatus(db)`.
 */
export function createDdexDeliveryPort({
  storage,
  delivery,
}: {
  /** The media storage the release's files are in (a data folder: the local storage on it). */
  storage: MediaStorage | string;
  delivery: Pick<DeliveryService, 'enqueue' | 'statusOf'>;
}): DeliveryPort {
  const stores = { images: createImageStore(storage), audio: createAudioStore(storage) };
  return {
    async deliver({ albumId, action, platforms }, tx) {
      const release = await loadReleaseForDelivery(tx, stores, albumId);
      if (!release) throw new ApiError(404, 'NOT_FOUND', 'No such album');
      try {
        await delivery.enqueue(toDeliveryModel(release), platforms, action, { tx });
      } catch (error) {
        if (!(error instanceof InvalidDeliveryError)) throw error;
        throw new ApiError(
          422,
          'UNPROCESSABLE',
          `The release cannot be delivered: ${error.message}`,
          error.issues.map((issue) => ({
            path: issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key)),
            message: issue.message,
          })),
        );
      }
    },
    async notes(albumId) {
      const note = (record: { reason: string | null; attempts: number } | null) =>
        record ? { message: record.reason, attempts: record.attempts } : null;
      return (await delivery.statusOf(albumId)).map(({ platform, current, pending }) => ({
        platform,
        current: note(current),
        pending: note(pending),
      }));
    },
  };
}

/**
 * Delivery's status events moved onto the album's per-platform states (and the album to LIVE). A simulated
 * platform also says where it shows the release once live, and stops showing it once taken down.
 */
export function reportDeliveryStatus(db: Db, emit?: EmitEvent) {
  return async (event: DeliveryStatusEvent): Promise<void> => {
    const platform = event.platform as Platform;
    await reportPlatformStatus(
      db,
      { albumId: event.albumId, platform, status: event.status === 'UNKNOWN' ? 'REJECTED' : event.status },
      emit,
    );
    if (event.transport !== 'simulator') return;
    if (event.deliveryStatus === 'LIVE')
      await recordLink(db, { albumId: event.albumId, ...simulatedStoreLink(platform, event.albumId) });
    if (event.deliveryStatus === 'TAKEN_DOWN') await removeLink(db, event.albumId, platform);
  };
}
