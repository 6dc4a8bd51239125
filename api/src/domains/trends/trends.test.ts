import { randomUUID } from 'node:crypto';
import {
  playlistStreamSeriesSchema,
  playlistStreamStatisticsSchema,
  type Session,
  streamSeriesSchema,
  streamStatisticsSchemaFor,
  streamTotalSchema,
} from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { insertArtist } from '../artists/index.js';
import {
  insertAlbum,
  insertTrack,
  replaceAlbumArtists,
  replaceTrackArtists,
  updateAlbumFields,
} from '../releases/index.js';
import type { CatalogueEntry } from '../reports/index.js';
import { loadResolvedRows, type StagedRow } from '../reports/index.js';
import { addDays } from '../reports/index.js';

/**
 * Hand-made facts for two accounts, loaded through the loader (so the rollups are filled as in production); every
 * answer is checked against sums computed here from the same lines, whichever table the API read.
 */

let t: TestApp;
let owner: Session;
let other: Session;
type Track = CatalogueEntry & { title: string };
const tracks: Track[] = [];
let strangerTrack: Track;
let mara = '';
let guest = '';

const FIRST_DAY = '2024-01-01';
const LAST_DAY = '2024-06-30';
const PLATFORMS = ['SPOTIFY', 'TIDAL', 'SOUNDCLOUD'] as const;
const TERRITORIES = ['SE', 'NO', null] as const;

type Line = {
  day: string;
  track: Track;
  platform: string;
  territory: string | null;
  streams: number;
  sub30: number;
};
const lines: Line[] = [];
type PlaylistLine = { day: string; track: Track; playlist: string; streams: number };
const playlistLines: PlaylistLine[] = [];

const dayIndex = (day: string) => (Date.parse(day) - Date.parse(FIRST_DAY)) / 86_400_000;

function linesFor(track: Track, trackNo: number) {
  for (let day = FIRST_DAY; day <= LAST_DAY; day = addDays(day, 1)) {
    const d = dayIndex(day);
    PLATFORMS.forEach((platform, p) =>
      TERRITORIES.forEach((territory, r) => {
        const streams = ((d * 7 + trackNo * 13 + p * 5 + r * 3) % 17) + trackNo + 1;
        lines.push({ day, track, platform, territory, streams, sub30: streams % 4 });
      }),
    );
  }
}

function staged(): StagedRow[] {
  const rows: StagedRow[] = lines.map((line, index) => ({
    line: index + 1,
    firstDay: line.day,
    lastDay: line.day,
    platform: line.platform as StagedRow['platform'],
    territory: line.territory,
    isrc: null,
    upc: null,
    streams: line.streams,
    sub30: line.sub30,
    playlist: null,
    entry: { trackId: line.track.trackId, albumId: line.track.albumId, accountId: line.track.accountId },
    raw: null,
  }));
  for (const line of playlistLines)
    rows.push({
      line: rows.length + 1,
      firstDay: line.day,
      lastDay: line.day,
      platform: line.playlist === 'pl-fresh' ? 'SPOTIFY' : 'TIDAL',
      territory: null,
      isrc: null,
      upc: null,
      streams: line.streams,
      sub30: 0,
      playlist:
        line.playlist === 'pl-fresh'
          ? {
              externalId: 'pl-fresh',
              title: 'Fresh Finds',
              author: 'Editorial',
              followers: 1200,
              url: 'https://open.spotify.com/playlist/pl-fresh',
              imageUrl: null,
            }
          : {
              externalId: 'pl-calm',
              title: 'Calm',
              author: 'tidal-user',
              followers: null,
              url: null,
              imageUrl: null,
            },
      entry: { trackId: line.track.trackId, albumId: line.track.albumId, accountId: line.track.accountId },
      raw: null,
    });
  return rows;
}

