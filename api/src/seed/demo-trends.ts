import { createHash } from 'node:crypto';
import type { Store } from '@tunehouse/contracts';
import type { Db } from '../platform/db.js';
import type { CatalogueEntry } from '../domains/reports/index.js';
import { demoRevenueMicro } from './demo-revenue.js';
import {
  type LoadOptions,
  type LoadResult,
  loadResolvedRows,
  type StagedRow,
} from '../domains/reports/index.js';
import { addDays, dayNumber, dayString, type PlaylistRef } from '../domains/reports/index.js';

/**
 * Deterministic demo trends (docs/decisions/0037-stream-facts.md): the same seed, catalogue, range and scale give
 * the same facts, in the same order, on every machine. No Math.random: one mulberry32 stream per track, seeded from
 * the seed and the track id, so a track's figures do not depend on the other tracks.
 *
 * Shape: a track has no streams before its release date, a spike on release day that decays over one to three
 * weeks onto a slowly fading baseline (log-normal popularity), a weekly rhythm (Friday to Sunday above Monday to
 * Thursday), day-to-day noise, platform shares with a long tail over 21 of the 23 platforms (GRACENOTE and SHAZAM
 * report no streams) tilted per track, a territory long tail with one "home" territory per track, regional
 * platforms only in their regions, a sub-30-second share per platform (TikTok and Facebook the highest), and
 * playlist adds that bring streams on their platform while the track stays on the playlist.
 */

/** mulberry32: a small, fast 32-bit PRNG; answers floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A 32-bit seed from several parts (FNV-1a over their text). */
export function seedOf(...parts: (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('\u0000')) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

type Random = () => number;

function normal(random: Random): number {
  // Box–Muller; 1 - u keeps the logarithm finite.
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function poisson(random: Random, mean: number): number {
  if (mean <= 0) return 0;
  if (mean >= 12) return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal(random)));
  const limit = Math.exp(-mean);
  let count = 0;
  let product = random();
  while (product > limit) {
    count += 1;
    product *= random();
  }
  return count;
}

function binomial(random: Random, n: number, p: number): number {
  if (n <= 0 || p <= 0) return 0;
  if (n < 12) {
    let count = 0;
    for (let i = 0; i < n; i += 1) if (random() < p) count += 1;
    return count;
  }
  const value = Math.round(n * p + Math.sqrt(n * p * (1 - p)) * normal(random));
  return Math.min(n, Math.max(0, value));
}

/** Streaming platforms' shares (weights), long tail; regional ones list their territories. */
const PLATFORM_MODEL: readonly { platform: Store; weight: number; sub30: number; regions?: string[] }[] = [
  { platform: 'SPOTIFY', weight: 32, sub30: 0.1 },
  { platform: 'YOUTUBE', weight: 14, sub30: 0.2 },
  { platform: 'APPLE_MUSIC', weight: 13, sub30: 0.07 },
  { platform: 'AMAZON', weight: 8, sub30: 0.08 },
  { platform: 'TIKTOK', weight: 6, sub30: 0.45 },
  { platform: 'DEEZER', weight: 4, sub30: 0.1 },
  { platform: 'FACEBOOK', weight: 3, sub30: 0.35 },
  { platform: 'TIDAL', weight: 2, sub30: 0.06 },
  { platform: 'AUDIOMACK', weight: 2, sub30: 0.14 },
  { platform: 'PANDORA', weight: 2, sub30: 0.12, regions: ['US'] },
  { platform: 'JIOSAAVN', weight: 1.8, sub30: 0.12, regions: ['IN'] },
  { platform: 'TENCENT', weight: 1.6, sub30: 0.15, regions: ['CN'] },
  { platform: 'NETEASE', weight: 1.4, sub30: 0.15, regions: ['CN'] },
  { platform: 'ANGHAMI', weight: 1, sub30: 0.12, regions: ['AE', 'SA', 'EG'] },
  { platform: 'YANDEX', weight: 1, sub30: 0.1, regions: ['RU', 'KZ'] },
  { platform: 'LINE', weight: 0.8, sub30: 0.1, regions: ['JP', 'TH', 'TW'] },
  { platform: 'CLARO', weight: 0.7, sub30: 0.1, regions: ['BR', 'MX', 'AR', 'CO', 'CL'] },
  { platform: 'BUGS', weight: 0.5, sub30: 0.1, regions: ['KR'] },
  { platform: 'QOBUZ', weight: 0.4, sub30: 0.04 },
  { platform: 'SEVEN_DIGITAL', weight: 0.2, sub30: 0.05 },
  { platform: 'BEATPORT', weight: 0.2, sub30: 0.3 },
];

