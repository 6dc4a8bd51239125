import type pg from 'pg';
import type { Db } from '../../platform/db.js';
import type { LoadOptions } from './load-types.js';
import { ensureMonthlyPartitions } from './partitions.js';
import { NO_TERRITORY } from './usage.js';

/** Any number, the same in every process: one load merges at a time (rollup upserts never deadlock). */
const MERGE_LOCK_KEY = 7_130_417_302;

const WEEK = `day - (extract(isodow FROM day)::int - 1)`;
const MONTH = `day - (extract(day FROM day)::int - 1)`;

/**
 * The load's days summed twice more before the rollups, each in one pass over trend_delta (the load's facts spread
 * over their days): per track and day (no platform or territory), and per account, day, platform and territory (no
 * track). The six rollups per track and per account read these instead of trend_delta: one scan and grouping of
 * every fact row each had cost about 0.3 s on the 2,000-track label (919,700 rows), for a few thousand rows written
 * (docs/decisions/0081-big-report-files.md, "Fourth pass"). A sum of sums is the same sum.
 */
export const ROLLUP_SOURCES: readonly string[] = [
  `CREATE TEMPORARY TABLE trend_delta_track ON COMMIT DROP AS
    SELECT day, track_id, album_id, account_id, sum(streams)::bigint AS streams, sum(sub30)::bigint AS sub30
      FROM trend_delta GROUP BY 1, 2, 3, 4`,
  `CREATE TEMPORARY TABLE trend_delta_account ON COMMIT DROP AS
    SELECT day, account_id, platform, territory, sum(streams)::bigint AS streams, sum(sub30)::bigint AS sub30
      FROM trend_delta GROUP BY 1, 2, 3, 4`,
];

/**
 * The eight rollups, each one upsert: per track, platform and territory by week and month from trend_delta; per
 * track by day, week and month from trend_delta_track; per account by day, week and month from
 * trend_delta_account ({@link ROLLUP_SOURCES}, which must exist first). Exported so the bench can EXPLAIN the very
 * statements the load runs.
 */
export const ROLLUP_STATEMENTS: readonly string[] = [
  ...(
    [
      ['stream_facts_weekly', WEEK, 'week'],
      ['stream_facts_monthly', MONTH, 'month'],
    ] as const
  ).map(
    ([
      table,
      bucket,
      column,
    ]) => `INSERT INTO ${table} AS r (${column}, track_id, album_id, account_id, platform, territory, streams, sub30)
      SELECT ${bucket}, track_id, album_id, account_id, platform, territory, sum(streams), sum(sub30)
        FROM trend_delta GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 2, 1, 5, 6
      ON CONFLICT (track_id, ${column}, platform, territory)
      DO UPDATE SET streams = r.streams + EXCLUDED.streams, sub30 = r.sub30 + EXCLUDED.sub30`,
  ),
  `INSERT INTO stream_facts_track_daily AS r (day, track_id, album_id, account_id, streams, sub30)
    SELECT day, track_id, album_id, account_id, streams, sub30
      FROM trend_delta_track ORDER BY 2, 1
    ON CONFLICT (track_id, day)
    DO UPDATE SET streams = r.streams + EXCLUDED.streams, sub30 = r.sub30 + EXCLUDED.sub30`,
  // Its weeks and months (migration 0020): totals and per-track figures over long ranges read these.
  ...(
    [
      ['stream_facts_track_weekly', WEEK, 'week'],
      ['stream_facts_track_monthly', MONTH, 'month'],
    ] as const
  ).map(
    ([
      table,
      bucket,
      column,
    ]) => `INSERT INTO ${table} AS r (account_id, ${column}, track_id, album_id, streams, sub30)
      SELECT account_id, ${bucket}, track_id, album_id, sum(streams), sum(sub30)
        FROM trend_delta_track GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3
      ON CONFLICT (account_id, ${column}, track_id)
      DO UPDATE SET streams = r.streams + EXCLUDED.streams, sub30 = r.sub30 + EXCLUDED.sub30`,
  ),
  // The account rollups (no track dimension): what the trends screens read without a catalogue filter.
  ...(
    [
      ['stream_facts_account_daily', 'day', 'day'],
      ['stream_facts_account_weekly', WEEK, 'week'],
      ['stream_facts_account_monthly', MONTH, 'month'],
    ] as const
  ).map(
    ([
      table,
      bucket,
      column,
    ]) => `INSERT INTO ${table} AS r (account_id, ${column}, platform, territory, streams, sub30)
      SELECT account_id, ${bucket}, platform, territory, sum(streams), sum(sub30)
        FROM trend_delta_account GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (account_id, ${column}, platform, territory)
      DO UPDATE SET streams = r.streams + EXCLUDED.streams, sub30 = r.sub30 + EXCLUDED.sub30`,
  ),
];

/**
 * One rollup statement. Those per track, platform and territory (a group for every row of a one-day load, one
 * for up to seven or thirty-one of a longer one) are grouped by a sort: the one sort both groups and gives the
 * ORDER BY (the insert in the key's order). Left to itself the planner hashes (unanalysed, it guesses a tenth of
 * the groups) and then sorts the hash's output again: in EXPLAIN ANALYZE about 2 s against 0.4 s per 100,000
 * rows (docs/decisions/0081-big-report-files.md, "Ingest ×2"). The others keep the planner's hash: per track the
 * groups are few, and per account they are few on a label's catalogue (a sort was slower there) and as many as
 * the rows only when every account holds a track or two.
 */