type Filter = (line: Line) => boolean;
const mine: Filter = (line) => line.track.accountId === tracks[0]!.accountId;
function sum(from: string, to: string, filter: Filter = () => true, field: 'streams' | 'sub30' = 'streams') {
  return lines
    .filter((line) => mine(line) && line.day >= from && line.day <= to && filter(line))
    .reduce((total, line) => total + line[field], 0);
}

async function get(session: Session | null, url: string) {
  return t.app.inject({ url, headers: session ? bearer(session) : {} });
}

async function album(accountId: string, title: string, barcode: string, artistIds: string[]) {
  const id = await insertAlbum(t.db, accountId);
  await updateAlbumFields(t.db, id, { title, barcode, releaseDate: '2023-12-01' });
  await replaceAlbumArtists(
    t.db,
    id,
    artistIds.map((artistId) => ({ id: artistId, role: 'PRIMARY' as const })),
  );
  return id;
}

async function track(accountId: string, albumId: string, position: number, title: string, isrc: string) {
  const trackId = await insertTrack(t.db, accountId, albumId, position, { title, isrc });
  return { trackId, albumId, accountId, title };
}

beforeAll(async () => {
  t = await createTestApp();
  const ownerUser = await createUser(t.db);
  const otherUser = await createUser(t.db);
  owner = await login(t.app, ownerUser.email);
  other = await login(t.app, otherUser.email);
  const account = ownerUser.account.id;
  mara = await insertArtist(t.db, account, 'Mara');
  guest = await insertArtist(t.db, account, 'Guest');
  const first = await album(account, 'First', '8720205071234', [mara]);
  const second = await album(account, 'Second', '8720205071241', [guest]);
  tracks.push(await track(account, first, 1, 'Opening', 'SEABC2400001'));
  tracks.push(await track(account, first, 2, 'Duet', 'SEABC2400002'));
  tracks.push(await track(account, second, 1, 'Elsewhere', 'SEABC2400003'));
  await replaceTrackArtists(t.db, tracks[1]!.trackId, [
    { id: mara, role: 'PRIMARY' },
    { id: guest, role: 'PRIMARY' },
  ]);
  const strangerAlbum = await album(otherUser.account.id, 'Theirs', '8720205071258', []);
  strangerTrack = await track(otherUser.account.id, strangerAlbum, 1, 'Theirs', 'SEABC2400004');
  tracks.forEach((entry, index) => linesFor(entry, index));
  linesFor(strangerTrack, 9);
  for (let day = '2024-03-01'; day <= '2024-03-14'; day = addDays(day, 1)) {
    playlistLines.push({ day, track: tracks[0]!, playlist: 'pl-fresh', streams: day < '2024-03-08' ? 4 : 6 });
    playlistLines.push({ day, track: tracks[2]!, playlist: 'pl-calm', streams: 2 });
  }
  const result = await loadResolvedRows(
    t.db,
    { name: 'hand-made', format: 'DEMO', sha256: 'a'.repeat(64), size: 0 },
    [staged()],
  );
  expect(result.status).toBe('LOADED');
});
afterAll(() => t.close());