/** Territories of the global platforms, a long tail (weights). */
const TERRITORY_MODEL: readonly [string, number][] = [
  ['US', 24],
  ['GB', 7],
  ['DE', 6],
  ['BR', 6],
  ['MX', 5],
  ['FR', 4],
  ['JP', 3.5],
  ['IN', 3],
  ['CA', 3],
  ['AU', 2.6],
  ['ES', 2.5],
  ['IT', 2.3],
  ['NL', 2],
  ['ID', 2],
  ['SE', 1.8],
  ['PH', 1.8],
  ['PL', 1.4],
  ['TR', 1.3],
  ['AR', 1.3],
  ['CO', 1.2],
  ['CL', 1],
  ['NO', 0.9],
  ['BE', 0.9],
  ['DK', 0.8],
  ['CH', 0.8],
  ['ZA', 0.8],
  ['FI', 0.7],
  ['AT', 0.7],
  ['IE', 0.6],
  ['NZ', 0.5],
];
const REGIONAL_WEIGHTS: Readonly<Record<string, number>> = {
  CN: 10,
  KR: 3,
  RU: 4,
  KZ: 0.5,
  AE: 1,
  SA: 1.2,
  EG: 1.4,
  TH: 1.5,
  TW: 1.2,
};

/** Friday to Sunday above the rest (index: 0 = Sunday, as getUTCDay). */
const WEEKDAY_FACTOR = [1.1, 0.92, 0.93, 0.95, 0.98, 1.08, 1.16];

export type DemoTrack = CatalogueEntry & {
  releaseDate: string;
  /**
   * What the track's figures are drawn from when it has a stable name (the demo catalogue's fixed ISRCs): a track
   * id is new in every database, so drawing from it gave the same demo track other figures on every seed, and a
   * settled fee in one database and an unsettled one in the next. The track id when absent.
   */
  seedKey?: string;
};

export type DemoPlaylist = PlaylistRef & { platform: Store };

export type DemoFactsOptions = {
  seed: number;
  catalogue: readonly DemoTrack[];
  /** First and last day generated (inclusive, YYYY-MM-DD). */
  from: string;
  to: string;
  /** Multiplies the audience (streams and, through them, how many platform × territory cells are non-zero). */
  scale?: number;
};

export type DemoStreamFact = {
  kind: 'stream';
  day: string;
  entry: CatalogueEntry;
  platform: Store;
  territory: string;
  streams: number;
  sub30: number;
};
export type DemoPlaylistFact = {
  kind: 'playlist';
  day: string;
  entry: CatalogueEntry;
  playlist: DemoPlaylist;
  streams: number;
};
export type DemoFact = DemoStreamFact | DemoPlaylistFact;

const PLAYLIST_WORDS = [
  [
    'Fresh',
    'Late Night',
    'Morning',
    'Indie',
    'Chill',
    'Focus',
    'Weekend',
    'Nordic',
    'Soul',
    'Lo-Fi',
    'Summer',
    'Rainy Day',
  ],
  ['Finds', 'Vibes', 'Mix', 'Essentials', 'Discoveries', 'Hits', 'Grooves', 'Picks', 'Radar', 'Session'],
];
const PLAYLIST_PLATFORMS: readonly [Store, number, string][] = [
  ['SPOTIFY', 20, 'https://open.spotify.com/playlist/'],
  ['APPLE_MUSIC', 8, 'https://music.apple.com/playlist/'],
  ['DEEZER', 6, 'https://www.deezer.com/playlist/'],
  ['AMAZON', 5, 'https://music.amazon.com/playlists/'],
  ['YOUTUBE', 5, 'https://music.youtube.com/playlist?list='],
  ['TIDAL', 4, 'https://tidal.com/playlist/'],
];
const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The demo playlists of a seed: 48 over six platforms, followers from a few hundred to a couple of million. */
export function demoPlaylists(seed: number): DemoPlaylist[] {
  const random = mulberry32(seedOf(seed, 'playlists'));
  const playlists: DemoPlaylist[] = [];
  for (const [platform, count, urlBase] of PLAYLIST_PLATFORMS) {
    for (let i = 0; i < count; i += 1) {
      const externalId = Array.from({ length: 22 }, () => ID_ALPHABET[Math.floor(random() * 62)]).join('');
      const title = `${PLAYLIST_WORDS[0]![Math.floor(random() * 12)]} ${PLAYLIST_WORDS[1]![Math.floor(random() * 10)]}`;
      const editorial = random() < 0.4;
      playlists.push({
        platform,
        externalId,
        title,
        author: editorial ? 'Editorial' : `listener${Math.floor(random() * 90_000) + 10_000}`,
        followers: Math.round(Math.exp(Math.log(300) + random() * (Math.log(2_000_000) - Math.log(300)))),
        url: `${urlBase}${externalId}`,
        imageUrl: null,
      });
    }
  }
  return playlists;
}

