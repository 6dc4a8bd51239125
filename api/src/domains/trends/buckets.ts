import {
  type ArtistReference,
  type ArtworkSummary,
  PLATFORM_NAMES,
  type Platform,
  type PlatformTrendBucket,
  type Store,
  STORES,
  type TerritoryTrendBucket,
  type TrackTrendBucket,
} from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import { imageFileUrl } from '../media/index.js';
import { type CreditedArtistRecord, creditedArtistsOf } from '../releases/index.js';
import { NO_TERRITORY } from '../reports/index.js';
import { type TrackBucketRow, tracksForBuckets } from './repository.js';

/** Display names of the stores that are not delivery platforms (those use PLATFORM_NAMES). */
const OTHER_STORE_NAMES: Partial<Record<Store, string>> = {
  SOUNDCLOUD: 'SoundCloud',
  INSTAGRAM: 'Instagram',
  NAPSTER: 'Napster',
  ITUNES: 'iTunes',
  AUDIBLE_MAGIC: 'Audible Magic',
  AWA: 'AWA',
  BOOMPLAY: 'Boomplay',
  CAPCUT: 'CapCut',
  FIZY: 'fizy',
  FLO: 'FLO',
  GAANA: 'Gaana',
  GENIE: 'Genie',
  HUNGAMA: 'Hungama',
  IHEARTRADIO: 'iHeartRadio',
  JOOX: 'JOOX',
  JUNO_DOWNLOAD: 'Juno Download',
  KKBOX: 'KKBOX',
  KUGOU: 'Kugou',
  KUWO: 'Kuwo',
  LIVEONE: 'LiveOne',
  MEDIANET: 'MediaNet',
  MELON: 'Melon',
  MIXCLOUD: 'Mixcloud',
  NUUDAY: 'Nuuday',
  PELOTON: 'Peloton',
  QQ_MUSIC: 'QQ Music',
  RESSO: 'Resso',
  SIRIUSXM: 'SiriusXM',
  SLACKER: 'Slacker',
  SNAPCHAT: 'Snapchat',
  TOUCHTUNES: 'TouchTunes',
  TRAXSOURCE: 'Traxsource',
  TRILLER: 'Triller',
  VK: 'VK',
  WYNK: 'Wynk Music',
  ZVUK: 'Zvuk',
  UNKNOWN: 'Other services',
};

const STORE_SET: ReadonlySet<string> = new Set(STORES);

export function platformBucket(id: string): PlatformTrendBucket {
  const store = (STORE_SET.has(id) ? id : 'UNKNOWN') as Store;
  const name = PLATFORM_NAMES[store as Platform] ?? OTHER_STORE_NAMES[store] ?? store;
  return { id: store, name };
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** The territory's English name; ZZ (the report named none) has no id. */
export function territoryBucket(code: string): TerritoryTrendBucket {
  if (code === NO_TERRITORY) return { name: 'Not reported' };
  let name = code;
  try {
    name = regionNames.of(code) ?? code;
  } catch {
    // An odd code is shown as it is.
  }
  return { id: code as TerritoryTrendBucket['id'], name };
}

const reference = (artist: CreditedArtistRecord): ArtistReference => ({
  id: artist.id,
  name: artist.name,
  role: artist.role,
});

const isCollaboration = (artists: CreditedArtistRecord[]) =>
  artists.filter((artist) => artist.role === 'PRIMARY').length > 1;

function artworkOf(row: TrackBucketRow, origin: string): ArtworkSummary | null {
  if (!row.image_id || !row.image_renditions) return null;
  const rendition = (name: 'medium' | 'thumbnail') => {
    const stored = row.image_renditions?.[name];
    if (!stored) return null;
    const { file, size, width, height } = stored;
    return { url: imageFileUrl(origin, row.image_id!, file), size, width, height, name: stored.name };
  };
  return { id: row.image_id, medium: rendition('medium'), thumbnail: rendition('thumbnail') };
}

/**
 * TRACK buckets of the account's tracks, by id. A track names its own artists or, naming none, its album's (as
 * everywhere in the catalogue); it is a collaboration when more than one of them is PRIMARY.
 */
export async function trackBuckets(
  q: Queryable,
  accountId: string,
  ids: string[],
  origin: string,
): Promise<Map<string, TrackTrendBucket>> {
  const rows = await tracksForBuckets(q, accountId, ids);
  const albumIds = [...new Set(rows.map((row) => row.album_id))];
  const [trackArtists, albumArtists] = await Promise.all([
    creditedArtistsOf(
      q,
      'track_artists',
      rows.map((row) => row.id),
    ),
    creditedArtistsOf(q, 'album_artists', albumIds),
  ]);
  const buckets = new Map<string, TrackTrendBucket>();
  for (const row of rows) {
    const onAlbum = albumArtists.get(row.album_id) ?? [];
    const own = trackArtists.get(row.id) ?? [];
    const artists = own.length > 0 ? own : onAlbum;
    buckets.set(row.id, {
      id: row.id,
      title: row.title,
      index: row.position,
      version: row.version,
      isrc: row.isrc,
      album: {
        id: row.album_id,
        title: row.album_title,
        version: row.album_version,
        barcode: row.barcode,
        artwork: artworkOf(row, origin),
        artists: onAlbum.map(reference),
        isCollaboration: isCollaboration(onAlbum),
      },
      artists: artists.map(reference),
      isCollaboration: isCollaboration(artists),
    });
  }
  return buckets;
}