describe('GET /v1/trends/streams/total', () => {
  it('sums the loaded lines of the range and compares with the previous period of the same length', async () => {
    const total = expectShape(
      streamTotalSchema,
      await get(owner, '/v1/trends/streams/total?start_date=2024-03-08&end_date=2024-03-14'),
    );
    const current = sum('2024-03-08', '2024-03-14');
    const previous = sum('2024-03-01', '2024-03-07');
    expect(total.value).toBe(current);
    expect(total.change).toBeCloseTo((current - previous) / previous, 12);
  });

  it('has no change when the previous period had no streams', async () => {
    const total = expectShape(
      streamTotalSchema,
      await get(owner, '/v1/trends/streams/total?start_date=2024-01-01&end_date=2024-01-31'),
    );
    expect(total).toEqual({ value: sum('2024-01-01', '2024-01-31'), change: null });
  });

  it('reads the territory filter from the facts and rollups, months and ragged ends alike', async () => {
    const url = '/v1/trends/streams/total?start_date=2024-01-10&end_date=2024-06-20&territory=SE';
    const total = expectShape(streamTotalSchema, await get(owner, url));
    expect(total.value).toBe(sum('2024-01-10', '2024-06-20', (line) => line.territory === 'SE'));
  });

  it('filters by album, track and artist (a track credits its album’s artists when it names none)', async () => {
    const range = 'start_date=2024-02-01&end_date=2024-02-29';
    const [first, duet, elsewhere] = tracks as [Track, Track, Track];
    const value = async (filter: string) =>
      expectShape(streamTotalSchema, await get(owner, `/v1/trends/streams/total?${range}&${filter}`)).value;
    const inFeb = (filter: Filter) => sum('2024-02-01', '2024-02-29', filter);
    expect(await value(`album_id=${first.albumId}`)).toBe(
      inFeb((line) => line.track.albumId === first.albumId),
    );
    expect(await value(`track_id=${duet.trackId}`)).toBe(inFeb((line) => line.track === duet));
    // Mara: the album's first track (no own artists) and the duet; Guest: the duet and the second album's track.
    expect(await value(`artist_id=${mara}`)).toBe(inFeb((line) => line.track !== elsewhere));
    expect(await value(`artist_id=${guest}`)).toBe(inFeb((line) => line.track !== first));
    expect(await value(`artist_id=${guest}&track_id=${first.trackId}`)).toBe(0);
    expect(await value(`album_id=${first.albumId}&territory=NO`)).toBe(
      inFeb((line) => line.track.albumId === first.albumId && line.territory === 'NO'),
    );
  });

  it('shows only the signed-in account’s streams; another account’s ids match nothing', async () => {
    const range = 'start_date=2024-02-01&end_date=2024-02-29';
    const theirs = expectShape(streamTotalSchema, await get(other, `/v1/trends/streams/total?${range}`));
    expect(theirs.value).toBe(
      lines
        .filter(
          (line) => line.track === strangerTrack && line.day >= '2024-02-01' && line.day <= '2024-02-29',
        )
        .reduce((total, line) => total + line.streams, 0),
    );
    for (const filter of [
      `album_id=${tracks[0]!.albumId}`,
      `track_id=${tracks[0]!.trackId}`,
      `artist_id=${mara}`,
      `album_id=${randomUUID()}`,
      'track_id=not-a-uuid',
    ]) {
      const total = expectShape(
        streamTotalSchema,
        await get(other, `/v1/trends/streams/total?${range}&${filter}`),
      );
      expect(total, filter).toEqual({ value: 0, change: null });
    }
    const stats = expectShape(
      streamStatisticsSchemaFor('TRACK'),
      await get(other, `/v1/trends/streams/statistics?${range}&album_id=${tracks[0]!.albumId}`),
    );
    expect(stats.items).toEqual([]);
    expectError(await get(null, '/v1/trends/streams/total'), 401, 'UNAUTHENTICATED');
  });

  it('defaults to the 28 days up to yesterday', async () => {
    const total = expectShape(streamTotalSchema, await get(owner, '/v1/trends/streams/total'));
    expect(total).toEqual({ value: 0, change: null });
    const series = expectShape(streamSeriesSchema, await get(owner, '/v1/trends/streams/series'));
    const yesterday = addDays(new Date().toISOString().slice(0, 10), -1);
    expect(series.items).toHaveLength(56);
    expect(series.items.at(-1)).toMatchObject({ startDate: yesterday, endDate: yesterday });
    expect(series.items[0]).toMatchObject({ startDate: addDays(yesterday, -27) });
  });
});

