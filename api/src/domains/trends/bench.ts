import type { Db } from '../../platform/db.js';
import { type DemoTrack, mulberry32, seedDemoTrends, seedOf } from './demo-generator.js';
import type { LoadResult } from './loader.js';
import { formatBytes } from './progress.js';
import { addDays } from './usage.js';

/**
 * Benchmark-size trends (`npm run ingest -- --scale N`): a synthetic catalogue of N × 1,000 tracks (albums of 1 to
 * 12 tracks, 20 tracks an account, releases over the two years before the last day), a year of demo facts loaded
 * through the loader, then one more day loaded on top (a daily report), table sizes, and the trends queries timed
 * on the daily facts and on the rollups.
 */

export type BenchOptions = {
  scale: number;
  seed: number;
  days: number;
  /** The last day generated (default: yesterday, UTC). */
  to?: string;
  log: (line: string) => void;
  onProgress?: (rows: number) => void;
};

function uuidFrom(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = '8';
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

export function syntheticCatalogue(tracks: number, seed: number, lastDay: string): DemoTrack[] {
  const random = mulberry32(seedOf(seed, 'catalogue'));
  const catalogue: DemoTrack[] = [];
  const accounts = Array.from({ length: Math.max(1, Math.ceil(tracks / 20)) }, () => uuidFrom(random));
  while (catalogue.length < tracks) {
    const albumId = uuidFrom(random);
    const accountId = accounts[Math.floor(random() * accounts.length)]!;
    const releaseDate = addDays(lastDay, -Math.floor(random() * 730));
    const size = random() < 0.45 ? 1 : 2 + Math.floor(random() * 11);
    for (let i = 0; i < size && catalogue.length < tracks; i += 1)
      catalogue.push({ trackId: uuidFrom(random), albumId, accountId, releaseDate });
  }
  return catalogue;
}

async function timed<T>(work: () => Promise<T>, runs = 3): Promise<{ ms: number; result: T }> {
  let best = Infinity;
  let result: T | undefined;
  for (let i = 0; i < runs; i += 1) {
    const started = process.hrtime.bigint();
    result = await work();
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e6);
  }
  return { ms: best, result: result as T };
}

async function sizeOf(db: Db, table: string, partitioned: boolean) {
  const { rows } = await db.query<{ bytes: string; rows: string }>(
    partitioned
      ? `SELECT coalesce(sum(pg_total_relation_size(inhrelid)), 0) AS bytes,
                coalesce(sum(c.reltuples::bigint), 0) AS rows
           FROM pg_inherits JOIN pg_class c ON c.oid = inhrelid WHERE inhparent = $1::regclass`
      : `SELECT pg_total_relation_size($1::regclass) AS bytes, c.reltuples::bigint AS rows
           FROM pg_class c WHERE c.oid = $1::regclass`,
    [table],
  );
  return { bytes: Number(rows[0]?.bytes ?? 0), rows: Number(rows[0]?.rows ?? 0) };
}

