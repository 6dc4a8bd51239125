import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../platform/db.js';
import { createTestDatabase } from '../testing/test-app.js';
import {
  type DemoFact,
  type DemoTrack,
  generateDemoFacts,
  mulberry32,
  seedDemoTrends,
} from './demo-trends.js';
import { dayNumber } from '../domains/reports/index.js';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const catalogue: DemoTrack[] = Array.from({ length: 6 }, (_, i) => ({
  trackId: uuid(i + 1),
  albumId: uuid(100 + Math.floor(i / 2)),
  accountId: uuid(200 + (i % 2)),
  releaseDate: ['2024-01-05', '2024-02-02', '2024-02-16', '2024-03-01', '2024-03-15', '2023-11-10'][i]!,
}));
const range = { from: '2024-01-01', to: '2024-06-30' };
const generated = new Map<number, DemoFact[]>();
const facts = (seed: number) => {
  if (!generated.has(seed)) generated.set(seed, [...generateDemoFacts({ seed, catalogue, ...range })]);
  return generated.get(seed)!;
};

/** Streams per day of one track (all platforms and territories). */
function daily(rows: DemoFact[], trackId: string): Map<string, number> {
  const days = new Map<string, number>();
  for (const row of rows)
    if (row.kind === 'stream' && row.entry.trackId === trackId)
      days.set(row.day, (days.get(row.day) ?? 0) + row.streams);
  return days;
}

describe('the demo generator', () => {
  it('mulberry32 is a fixed sequence', () => {
    const random = mulberry32(1);
    expect([random(), random(), random()].map((value) => value.toFixed(6))).toEqual([
      '0.627074',
      '0.002736',
      '0.527447',
    ]);
  });

  it('is deterministic: the same seed gives the same rows, another seed other rows', () => {
    const a = facts(7);
    const b = [...generateDemoFacts({ seed: 7, catalogue, ...range })];
    const c = facts(8);
    expect(a.length).toBeGreaterThan(10_000);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
    expect(c.length).not.toBe(a.length);
  });

  it('has the shapes: nothing before release, a release-day peak, weekends above weekdays, long tails', () => {
    const rows = facts(7);
    for (const track of catalogue.slice(0, 5)) {
      const days = daily(rows, track.trackId);
      expect([...days.keys()].every((day) => day >= track.releaseDate)).toBe(true);
      const release = days.get(track.releaseDate) ?? 0;
      const day30 = [...days].find(([day]) => dayNumber(day) === dayNumber(track.releaseDate) + 30)?.[1] ?? 0;
      expect(release, track.releaseDate).toBeGreaterThan(day30 * 2);
    }
    // Weekly rhythm, on the tracks' later days (past the release spikes).
    let weekend = 0;
    let weekendDays = 0;
    let weekday = 0;
    let weekdayDays = 0;
    for (const track of catalogue) {
      for (const [day, streams] of daily(rows, track.trackId)) {
        if (dayNumber(day) - dayNumber(track.releaseDate) < 60) continue;
        const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
        if (dow === 0 || dow === 6) [weekend, weekendDays] = [weekend + streams, weekendDays + 1];
        else [weekday, weekdayDays] = [weekday + streams, weekdayDays + 1];
      }
    }
    expect(weekend / weekendDays).toBeGreaterThan((weekday / weekdayDays) * 1.05);

    const byPlatform = new Map<string, number>();
    const byTerritory = new Map<string, number>();
    let streams = 0;
    let sub30 = 0;
    for (const row of rows) {
      if (row.kind !== 'stream') continue;
      byPlatform.set(row.platform, (byPlatform.get(row.platform) ?? 0) + row.streams);
      byTerritory.set(row.territory, (byTerritory.get(row.territory) ?? 0) + row.streams);
      streams += row.streams;
      sub30 += row.sub30;
      expect(row.sub30).toBeLessThanOrEqual(row.streams);
    }
    const platforms = [...byPlatform.values()].sort((x, y) => y - x);
    expect(byPlatform.size).toBeGreaterThanOrEqual(18);
    expect(platforms[0]! / streams).toBeGreaterThan(0.2); // a head…
    expect(platforms.slice(-5).reduce((sum, value) => sum + value, 0) / streams).toBeLessThan(0.05); // …and a tail
    expect(byTerritory.size).toBeGreaterThanOrEqual(30);
    expect(sub30 / streams).toBeGreaterThan(0.05);
    expect(sub30 / streams).toBeLessThan(0.3);
    expect(rows.some((row) => row.kind === 'playlist')).toBe(true);
  });
});

describe('seedDemoTrends', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(() => database.drop());

  it('writes the facts through the loader once; seeding again is a no-op', async () => {
    const small = { catalogue: catalogue.slice(0, 3), from: '2024-01-01', to: '2024-03-31' };
    const first = await seedDemoTrends(db, small.catalogue, { seed: 7, ...small });
    const expected = [...generateDemoFacts({ seed: 7, ...small })].filter((row) => row.kind === 'stream');
    expect(first).toMatchObject({ status: 'LOADED', format: 'DEMO', unmatched: 0 });
    const { rows } = await db.query<{ n: number; streams: string }>(
      'SELECT count(*)::int AS n, sum(streams) AS streams FROM stream_facts',
    );
    expect(rows[0]).toEqual({
      n: expected.length,
      streams: String(expected.reduce((sum, row) => sum + row.streams, 0)),
    });
    const playlists = await db.query<{ n: number }>(
      'SELECT count(DISTINCT playlist_id)::int AS n FROM playlist_facts',
    );
    expect(playlists.rows[0]!.n).toBeGreaterThan(0);

    const again = await seedDemoTrends(db, small.catalogue, {
      seed: 7,
      from: '2024-02-01',
      to: '2024-07-31',
    });
    expect(again.status).toBe('DUPLICATE');
    const after = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM stream_facts');
    expect(after.rows[0]!.n).toBe(expected.length);
  });
});