describe('GET /v1/trends/streams/series', () => {
  it('has one day per period up to 92 days: all streams (sub30 false) and under 30 s (sub30 true)', async () => {
    const series = expectShape(
      streamSeriesSchema,
      await get(owner, '/v1/trends/streams/series?start_date=2024-03-01&end_date=2024-03-31'),
    );
    expect(series.items).toHaveLength(62);
    const [all, short] = series.items as [(typeof series.items)[0], (typeof series.items)[0]];
    expect(all).toEqual({
      bucketLabel: '2024-03-01',
      startDate: '2024-03-01',
      endDate: '2024-03-01',
      values: [sum('2024-03-01', '2024-03-01')],
      sub30: false,
    });
    expect(short).toMatchObject({ startDate: '2024-03-01', sub30: true });
    expect(short.values).toEqual([sum('2024-03-01', '2024-03-01', () => true, 'sub30')]);
    const allDays = series.items.filter((item) => !item.sub30);
    expect(allDays.reduce((total, item) => total + item.values[0]!, 0)).toBe(sum('2024-03-01', '2024-03-31'));
  });

  it('has ISO weeks beyond 92 days, the first and last clipped to the range', async () => {
    for (const filter of ['', '&territory=SE']) {
      const keep: Filter = filter ? (line) => line.territory === 'SE' : () => true;
      const series = expectShape(
        streamSeriesSchema,
        await get(owner, `/v1/trends/streams/series?start_date=2024-01-03&end_date=2024-06-26${filter}`),
      );
      const weeks = series.items.filter((item) => !item.sub30);
      expect(weeks).toHaveLength(26);
      expect(weeks[0]).toMatchObject({
        bucketLabel: '2024-W01',
        startDate: '2024-01-03',
        endDate: '2024-01-07',
      });
      expect(weeks[1]).toMatchObject({
        bucketLabel: '2024-W02',
        startDate: '2024-01-08',
        endDate: '2024-01-14',
      });
      expect(weeks.at(-1)).toMatchObject({
        bucketLabel: '2024-W26',
        startDate: '2024-06-24',
        endDate: '2024-06-26',
      });
      for (const week of weeks)
        expect(week.values, week.bucketLabel).toEqual([sum(week.startDate, week.endDate, keep)]);
      const short = series.items.filter((item) => item.sub30);
      expect(short[5]!.values).toEqual([sum(short[5]!.startDate, short[5]!.endDate, keep, 'sub30')]);
    }
  });

  it('with bucket_by has one value per bucket, in the order of the statistics rows', async () => {
    const query = 'start_date=2024-01-03&end_date=2024-06-26&bucket_by=platform&limit=2';
    const stats = expectShape(
      streamStatisticsSchemaFor('PLATFORM'),
      await get(owner, `/v1/trends/streams/statistics?${query}`),
    );
    const series = expectShape(streamSeriesSchema, await get(owner, `/v1/trends/streams/series?${query}`));
    const order = stats.items.map((row) => row.bucket.id);
    expect(order).toHaveLength(2);
    for (const item of series.items.slice(0, 6)) {
      expect(item.values).toEqual(
        order.map((platform) =>
          sum(
            item.startDate,
            item.endDate,
            (line) => line.platform === platform,
            item.sub30 ? 'sub30' : 'streams',
          ),
        ),
      );
    }
  });
});