function describeLoad(result: LoadResult, phases: [string, number][]): string {
  const seconds = result.milliseconds / 1000;
  return (
    `${result.rows.toLocaleString('en-US')} rows in ${seconds.toFixed(1)} s ` +
    `(${Math.round(result.rows / seconds).toLocaleString('en-US')} rows/s): ` +
    phases.map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)} s`).join(', ')
  );
}

export async function runTrendsBenchmark(db: Db, options: BenchOptions): Promise<void> {
  const { log } = options;
  const to = options.to ?? addDays(new Date().toISOString().slice(0, 10), -1);
  const from = addDays(to, -(options.days - 1));
  const tracks = Math.max(1, Math.round(options.scale * 1000));
  const catalogue = syntheticCatalogue(tracks, options.seed, to);
  log(
    `Benchmark: ${tracks.toLocaleString('en-US')} tracks, ${from}..${to} (${options.days} days), seed ${options.seed}`,
  );

  const phases: [string, number][] = [];
  const load = await seedDemoTrends(db, catalogue, {
    seed: options.seed,
    from,
    to,
    onProgress: ({ rows }) => options.onProgress?.(rows),
    onPhase: (phase, ms) => phases.push([phase, ms]),
  });
  log(`Year load: ${describeLoad(load, phases)}`);

  // A daily report on top of a full year: the incremental cost (merge into big tables, rollups upserted).
  const dayPhases: [string, number][] = [];
  const nextDay = addDays(to, 1);
  const daily = await seedDemoTrends(db, catalogue, {
    seed: options.seed + 1,
    from: nextDay,
    to: nextDay,
    onPhase: (phase, ms) => dayPhases.push([phase, ms]),
  });
  log(`One more day: ${describeLoad(daily, dayPhases)}`);
  await db.query(
    'ANALYZE stream_facts; ANALYZE stream_facts_weekly; ANALYZE stream_facts_monthly; ANALYZE stream_facts_track_daily; ANALYZE playlist_facts',
  );

  for (const [table, partitioned] of [
    ['stream_facts', true],
    ['stream_facts_weekly', false],
    ['stream_facts_monthly', false],
    ['stream_facts_track_daily', false],
    ['playlist_facts', true],
  ] as const) {
    const size = await sizeOf(db, table, partitioned);
    log(
      `  ${table.padEnd(22)} ${size.rows.toLocaleString('en-US').padStart(12)} rows ${formatBytes(size.bytes).padStart(10)}` +
        (size.rows ? ` (${Math.round(size.bytes / size.rows)} B/row with indexes)` : ''),
    );
  }

  // What a materialized view would redo on every load: the monthly rollup from all the daily facts.
  const recompute = await timed(
    () =>
      db.query(`SELECT count(*) FROM (
        SELECT day - (extract(day FROM day)::int - 1) AS month, track_id, platform, territory, sum(streams), sum(sub30)
          FROM stream_facts GROUP BY 1, 2, 3, 4) m`),
    1,
  );
  log(
    `Monthly rollup recomputed from all the daily facts (a materialized view's refresh): ${(recompute.ms / 1000).toFixed(1)} s`,
  );

  const { rows: busiest } = await db.query<{ account_id: string; tracks: number }>(
    `SELECT account_id, count(DISTINCT track_id)::int AS tracks FROM stream_facts_monthly
      GROUP BY 1 ORDER BY sum(streams) DESC LIMIT 1`,
  );
  const account = busiest[0]?.account_id;
  if (!account) return;
  const monthStart = (day: string) => `${day.slice(0, 8)}01`;
  const firstFull = from.endsWith('-01') ? from : monthStart(addDays(monthStart(from), 32));
  const lastFullEnd = addDays(monthStart(addDays(to, 1)), -1);
  const queries: [string, string, unknown[]][] = [
    [
      'account total, 365 days, daily facts',
      `SELECT sum(streams), sum(sub30) FROM stream_facts WHERE account_id = $1 AND day BETWEEN $2 AND $3`,
      [account, from, to],
    ],
    [
      'account total, 365 days, monthly rollup + ragged days',
      `SELECT sum(s), sum(u) FROM (
         SELECT sum(streams) s, sum(sub30) u FROM stream_facts_monthly
          WHERE account_id = $1 AND month >= $4 AND month <= $5
         UNION ALL
         SELECT sum(streams), sum(sub30) FROM stream_facts
          WHERE account_id = $1 AND day BETWEEN $2 AND $3 AND (day < $4 OR day > $6)) parts`,
      [account, from, to, firstFull, monthStart(lastFullEnd), lastFullEnd],
    ],
    [
      'account total, 365 days, track-daily rollup',
      `SELECT sum(streams), sum(sub30) FROM stream_facts_track_daily WHERE account_id = $1 AND day BETWEEN $2 AND $3`,
      [account, from, to],
    ],
    [
      'account by track, 365 days, track-daily rollup',
      `SELECT track_id, sum(streams), sum(sub30) FROM stream_facts_track_daily
        WHERE account_id = $1 AND day BETWEEN $2 AND $3 GROUP BY 1 ORDER BY 2 DESC`,
      [account, from, to],
    ],
    [
      'account daily series, 365 days, track-daily rollup',
      `SELECT day, sum(streams) FROM stream_facts_track_daily WHERE account_id = $1 AND day BETWEEN $2 AND $3
        GROUP BY 1 ORDER BY 1`,
      [account, from, to],
    ],
    [
      'account weekly series, 365 days, daily facts',
      `SELECT day - (extract(isodow FROM day)::int - 1) AS week, sum(streams) FROM stream_facts
        WHERE account_id = $1 AND day BETWEEN $2 AND $3 GROUP BY 1 ORDER BY 1`,
      [account, from, to],
    ],
    [
      'account weekly series, 365 days, weekly rollup',
      `SELECT week, sum(streams) FROM stream_facts_weekly WHERE account_id = $1 AND week BETWEEN $2 AND $3
        GROUP BY 1 ORDER BY 1`,
      [account, from, to],
    ],
    [
      'account by platform, last 30 days, daily facts',
      `SELECT platform, sum(streams), sum(sub30) FROM stream_facts
        WHERE account_id = $1 AND day BETWEEN $2 AND $3 GROUP BY 1 ORDER BY 2 DESC`,
      [account, addDays(to, -29), to],
    ],
    [
      'account by territory, 365 days, monthly rollup',
      `SELECT territory, sum(streams) FROM stream_facts_monthly WHERE account_id = $1 AND month BETWEEN $2 AND $3
        GROUP BY 1 ORDER BY 2 DESC`,
      [account, firstFull, monthStart(lastFullEnd)],
    ],
    [
      'all accounts, one month by platform, daily facts',
      `SELECT platform, sum(streams) FROM stream_facts WHERE day BETWEEN $1 AND $2 GROUP BY 1`,
      [monthStart(lastFullEnd), lastFullEnd],
    ],
    [
      'all accounts, one month by platform, monthly rollup',
      `SELECT platform, sum(streams) FROM stream_facts_monthly WHERE month = $1 GROUP BY 1`,
      [monthStart(lastFullEnd)],
    ],
  ];
  log(`Queries (best of 3, warm) for the busiest account (${busiest[0]!.tracks} tracks):`);
  for (const [label, sql, params] of queries) {
    const { ms } = await timed(() => db.query(sql, params));
    log(`  ${label.padEnd(52)} ${ms.toFixed(1).padStart(8)} ms`);
  }
}