export async function runRollup(client: pg.PoolClient, statement: string): Promise<void> {
  const sorted = groupedBySort(statement);
  if (sorted) await client.query('SET LOCAL enable_hashagg = off');
  await client.query(statement);
  if (sorted) await client.query('SET LOCAL enable_hashagg = on');
}

/** Whether runRollup groups the statement by a sort: the rollups per track, platform and territory. */
export const groupedBySort = (statement: string): boolean =>
  /INSERT INTO stream_facts_(weekly|monthly) /.test(statement);

/**
 * Every staged file into the facts and rollups at once: the months' partitions (committed on another connection;
 * they outlive a failed load, empty), the periods spread over their days, one upsert into the facts, one into each
 * rollup, playlists and playlist facts. Answers the partitions created.
 */
export async function mergeStaged(
  db: Db,
  client: pg.PoolClient,
  options: LoadOptions,
  phase: (name: string) => void,
): Promise<string[]> {
  const { rows: ranges } = await client.query<{ kind: string; first_day: string; last_day: string }>(
    `SELECT CASE WHEN playlist_ext IS NULL THEN 'stream' ELSE 'playlist' END AS kind,
            min(first_day)::text AS first_day, max(last_day)::text AS last_day
       FROM trend_staging WHERE track_id IS NOT NULL GROUP BY 1`,
  );
  const partitionsCreated: string[] = [];
  for (const range of ranges) {
    const table = range.kind === 'stream' ? 'stream_facts' : 'playlist_facts';
    partitionsCreated.push(...(await ensureMonthlyPartitions(db, table, range.first_day, range.last_day)));
  }

  phase('partitions');
  await client.query('SELECT pg_advisory_xact_lock($1)', [MERGE_LOCK_KEY]);
  // Periods spread evenly over their days: the remainder goes one stream a day to the first days, so the days
  // add up to the line exactly (and sub30 stays ≤ streams on every day).
  await client.query(`CREATE TEMPORARY TABLE trend_delta ON COMMIT DROP AS
    SELECT s.first_day + g.i AS day, s.track_id, s.album_id, s.account_id, s.platform,
           coalesce(s.territory, '${NO_TERRITORY}')::char(2) AS territory,
           sum(s.streams / s.n + (g.i < s.streams % s.n)::int) AS streams,
           sum(s.sub30 / s.n + (g.i < s.sub30 % s.n)::int) AS sub30
      FROM (SELECT *, last_day - first_day + 1 AS n FROM trend_staging
             WHERE track_id IS NOT NULL AND playlist_ext IS NULL AND NOT restated) s
      CROSS JOIN LATERAL generate_series(0, s.n - 1) AS g(i)
     GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(s.streams / s.n + (g.i < s.streams % s.n)::int) > 0
     -- In index order within each month's partition: a large load appends to the B-trees instead of hopping.
     ORDER BY s.first_day + g.i - (extract(day FROM s.first_day + g.i)::int - 1), 2, 1, 5, 6`);
  phase('spread');
  await client.query(`INSERT INTO stream_facts AS f (day, track_id, album_id, account_id, platform, territory, streams, sub30)
    SELECT day, track_id, album_id, account_id, platform, territory, streams, sub30
      FROM trend_delta
    ON CONFLICT (track_id, day, platform, territory)
    DO UPDATE SET streams = f.streams + EXCLUDED.streams, sub30 = f.sub30 + EXCLUDED.sub30`);
  phase('facts');
  for (const statement of ROLLUP_SOURCES) await client.query(statement);
  await options.hooks?.afterMerge?.(client);
  for (const statement of ROLLUP_STATEMENTS) await runRollup(client, statement);
  await options.hooks?.afterRollups?.(client);
  phase('rollups');

  await client.query(`INSERT INTO playlists AS p (platform, external_id, title, author, followers, url, image_url)
    SELECT DISTINCT ON (platform, playlist_ext) platform, playlist_ext, coalesce(playlist_title, ''),
           coalesce(playlist_author, ''), playlist_followers, playlist_url, playlist_image
      FROM trend_staging WHERE playlist_ext IS NOT NULL
     -- A later report's details win: the last file staged, its last line.
     ORDER BY platform, playlist_ext, file_order DESC, line DESC
    ON CONFLICT (platform, external_id) DO UPDATE SET
      title = coalesce(nullif(EXCLUDED.title, ''), p.title),
      author = coalesce(nullif(EXCLUDED.author, ''), p.author),
      followers = coalesce(EXCLUDED.followers, p.followers),
      url = coalesce(EXCLUDED.url, p.url),
      image_url = coalesce(EXCLUDED.image_url, p.image_url),
      updated_at = now()`);
  await client.query(`INSERT INTO playlist_facts AS f (day, playlist_id, track_id, album_id, account_id, streams)
    SELECT s.first_day + g.i, p.id, s.track_id, s.album_id, s.account_id,
           sum(s.streams / s.n + (g.i < s.streams % s.n)::int)
      FROM (SELECT *, last_day - first_day + 1 AS n FROM trend_staging
             WHERE track_id IS NOT NULL AND playlist_ext IS NOT NULL AND NOT restated) s
      JOIN playlists p ON p.platform = s.platform AND p.external_id = s.playlist_ext
      CROSS JOIN LATERAL generate_series(0, s.n - 1) AS g(i)
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(s.streams / s.n + (g.i < s.streams % s.n)::int) > 0
    ON CONFLICT (track_id, day, playlist_id) DO UPDATE SET streams = f.streams + EXCLUDED.streams`);
  phase('playlists');
  return partitionsCreated;
}
