import { createHash, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../testing/fixtures.js';
import { testDatabasePool } from '../../testing/test-database.js';
import { insertAlbum, insertTrack } from '../releases/index.js';
import { addDays, type CatalogueEntry, loadResolvedRows, type StagedRow } from '../reports/index.js';
import type { DayRange, TrendFilters } from './query.js';
import { type Figures, rankedSums, sumByKey } from './repository.js';

const db = testDatabasePool();

/**
 * The ranked statistic (one statement: the top keys of a range with their previous period, docs/decisions/
 * 0052-trends-at-scale.md, "Third pass") answers exactly what summing every key over both periods and ranking them
 * in JavaScript answers — the path it replaced. Random facts with small figures (so that equal sums and keys
 * missing from the previous period are common), loaded through the loader so that every rollup is
 * filled as in production; random ranges over months, ISO weeks and ragged days; every bucket kind, with and
 * without catalogue and territory filters (each reads a different set of tables).
 */

const FIRST_DAY = '2024-01-01';
const DAYS = 200;
const TRACKS = 7;
const PLATFORMS = ['SPOTIFY', 'TIDAL', 'SOUNDCLOUD', 'DEEZER'] as const;
const TERRITORIES = ['SE', 'NO', 'DE', null] as const;

/** A usage line: indexes into the label's tracks, the days from FIRST_DAY, PLATFORMS and TERRITORIES. */
type Line = {
  track: number;
  day: number;
  platform: number;
  territory: number;
  streams: number;
  sub30: number;
};
const line: fc.Arbitrary<Line> = fc
  .record({
    track: fc.nat(TRACKS - 1),
    day: fc.nat(DAYS - 1),
    platform: fc.nat(PLATFORMS.length - 1),
    territory: fc.nat(TERRITORIES.length - 1),
    // The loader leaves lines without streams out, so every row holds some.
    streams: fc.integer({ min: 1, max: 4 }),
    short: fc.nat(4),
  })
  .map(({ short, ...drawn }) => ({ ...drawn, sub30: Math.min(short, drawn.streams) }));
const lines = fc.uniqueArray(line, {
  minLength: 1,
  maxLength: 300,
  // fast-check draws arrays of about ten by default: too few lines for equal sums and every grain to appear.
  size: 'max',
  selector: (l) => `${l.track}|${l.day}|${l.platform}|${l.territory}`,
});

const question = fc.record({
  kind: fc.constantFrom('TRACK' as const, 'PLATFORM' as const, 'TERRITORY' as const),
  // Ranges from before the data to after it, one day to a little over half a year; short ones often (few lines,
  // so equal sums across platforms and territories too).
  start: fc.integer({ min: -20, max: DAYS }),
  days: fc.oneof(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 190 })),
  limit: fc.integer({ min: 1, max: 9 }),
  previous: fc.boolean(),
  filter: fc.oneof(
    fc.constant({ by: 'none' as const }),
    fc.record({ by: fc.constant('album' as const), album: fc.nat(1) }),
    fc.record({
      by: fc.constant('tracks' as const),
      tracks: fc.uniqueArray(fc.nat(TRACKS - 1), { minLength: 1, maxLength: 3 }),
    }),
    fc.record({ by: fc.constant('territory' as const), territory: fc.constantFrom('SE', 'NO') }),
  ),
});

/** The replaced path: every key's sums over both periods, ranked by streams then key, none without streams. */
async function rankedTheOldWay(
  kind: 'TRACK' | 'PLATFORM' | 'TERRITORY',
  current: DayRange,
  previous: DayRange | null,
  filters: TrendFilters,
  limit: number,
) {
  const NONE: Figures = { streams: 0, sub30: 0 };
  const [now, before] = await Promise.all([
    sumByKey(db, kind, current, filters),
    previous ? sumByKey(db, kind, previous, filters) : new Map<string, Figures>(),
  ]);
  return [...now.entries()]
    .filter(([, figures]) => figures.streams > 0)
    .sort(([a, x], [b, y]) => y.streams - x.streams || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit)
    .map(([key, figures]) => ({ key, current: figures, previous: before.get(key) ?? NONE }));
}

/** ISRCs are unique across accounts: each run's tracks take the next ones. */
let isrcs = 0;

async function label(drawn: Line[]) {
  const user = await createUser(db);
  const accountId = user.account.id;
  const albums = [await insertAlbum(db, accountId), await insertAlbum(db, accountId)];
  const tracks: CatalogueEntry[] = [];
  for (let i = 0; i < TRACKS; i += 1) {
    const albumId = albums[i % 2]!;
    isrcs += 1;
    const isrc = `SEKRT24${String(isrcs).padStart(5, '0')}`;
    const trackId = await insertTrack(db, accountId, albumId, i + 1, { title: `Track ${i}`, isrc });
    tracks.push({ trackId, albumId, accountId });
  }
  const rows: StagedRow[] = drawn.map((l, index) => ({
    line: index + 1,
    firstDay: addDays(FIRST_DAY, l.day),
    lastDay: addDays(FIRST_DAY, l.day),
    platform: PLATFORMS[l.platform]!,
    territory: TERRITORIES[l.territory]!,
    isrc: null,
    upc: null,
    streams: l.streams,
    sub30: l.sub30,
    playlist: null,
    entry: tracks[l.track]!,
    raw: null,
  }));
  const sha256 = createHash('sha256').update(randomUUID()).digest('hex');
  const result = await loadResolvedRows(db, { name: 'random', format: 'DEMO', sha256, size: 0 }, [rows]);
  expect(result.status).toBe('LOADED');
  return { accountId, albums, tracks };
}

describe('the ranked statistic', () => {
  it('equals every key summed over both periods and ranked in JavaScript', async () => {
    await fc.assert(
      fc.asyncProperty(
        lines,
        fc.array(question, { minLength: 12, maxLength: 12 }),
        async (drawn, questions) => {
          const { accountId, albums, tracks } = await label(drawn);
          for (const asked of questions) {
            const current = {
              start: addDays(FIRST_DAY, asked.start),
              end: addDays(FIRST_DAY, asked.start + asked.days - 1),
            };
            const previous = { start: addDays(current.start, -asked.days), end: addDays(current.start, -1) };
            const { filter } = asked;
            const filters: TrendFilters = {
              accountId,
              albumId: filter.by === 'album' ? albums[filter.album]! : null,
              trackIds: filter.by === 'tracks' ? filter.tracks.map((i) => tracks[i]!.trackId) : null,
              territory: filter.by === 'territory' ? filter.territory : null,
            };
            const asOf = asked.previous ? previous : null;
            const expected = await rankedTheOldWay(asked.kind, current, asOf, filters, asked.limit);
            const actual = await rankedSums(db, asked.kind, current, asOf, filters, asked.limit);
            expect(actual, JSON.stringify(asked)).toEqual(expected);
          }
        },
      ),
      { numRuns: 20 },
    );
  }, 120_000);
});