type TrackModel = {
  track: DemoTrack;
  random: Random;
  release: number;
  base: number;
  spike: number;
  decay: number;
  platforms: { platform: Store; weight: number; sub30: number; territories: [string, number][] }[];
  adds: { playlist: DemoPlaylist; platformIndex: number; from: number; to: number; perDay: number }[];
};

function trackModel(track: DemoTrack, seed: number, scale: number, playlists: DemoPlaylist[]): TrackModel {
  const random = mulberry32(seedOf(seed, track.seedKey ?? track.trackId));
  const base = 120 * scale * Math.exp(1.1 * normal(random));
  const home = TERRITORY_MODEL[Math.floor(random() * 12)]![0];
  const sub30Tilt = Math.exp(0.2 * normal(random));
  const territories = TERRITORY_MODEL.map(([code, weight]): [string, number] => [
    code,
    code === home ? weight * 4 : weight,
  ]);
  const platforms = PLATFORM_MODEL.map((model) => {
    const list: [string, number][] = model.regions
      ? model.regions.map((code) => [
          code,
          REGIONAL_WEIGHTS[code] ?? TERRITORY_MODEL.find(([c]) => c === code)?.[1] ?? 1,
        ])
      : territories;
    const total = list.reduce((sum, [, weight]) => sum + weight, 0);
    return {
      platform: model.platform,
      weight: model.weight * Math.exp(0.3 * normal(random)),
      sub30: Math.min(0.9, model.sub30 * sub30Tilt),
      territories: list.map(([code, weight]): [string, number] => [code, weight / total]),
    };
  });
  const platformTotal = platforms.reduce((sum, platform) => sum + platform.weight, 0);
  for (const platform of platforms) platform.weight /= platformTotal;

  const release = dayNumber(track.releaseDate);
  const adds: TrackModel['adds'] = [];
  const addCount = poisson(random, 1 + Math.min(4, base / 150));
  for (let i = 0; i < addCount && playlists.length; i += 1) {
    // Smaller playlists take a track more readily: pick the smaller of two.
    const [a, b] = [
      playlists[Math.floor(random() * playlists.length)]!,
      playlists[Math.floor(random() * playlists.length)]!,
    ];
    const playlist = (a.followers ?? 0) <= (b.followers ?? 0) ? a : b;
    const from = release + Math.floor(-Math.log(1 - random()) * 20);
    // Followers who play the track a day, at most what the track draws anyway (a playlist lifts, never dwarfs).
    const engagement = 0.0005 + random() * 0.0025;
    adds.push({
      playlist,
      platformIndex: platforms.findIndex((item) => item.platform === playlist.platform),
      from,
      to: from + 14 + Math.floor(random() * 106),
      perDay: Math.min((playlist.followers ?? 0) * engagement, base * (0.2 + random())),
    });
  }
  return {
    track,
    random,
    release,
    base,
    spike: 4 + random() * 8,
    decay: 7 + random() * 14,
    platforms,
    adds,
  };
}

