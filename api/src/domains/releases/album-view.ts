import type { DeliveryNote, DeliveryNoteEntry } from './delivery-port.js';
import {
  type Album,
  type AlbumDetail,
  type AlbumPlatformEntry,
  type Artwork,
  type ImageRendition,
  PLATFORM_NAMES,
  PLATFORMS,
  statusAsOf,
} from '@tunehouse/contracts';
import { imageFileUrl, type StoredImage, type StoredRendition } from '../media/index.js';
import { toCreditedArtist, toTrack } from './track-view.js';
import type { AlbumDetailRecord, AlbumRecord, PlatformStateRecord } from './repository.js';

function rendition(
  origin: string,
  imageId: string,
  stored: StoredRendition | undefined,
): ImageRendition | null {
  if (!stored) return null;
  const { file, size, width, height, name } = stored;
  return { url: imageFileUrl(origin, imageId, file), size, width, height, name };
}

/** Album artwork as answered: the original and the large, medium, thumbnail and artwork (delivery) renditions. */
export function toArtwork(image: StoredImage, origin: string): Artwork {
  const renditions = image.renditions as StoredImage['renditions'] & { artwork?: StoredRendition };
  return {
    id: image.id,
    original: rendition(origin, image.id, renditions.original)!,
    large: rendition(origin, image.id, renditions.large),
    medium: rendition(origin, image.id, renditions.medium),
    thumbnail: rendition(origin, image.id, renditions.thumbnail),
    artwork: rendition(origin, image.id, renditions.artwork),
  };
}

export function toAlbum(album: AlbumRecord, origin: string): Album {
  return {
    id: album.id,
    title: album.title,
    status: album.status,
    version: album.version,
    primaryGenre: album.primaryGenre,
    secondaryGenre: album.secondaryGenre,
    language: album.language,
    recordLabel: album.recordLabel,
    barcode: album.barcode,
    originalReleaseDate: album.originalReleaseDate,
    releaseDate: album.releaseDate,
    catalogNumber: album.catalogNumber,
    format: album.format,
    recordingLocation: album.recordingLocation,
    pLine: album.pLine,
    cLine: album.cLine,
    ai: album.ai,
    artists: album.artists.map((artist) => toCreditedArtist(artist, origin)),
    platforms: album.platforms,
    territories: album.territories,
    artwork: album.artwork ? toArtwork(album.artwork, origin) : null,
    autofill: album.autofill,
    createdAt: album.createdAt.toISOString(),
    updatedAt: album.updatedAt.toISOString(),
    publishedAt: album.publishedAt?.toISOString() ?? null,
    deletedAt: album.deletedAt?.toISOString() ?? null,
    ...reviewAsOf(album),
    reviewReasons: album.reviewReasons,
  };
}

/** Live on a platform before its release date is pre-release: ACCEPTED, out on `liveOn` (decision 0066). */
function reviewAsOf(album: AlbumRecord): Pick<Album, 'reviewStatus' | 'liveOn'> {
  const { status, liveOn } = statusAsOf(album.reviewStatus, album.releaseDate);
  return liveOn ? { reviewStatus: status, liveOn } : { reviewStatus: status };
}

export function toAlbumDetail(album: AlbumDetailRecord, origin: string): AlbumDetail {
  return {
    ...toAlbum(album, origin),
    tracks: album.tracks.map((track) => toTrack(track, origin)),
    // In the spec's platform order, whatever order the platforms answered in; a simulated store's page is stored
    // relative to this API (simulated-store.ts).
    links: [...album.links]
      .sort((a, b) => PLATFORMS.indexOf(a.platform) - PLATFORMS.indexOf(b.platform))
      .map((link) => ({ ...link, url: new URL(link.url, origin).toString() })),
  };
}

/**
 * The album's platforms: an entry for every chosen platform and every platform with a delivery state, in
 * the spec's platform order.
 */
export function toPlatformEntries(
  chosen: readonly string[],
  states: readonly PlatformStateRecord[],
  notes: readonly DeliveryNote[] = [],
  /** A platform's LIVE before this date is answered as pre-release (ACCEPTED with liveOn, decision 0066). */
  releaseDate: string | null = null,
): AlbumPlatformEntry[] {
  const byPlatform = new Map(states.map((state) => [state.platform, state]));
  const notesOf = new Map(notes.map((note) => [note.platform, note]));
  const withNote = (
    state: PlatformStateRecord['current'] | undefined,
    note: DeliveryNoteEntry | null | undefined,
  ) => {
    if (!state) return null;
    const { status, liveOn } = statusAsOf(state.status, releaseDate);
    const asOf = liveOn ? { ...state, status, liveOn } : state;
    if (!note) return asOf;
    // A finished delivery's reason matters only when it was refused; an old retry error of a delivery that got
    // through later is no news.
    const relevant = state.status === 'REJECTED' || state.status === 'PENDING';
    return {
      ...asOf,
      attempts: note.attempts,
      ...(note.message && relevant ? { message: note.message } : {}),
    };
  };
  return PLATFORMS.filter((platform) => chosen.includes(platform) || byPlatform.has(platform)).map(
    (platform) => ({
      id: platform,
      name: PLATFORM_NAMES[platform],
      current: withNote(byPlatform.get(platform)?.current, notesOf.get(platform)?.current),
      pending: withNote(byPlatform.get(platform)?.pending, notesOf.get(platform)?.pending),
    }),
  );
}