describe('GET /v1/trends/streams/statistics', () => {
  const range = 'start_date=2024-02-10&end_date=2024-05-20';
  const previous = ['2023-11-01', '2024-02-09'] as const;

  it('by track (the default): most first, with title, album, artists and collaboration', async () => {
    const stats = expectShape(
      streamStatisticsSchemaFor('TRACK'),
      await get(owner, `/v1/trends/streams/statistics?${range}`),
    );
    const expected = tracks
      .map((entry) => ({ entry, value: sum('2024-02-10', '2024-05-20', (line) => line.track === entry) }))
      .sort((a, b) => b.value - a.value);
    expect(stats.items.map((row) => [row.bucket.id, row.value])).toEqual(
      expected.map(({ entry, value }) => [entry.trackId, value]),
    );
    const duet = stats.items.find((row) => row.bucket.id === tracks[1]!.trackId)!;
    expect(duet.bucket).toMatchObject({
      title: 'Duet',
      index: 2,
      isrc: 'SEABC2400002',
      isCollaboration: true,
      album: { id: tracks[1]!.albumId, title: 'First', barcode: '8720205071234', isCollaboration: false },
    });
    expect(duet.bucket.artists.map((artist) => artist.name)).toEqual(['Mara', 'Guest']);
    expect(duet.bucket.album.artists.map((artist) => artist.name)).toEqual(['Mara']);
    const opening = stats.items.find((row) => row.bucket.id === tracks[0]!.trackId)!;
    expect(opening.bucket.artists.map((artist) => artist.name)).toEqual(['Mara']);
    expect(opening.bucket.isCollaboration).toBe(false);
    const isDuet: Filter = (line) => line.track === tracks[1];
    expect(duet.sub30Value).toBe(sum('2024-02-10', '2024-05-20', isDuet, 'sub30'));
    const before = sum(...previous, isDuet);
    expect(duet.change).toBeCloseTo((duet.value - before) / before, 12);
    const sub30Before = sum(...previous, isDuet, 'sub30');
    expect(duet.sub30Change).toBeCloseTo((duet.sub30Value - sub30Before) / sub30Before, 12);
  });

  it('by platform and territory, with their names, limited; no territory reads as a bucket without id', async () => {
    const platforms = expectShape(
      streamStatisticsSchemaFor('PLATFORM'),
      await get(owner, `/v1/trends/streams/statistics?${range}&bucket_by=platform`),
    );
    expect(platforms.items.map((row) => row.bucket.id).sort()).toEqual([...PLATFORMS].sort());
    const soundcloud = platforms.items.find((row) => row.bucket.id === 'SOUNDCLOUD')!;
    expect(soundcloud.bucket.name).toBe('SoundCloud');
    const isSoundcloud: Filter = (line) => line.platform === 'SOUNDCLOUD';
    expect(soundcloud.value).toBe(sum('2024-02-10', '2024-05-20', isSoundcloud));
    const before = sum(...previous, isSoundcloud);
    expect(soundcloud.change).toBeCloseTo((soundcloud.value - before) / before, 12);
    const values = platforms.items.map((row) => row.value);
    expect(values).toEqual([...values].sort((a, b) => b - a));

    const territories = expectShape(
      streamStatisticsSchemaFor('TERRITORY'),
      await get(owner, `/v1/trends/streams/statistics?${range}&bucket_by=territory&limit=3`),
    );
    const byId = new Map(territories.items.map((row) => [row.bucket.id ?? null, row]));
    expect(byId.get('SE')!.bucket.name).toBe('Sweden');
    expect(byId.get(null)!.bucket).toEqual({ name: 'Not reported' });
    for (const territory of TERRITORIES)
      expect(byId.get(territory)!.value).toBe(
        sum('2024-02-10', '2024-05-20', (line) => line.territory === territory),
      );
    const limited = expectShape(
      streamStatisticsSchemaFor('TERRITORY'),
      await get(owner, `/v1/trends/streams/statistics?${range}&bucket_by=territory&limit=1`),
    );
    expect(limited.items).toEqual([territories.items[0]]);
  });

  it('by platform and territory over long ranges, without and with a catalogue filter, add up alike', async () => {
    // Without album, track or artist: the account rollups; with one: the per-track tables. A whole year ending on
    // the data's last day (ragged start: weeks and days, then months; the previous year holds nothing), and three
    // whole months whose previous period starts with a lone day (2023-12-31) before three months.
    const [first] = tracks as [Track];
    const cases: [string, string, string, Filter][] = [
      ['2023-07-03', '2024-06-30', '', () => true],
      ['2024-04-01', '2024-06-30', '', () => true],
      ['2024-04-01', '2024-06-30', '&territory=NO', (line) => line.territory === 'NO'],
      [
        '2024-04-01',
        '2024-06-30',
        `&album_id=${first.albumId}`,
        (line) => line.track.albumId === first.albumId,
      ],
      ['2023-07-03', '2024-06-30', `&artist_id=${guest}`, (line) => line.track !== first],
    ];
    for (const [start, end, extra, keep] of cases) {
      const days = dayIndex(end) - dayIndex(start) + 1;
      const before = [addDays(start, -days), addDays(start, -1)] as const;
      for (const kind of ['PLATFORM', 'TERRITORY'] as const) {
        const keyOf = (line: Line) => (kind === 'PLATFORM' ? line.platform : line.territory);
        const stats = expectShape(
          streamStatisticsSchemaFor(kind),
          await get(
            owner,
            `/v1/trends/streams/statistics?start_date=${start}&end_date=${end}&bucket_by=${kind.toLowerCase()}${extra}`,
          ),
        );
        const expected = [...new Set(lines.filter(mine).map(keyOf))]
          .map((key) => {
            const of: Filter = (line) => keep(line) && keyOf(line) === key;
            const change = (now: number, then: number) => (then > 0 ? (now - then) / then : null);
            const value = sum(start, end, of);
            const sub30Value = sum(start, end, of, 'sub30');
            return {
              id: key,
              value,
              change: change(value, sum(...before, of)),
              sub30Value,
              sub30Change: change(sub30Value, sum(...before, of, 'sub30')),
            };
          })
          .filter((row) => row.value > 0)
          .sort((a, b) => b.value - a.value || ((a.id ?? 'ZZ') < (b.id ?? 'ZZ') ? -1 : 1));
        const label = `${kind} ${start}..${end}${extra}`;
        expect(
          stats.items.map((row) => ({
            id: row.bucket.id ?? null,
            value: row.value,
            change: row.change,
            sub30Value: row.sub30Value,
            sub30Change: row.sub30Change,
          })),
          label,
        ).toEqual(expected);
      }
    }
  });

  it('daily series by territory, without and with a catalogue filter', async () => {
    const [, duet] = tracks as [Track, Track];
    for (const [extra, keep] of [
      ['', () => true],
      [`&track_id=${duet.trackId}`, (line: Line) => line.track === duet],
    ] as [string, Filter][]) {
      const query = `start_date=2024-03-04&end_date=2024-03-27&bucket_by=territory&limit=2${extra}`;
      const stats = expectShape(
        streamStatisticsSchemaFor('TERRITORY'),
        await get(owner, `/v1/trends/streams/statistics?${query}`),
      );
      const series = expectShape(streamSeriesSchema, await get(owner, `/v1/trends/streams/series?${query}`));
      const order = stats.items.map((row) => row.bucket.id ?? null);
      expect(order).toHaveLength(2);
      expect(series.items).toHaveLength(48);
      for (const item of series.items)
        expect(item.values, `${item.startDate}${extra}`).toEqual(
          order.map((territory) =>
            sum(
              item.startDate,
              item.endDate,
              (line) => keep(line) && line.territory === territory,
              item.sub30 ? 'sub30' : 'streams',
            ),
          ),
        );
    }
  });

  it('short ranges read the daily facts: by platform in one territory', async () => {
    const stats = expectShape(
      streamStatisticsSchemaFor('PLATFORM'),
      await get(
        owner,
        '/v1/trends/streams/statistics?start_date=2024-04-03&end_date=2024-04-09&bucket_by=platform&territory=NO',
      ),
    );
    const tidal = stats.items.find((row) => row.bucket.id === 'TIDAL')!;
    expect(tidal.value).toBe(
      sum('2024-04-03', '2024-04-09', (line) => line.platform === 'TIDAL' && line.territory === 'NO'),
    );
  });
});