/** Generates the demo facts day by day for each track of the catalogue, in a fixed order. */
export function* generateDemoFacts({
  seed,
  catalogue,
  from,
  to,
  scale = 1,
}: DemoFactsOptions): Generator<DemoFact> {
  const playlists = demoPlaylists(seed);
  const first = dayNumber(from);
  const last = dayNumber(to);
  for (const track of catalogue) {
    const model = trackModel(track, seed, scale, playlists);
    const { random } = model;
    const entry: CatalogueEntry = {
      trackId: track.trackId,
      albumId: track.albumId,
      accountId: track.accountId,
    };
    const boost = new Float64Array(model.platforms.length);
    const totals = new Int32Array(model.platforms.length);
    for (let dayNo = Math.max(first, model.release); dayNo <= last; dayNo += 1) {
      const day = dayString(dayNo);
      const age = dayNo - model.release;
      const weekday = WEEKDAY_FACTOR[(dayNo + 4) % 7]!;
      const noise = Math.exp(0.12 * normal(random));
      const expected =
        model.base *
        (0.6 + 0.4 * Math.exp(-age / 180)) *
        (1 + model.spike * Math.exp(-age / model.decay)) *
        weekday *
        noise;
      boost.fill(0);
      const active: { add: TrackModel['adds'][number]; streams: number }[] = [];
      for (const add of model.adds) {
        if (dayNo < add.from || dayNo > add.to || add.platformIndex < 0) continue;
        const streams = Math.round(add.perDay * Math.exp(-(dayNo - add.from) / 60) * weekday * noise);
        if (streams <= 0) continue;
        boost[add.platformIndex]! += streams;
        active.push({ add, streams });
      }
      for (let p = 0; p < model.platforms.length; p += 1) {
        const platform = model.platforms[p]!;
        const platformExpected = expected * platform.weight + boost[p]!;
        let total = 0;
        for (const [territory, share] of platform.territories) {
          const streams = poisson(random, platformExpected * share);
          if (streams === 0) continue;
          total += streams;
          yield {
            kind: 'stream',
            day,
            entry,
            platform: platform.platform,
            territory,
            streams,
            sub30: binomial(random, streams, platform.sub30),
          };
        }
        totals[p] = total;
      }
      // A playlist's streams are part of its platform's streams that day.
      for (const { add, streams } of active) {
        const counted = Math.min(streams, totals[add.platformIndex]!);
        if (counted <= 0) continue;
        totals[add.platformIndex]! -= counted;
        yield { kind: 'playlist', day, entry, playlist: add.playlist, streams: counted };
      }
    }
  }
}

/** Demo facts as staging rows, in batches, for the loader. */
export function* demoBatches(facts: Iterable<DemoFact>, batchSize = 10_000): Generator<StagedRow[]> {
  let batch: StagedRow[] = [];
  let line = 0;
  for (const fact of facts) {
    line += 1;
    batch.push(
      fact.kind === 'stream'
        ? {
            line,
            firstDay: fact.day,
            lastDay: fact.day,
            platform: fact.platform,
            territory: fact.territory,
            isrc: null,
            upc: null,
            streams: fact.streams,
            sub30: fact.sub30,
            // In the loader's currency (the platform's): demo revenue is earned where the platform pays it out.
            revenueMicro: demoRevenueMicro(fact.platform, fact.territory, fact.streams, fact.sub30),
            playlist: null,
            entry: fact.entry,
            raw: null,
          }
        : {
            line,
            firstDay: fact.day,
            lastDay: fact.day,
            platform: fact.playlist.platform,
            territory: null,
            isrc: null,
            upc: null,
            streams: fact.streams,
            sub30: 0,
            playlist: fact.playlist,
            entry: fact.entry,
            raw: null,
          },
    );
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

export type SeedDemoTrendsOptions = LoadOptions & {
  seed?: number;
  /** Default: the 365 days up to yesterday (UTC). */
  from?: string;
  to?: string;
  scale?: number;
};

export const DEMO_TRENDS_SEED = 20_240_301;

/**
 * Seeds demo trends for a catalogue through the loader (COPY, merge, rollups). Idempotent: the data set is recorded
 * as a DEMO report file identified by the seed, scale and catalogue (not the dates), so seeding again — on any
 * later day — is a no-op that answers DUPLICATE.
 */
export async function seedDemoTrends(
  db: Db,
  catalogue: readonly DemoTrack[],
  { seed = DEMO_TRENDS_SEED, scale = 1, from, to, ...options }: SeedDemoTrendsOptions = {},
): Promise<LoadResult> {
  const lastDay = to ?? addDays(new Date().toISOString().slice(0, 10), -1);
  const firstDay = from ?? addDays(lastDay, -364);
  const identity = JSON.stringify({
    generator: 1,
    seed,
    scale,
    tracks: catalogue.map((track) => [track.trackId, track.releaseDate]),
  });
  const sha256 = createHash('sha256').update(identity).digest('hex');
  const facts = generateDemoFacts({ seed, catalogue, from: firstDay, to: lastDay, scale });
  return loadResolvedRows(
    db,
    {
      name: `demo trends (seed ${seed}, ${catalogue.length} tracks, scale ${scale})`,
      format: 'DEMO',
      sha256,
      size: 0,
    },
    demoBatches(facts),
    options,
  );
}