describe('playlist streams', () => {
  it('series: the streams from playlists per day', async () => {
    const series = expectShape(
      playlistStreamSeriesSchema,
      await get(owner, '/v1/trends/playlist-streams/series?start_date=2024-03-06&end_date=2024-03-09'),
    );
    expect(series.items.map((item) => [item.startDate, item.values])).toEqual([
      ['2024-03-06', [6]],
      ['2024-03-07', [6]],
      ['2024-03-08', [8]],
      ['2024-03-09', [8]],
    ]);
    const filtered = expectShape(
      playlistStreamSeriesSchema,
      await get(
        owner,
        `/v1/trends/playlist-streams/series?start_date=2024-03-08&end_date=2024-03-08&track_id=${tracks[2]!.trackId}`,
      ),
    );
    expect(filtered.items[0]!.values).toEqual([2]);
  });

  it('statistics: per playlist with its details and change', async () => {
    const stats = expectShape(
      playlistStreamStatisticsSchema,
      await get(owner, '/v1/trends/playlist-streams/statistics?start_date=2024-03-08&end_date=2024-03-14'),
    );
    expect(stats.items).toHaveLength(2);
    expect(stats.items[0]).toMatchObject({
      bucket: {
        title: 'Fresh Finds',
        author: 'Editorial',
        platform: 'SPOTIFY',
        followers: 1200,
        url: 'https://open.spotify.com/playlist/pl-fresh',
      },
      value: 42,
      change: 0.5,
    });
    expect(stats.items[1]).toMatchObject({
      bucket: { title: 'Calm', platform: 'TIDAL' },
      value: 14,
      change: 0,
    });
    const limited = expectShape(
      playlistStreamStatisticsSchema,
      await get(
        owner,
        '/v1/trends/playlist-streams/statistics?start_date=2024-03-08&end_date=2024-03-14&limit=1',
      ),
    );
    expect(limited.items.map((row) => row.bucket.title)).toEqual(['Fresh Finds']);
    const theirs = expectShape(
      playlistStreamStatisticsSchema,
      await get(other, '/v1/trends/playlist-streams/statistics?start_date=2024-03-08&end_date=2024-03-14'),
    );
    expect(theirs.items).toEqual([]);
  });
});

describe('bad parameters', () => {
  const detailsOf = async (url: string) =>
    expectError(await get(owner, url), 400, 'VALIDATION_FAILED').details?.map((issue) => issue.path);

  it('answer 400 naming the parameter', async () => {
    expect(await detailsOf('/v1/trends/streams/total?start_date=2024-03-10&end_date=2024-03-01')).toEqual([
      ['querystring', 'end_date'],
    ]);
    expect(await detailsOf('/v1/trends/streams/statistics?bucket_by=TRACK')).toEqual([
      ['querystring', 'bucket_by'],
    ]);
    expect(await detailsOf('/v1/trends/streams/series?start_date=2024-02-30')).toEqual([
      ['querystring', 'start_date'],
    ]);
    expect(await detailsOf('/v1/trends/streams/statistics?limit=0')).toEqual([['querystring', 'limit']]);
    expect(await detailsOf('/v1/trends/streams/total?territory=Sweden')).toEqual([
      ['querystring', 'territory'],
    ]);
    expect(await detailsOf('/v1/trends/streams/total?end_date=2023-12-31&start_date=2020-12-01')).toEqual([
      ['querystring', 'start_date'],
    ]);
    expect(await detailsOf('/v1/trends/playlist-streams/statistics?territory=SE')).toEqual([
      ['querystring', 'territory'],
    ]);
    expect(await detailsOf('/v1/trends/playlist-streams/series?bucket_by=territory')).toEqual([
      ['querystring', 'bucket_by'],
    ]);
  });

  it('accept the longest range (TRENDS_MAX_DAYS, 1096 days)', async () => {
    const total = await get(owner, '/v1/trends/streams/total?start_date=2021-07-01&end_date=2024-06-30');
    expect(expectShape(streamTotalSchema, total).value).toBe(sum(FIRST_DAY, LAST_DAY));
  });
});
