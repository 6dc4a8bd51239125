import type { Queryable } from '../../platform/db.js';
import { trackCreditsArtist } from '../releases/index.js';
import { addDays } from '../reports/index.js';
import { type DayRange, type Granularity, type TrendFilters, weekStart } from './query.js';

/**
 * The SQL of the trends answers (docs/decisions/0038-trends-api.md). Which table answers depends on the question
 * (docs/decisions/0037-stream-facts.md, "Measured"):
 * - sums from whole months of a monthly table, whole ISO weeks of a weekly one in what is left on either side, and
 *   the remaining days (at most six a side) from a daily one; weekly series from whole ISO weeks and the days
 *   outside them;
 * - not by track and without an album, track or artist filter (totals, series, by platform or territory): the
 *   account rollups (`stream_facts_account_monthly|weekly|daily`: one row per platform × territory cell and
 *   period, whatever the number of tracks — docs/decisions/0052-trends-at-scale.md);
 * - else, without a territory filter (by track, or filtered by album, track or artist):
 *   `stream_facts_track_monthly|weekly|daily` (one row per track and period, no platform or territory);
 * - else the per-track `stream_facts_monthly|weekly` and `stream_facts` (pruned to the days' monthly partitions).
 * Every query starts from `account_id = $1` and a day range, the leading columns of each table's account index.
 */

/** What figures are grouped by: nothing (a total), or a bucket kind. */
export type KeyKind = 'NONE' | 'TRACK' | 'PLATFORM' | 'TERRITORY';

export type Figures = { streams: number; sub30: number };

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const KEY_COLUMNS: Record<KeyKind, string> = {
  NONE: "''",
  TRACK: 'track_id::text',
  PLATFORM: 'platform',
  TERRITORY: 'territory::text',
};

/** The filters after `account_id`, as ` AND …` (territory only on tables that have it). */
function filterSql(
  params: Params,
  filters: TrendFilters,
  withTerritory: boolean,
  keys?: KeyRestriction,
): string {
  let sql = '';
  if (filters.albumId) sql += ` AND album_id = ${params.add(filters.albumId)}::uuid`;
  if (filters.trackIds) sql += ` AND track_id = ANY(${params.add(filters.trackIds)}::uuid[])`;
  if (withTerritory && filters.territory) sql += ` AND territory = ${params.add(filters.territory)}`;
  if (keys) {
    // Track keys compare as uuids, so that the primary key (track_id, …) can serve them.
    sql +=
      keys.kind === 'TRACK'
        ? ` AND track_id = ANY(${params.add(keys.values)}::uuid[])`
        : ` AND ${KEY_COLUMNS[keys.kind]} = ANY(${params.add(keys.values)}::text[])`;
  }
  return sql;
}

type KeyRestriction = { kind: KeyKind; values: string[] };

/** The whole calendar months inside a range: first month's first day and last month's first day, or null. */
function wholeMonths(range: DayRange): { first: string; last: string; end: string } | null {
  const first = range.start.endsWith('-01')
    ? range.start
    : `${addDays(`${range.start.slice(0, 7)}-01`, 32).slice(0, 7)}-01`;
  const afterEnd = addDays(range.end, 1);
  const lastEnd = afterEnd.endsWith('-01') ? range.end : addDays(`${range.end.slice(0, 7)}-01`, -1);
  if (first > lastEnd) return null;
  return { first, last: `${lastEnd.slice(0, 7)}-01`, end: lastEnd };
}

/** The whole ISO weeks inside a range: first and last Monday, and the last Sunday, or null. */
function wholeWeeks(range: DayRange): { first: string; last: string; end: string } | null {
  const startMonday = weekStart(range.start);
  const first = startMonday === range.start ? startMonday : addDays(startMonday, 7);
  const endMonday = weekStart(range.end);
  const last = addDays(endMonday, 6) === range.end ? endMonday : addDays(endMonday, -7);
  if (first > last) return null;
  return { first, last, end: addDays(last, 6) };
}

/** Whether the track-day rollup can answer: it has neither platform nor territory. */
export function trackDailyServes(kind: KeyKind, filters: TrendFilters): boolean {
  return (kind === 'NONE' || kind === 'TRACK') && !filters.territory;
}

/** The tables holding platform and territory: by day, ISO week (its Monday) and calendar month (its first day). */
type Grains = { daily: string; weekly: string; monthly: string };

/** Per track (album_id and track_id can be filtered on). */
const TRACK_GRAINS: Grains = {
  daily: 'stream_facts',
  weekly: 'stream_facts_weekly',
  monthly: 'stream_facts_monthly',
};

/** Per account, without the track dimension: a label's period is one row per platform × territory cell. */
const ACCOUNT_GRAINS: Grains = {
  daily: 'stream_facts_account_daily',
  weekly: 'stream_facts_account_weekly',
  monthly: 'stream_facts_account_monthly',
};

/**
 * Per track over every platform and territory (no territory column: only where {@link trackDailyServes}); totals
 * and per-track figures, by day, ISO week and month (docs/decisions/0052-trends-at-scale.md).
 */
const TRACK_TOTAL_GRAINS: Grains = {
  daily: 'stream_facts_track_daily',
  weekly: 'stream_facts_track_weekly',
  monthly: 'stream_facts_track_monthly',
};

/** The account rollups answer what is neither by track nor filtered by album, track or artist. */
export function accountRollupsServe(kind: KeyKind, filters: TrendFilters): boolean {
  return kind !== 'TRACK' && !filters.albumId && !filters.trackIds;
}

/**
 * The tables answering with the fewest rows (docs/decisions/0052-trends-at-scale.md, "At 50 M"): without an album,
 * track or artist filter and not by track, the account rollups — a period is one row per platform × territory cell
 * (~450 for the 50 M label), whatever the number of tracks; else, without a territory filter, the per-track totals
 * (one row per track and period); else the per-track facts and their rollups.
 */
function grainsFor(kind: KeyKind, filters: TrendFilters): Grains {
  if (accountRollupsServe(kind, filters)) return ACCOUNT_GRAINS;
  return trackDailyServes(kind, filters) ? TRACK_TOTAL_GRAINS : TRACK_GRAINS;
}

/** One part of a range: its table and period column ('month', 'week' or 'day'), first and last period. */
type RangePart = (table: string, column: string, from: string, to: string) => string;

/**
 * The parts of a day range, each written by `part`: whole months from the monthly table; in what is left on either
 * side, whole ISO weeks from the weekly one; only the last few days (at most six a side) from the daily table.
 */
function rangeParts(range: DayRange, grains: Grains, part: RangePart): string[] {
  const parts: string[] = [];
  const weeksAndDays = (span: DayRange) => {
    const weeks = wholeWeeks(span);
    if (!weeks) {
      parts.push(part(grains.daily, 'day', span.start, span.end));
      return;
    }
    parts.push(part(grains.weekly, 'week', weeks.first, weeks.last));
    if (span.start < weeks.first) parts.push(part(grains.daily, 'day', span.start, addDays(weeks.first, -1)));
    if (weeks.end < span.end) parts.push(part(grains.daily, 'day', addDays(weeks.end, 1), span.end));
  };
  const months = wholeMonths(range);
  if (!months) weeksAndDays(range);
  else {
    parts.push(part(grains.monthly, 'month', months.first, months.last));
    if (range.start < months.first) weeksAndDays({ start: range.start, end: addDays(months.first, -1) });
    if (months.end < range.end) weeksAndDays({ start: addDays(months.end, 1), end: range.end });
  }
  return parts;
}

/** Streams and sub30 per key over a range (one row with key '' for NONE). */
export async function sumByKey(
  q: Queryable,
  kind: KeyKind,
  range: DayRange,
  filters: TrendFilters,
): Promise<Map<string, Figures>> {
  const params = new Params();
  const account = params.add(filters.accountId);
  const key = KEY_COLUMNS[kind];
  const parts = rangeParts(
    range,
    grainsFor(kind, filters),
    (table, column, from, to) =>
      `SELECT ${key} AS key, sum(streams) AS streams, sum(sub30) AS sub30 FROM ${table}
        WHERE account_id = ${account} AND ${column} BETWEEN ${params.add(from)}::date AND ${params.add(to)}::date
        ${filterSql(params, filters, true)} GROUP BY 1`,
  );
  const { rows } = await q.query<{ key: string; streams: string; sub30: string }>(
    `SELECT key, sum(streams)::bigint AS streams, sum(sub30)::bigint AS sub30
       FROM (${parts.join(' UNION ALL ')}) parts GROUP BY key`,
    params.values,
  );
  return new Map(rows.map((row) => [row.key, { streams: Number(row.streams), sub30: Number(row.sub30) }]));
}

/** A bucket kind's column, and its order among equal figures: that of its text (so ties break as in JavaScript). */
const RANKED_KEYS: Record<Exclude<KeyKind, 'NONE'>, { column: string; order: string }> = {
  // A uuid orders as its lower-case text does (byte by byte), and groups faster than the text.
  TRACK: { column: 'track_id', order: 'key' },
  PLATFORM: { column: 'platform', order: 'key COLLATE "C"' },
  TERRITORY: { column: 'territory', order: 'key::text COLLATE "C"' },
};

export type RankedRow = { key: string; current: Figures; previous: Figures };

/**
 * The `limit` keys with the most streams over `current` (ties by key; none without streams), each with its figures
 * over `current` and, when asked, over `previous` — in one statement that returns only those rows: the previous
 * period is read for the top keys alone (an array the index conditions can use), not for every key
 * (docs/decisions/0052-trends-at-scale.md, "Third pass").
 */
export async function rankedSums(
  q: Queryable,
  kind: Exclude<KeyKind, 'NONE'>,
  current: DayRange,
  previous: DayRange | null,
  filters: TrendFilters,
  limit: number,
): Promise<RankedRow[]> {
  const params = new Params();
  const account = params.add(filters.accountId);
  const { column, order } = RANKED_KEYS[kind];
  const grains = grainsFor(kind, filters);
  const partsOf = (range: DayRange, restriction: string) =>
    rangeParts(
      range,
      grains,
      (table, period, from, to) =>
        `SELECT ${column} AS key, streams, sub30 FROM ${table}
          WHERE account_id = ${account} AND ${period} BETWEEN ${params.add(from)}::date AND ${params.add(to)}::date
          ${filterSql(params, filters, true)}${restriction}`,
    ).join(' UNION ALL ');
  const inRange = partsOf(current, '');
  const top = `SELECT key, streams, sub30 FROM in_range WHERE streams > 0
    ORDER BY streams DESC, ${order} LIMIT ${params.add(limit)}`;
  // The previous period: only the top keys' rows (ARRAY(…) is computed once, so indexes can take it as a condition).
  const before = previous && partsOf(previous, ` AND ${column} = ANY(ARRAY(SELECT key FROM ranked))`);
  const { rows } = await q.query<{
    key: string;
    streams: string;
    sub30: string;
    previous_streams: string;
    previous_sub30: string;
  }>(
    `WITH in_range AS (
       SELECT key, sum(streams) AS streams, sum(sub30) AS sub30 FROM (${inRange}) parts GROUP BY key
     ), ranked AS (${top})${
       before
         ? `, before_range AS (
       SELECT key, sum(streams) AS streams, sum(sub30) AS sub30 FROM (${before}) parts GROUP BY key
     )`
         : ''
     }
     SELECT ranked.key::text AS key, ranked.streams::bigint AS streams, ranked.sub30::bigint AS sub30,
            ${before ? 'coalesce(before_range.streams, 0)' : '0'}::bigint AS previous_streams,
            ${before ? 'coalesce(before_range.sub30, 0)' : '0'}::bigint AS previous_sub30
       FROM ranked ${before ? 'LEFT JOIN before_range ON before_range.key = ranked.key' : ''}
      ORDER BY ranked.streams DESC, ${order.replace('key', 'ranked.key')}`,
    params.values,
  );
  return rows.map((row) => ({
    key: row.key,
    current: { streams: Number(row.streams), sub30: Number(row.sub30) },
    previous: { streams: Number(row.previous_streams), sub30: Number(row.previous_sub30) },
  }));
}

export type SeriesRow = { period: string; key: string; streams: number; sub30: number };

/** SQL: the Monday of the ISO week of `column`. */
const mondayOf = (column: string) => `(${column} - (extract(isodow FROM ${column})::int - 1))`;

/**
 * Streams and sub30 per period (the day, or the Monday of the ISO week) and key over a range; only the keys asked
 * for when `keys` is given.
 */
export async function seriesByKey(
  q: Queryable,
  kind: KeyKind,
  range: DayRange,
  granularity: Granularity,
  filters: TrendFilters,
  keys: string[] | null,
): Promise<SeriesRow[]> {
  const params = new Params();
  const account = params.add(filters.accountId);
  const key = KEY_COLUMNS[kind];
  const restriction = keys ? { kind, values: keys } : undefined;
  const period = (column: string) => (granularity === 'day' ? column : mondayOf(column));
  const fromDays = (table: string, from: string, to: string, withTerritory: boolean) =>
    `SELECT ${period('day')} AS period, ${key} AS key, sum(streams) AS streams, sum(sub30) AS sub30 FROM ${table}
      WHERE account_id = ${account} AND day BETWEEN ${params.add(from)}::date AND ${params.add(to)}::date
      ${filterSql(params, filters, withTerritory, restriction)} GROUP BY 1, 2`;
  const parts: string[] = [];
  const grains = grainsFor(kind, filters);
  const withTerritory = grains !== TRACK_TOTAL_GRAINS;
  if (granularity === 'day') parts.push(fromDays(grains.daily, range.start, range.end, withTerritory));
  else {
    const weeks = wholeWeeks(range);
    if (!weeks) parts.push(fromDays(grains.daily, range.start, range.end, withTerritory));
    else {
      parts.push(`SELECT week AS period, ${key} AS key, sum(streams) AS streams, sum(sub30) AS sub30
          FROM ${grains.weekly}
         WHERE account_id = ${account} AND week BETWEEN ${params.add(weeks.first)}::date AND ${params.add(weeks.last)}::date
         ${filterSql(params, filters, withTerritory, restriction)} GROUP BY 1, 2`);
      if (range.start < weeks.first)
        parts.push(fromDays(grains.daily, range.start, addDays(weeks.first, -1), withTerritory));
      if (weeks.end < range.end)
        parts.push(fromDays(grains.daily, addDays(weeks.end, 1), range.end, withTerritory));
    }
  }
  const { rows } = await q.query<{ period: string; key: string; streams: string; sub30: string }>(
    `SELECT period::text AS period, key, sum(streams)::bigint AS streams, sum(sub30)::bigint AS sub30
       FROM (${parts.join(' UNION ALL ')}) parts GROUP BY 1, 2`,
    params.values,
  );
  return rows.map((row) => ({
    period: row.period,
    key: row.key,
    streams: Number(row.streams),
    sub30: Number(row.sub30),
  }));
}

/** Playlist streams per playlist over a range. */
export async function playlistSums(
  q: Queryable,
  range: DayRange,
  filters: TrendFilters,
): Promise<Map<string, number>> {
  const params = new Params();
  const { rows } = await q.query<{ key: string; streams: string }>(
    `SELECT playlist_id::text AS key, sum(streams)::bigint AS streams FROM playlist_facts
      WHERE account_id = ${params.add(filters.accountId)}
        AND day BETWEEN ${params.add(range.start)}::date AND ${params.add(range.end)}::date
        ${filterSql(params, filters, false)}
      GROUP BY 1`,
    params.values,
  );
  return new Map(rows.map((row) => [row.key, Number(row.streams)]));
}

/** Playlist streams per period (day, or Monday of the ISO week) over a range. */
export async function playlistSeries(
  q: Queryable,
  range: DayRange,
  granularity: Granularity,
  filters: TrendFilters,
): Promise<Map<string, number>> {
  const params = new Params();
  const period = granularity === 'day' ? 'day' : mondayOf('day');
  const { rows } = await q.query<{ period: string; streams: string }>(
    `SELECT ${period}::text AS period, sum(streams)::bigint AS streams FROM playlist_facts
      WHERE account_id = ${params.add(filters.accountId)}
        AND day BETWEEN ${params.add(range.start)}::date AND ${params.add(range.end)}::date
        ${filterSql(params, filters, false)}
      GROUP BY 1`,
    params.values,
  );
  return new Map(rows.map((row) => [row.period, Number(row.streams)]));
}

export type PlaylistRow = {
  id: string;
  platform: string;
  title: string;
  author: string;
  followers: number | null;
  url: string | null;
  image_url: string | null;
};

export async function playlistsById(q: Queryable, ids: string[]): Promise<Map<string, PlaylistRow>> {
  if (ids.length === 0) return new Map();
  const { rows } = await q.query<PlaylistRow>(
    'SELECT id, platform, title, author, followers, url, image_url FROM playlists WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** The account's tracks crediting the artist (on the track, or on its album when the track names none). */
export async function trackIdsOfArtist(q: Queryable, accountId: string, artistId: string): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT t.id FROM tracks t WHERE t.account_id = $1 AND ${trackCreditsArtist('$2::uuid')}`,
    [accountId, artistId],
  );
  return rows.map((row) => row.id);
}

export type TrackBucketRow = {
  id: string;
  title: string | null;
  position: number;
  version: string | null;
  isrc: string | null;
  album_id: string;
  album_title: string | null;
  album_version: string | null;
  barcode: string | null;
  image_id: string | null;
  image_renditions: Record<
    string,
    { file: string; size: number; width: number; height: number; name: string }
  > | null;
};

/** The account's tracks by id (taken-down ones too: their streams are history), with album and artwork. */
export async function tracksForBuckets(
  q: Queryable,
  accountId: string,
  ids: string[],
): Promise<TrackBucketRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await q.query<TrackBucketRow>(
    `SELECT t.id, t.title, t.position, t.version, t.isrc, t.album_id,
            al.title AS album_title, al.version AS album_version, al.barcode,
            i.id AS image_id, i.renditions AS image_renditions
       FROM tracks t JOIN albums al ON al.id = t.album_id LEFT JOIN images i ON i.id = al.artwork_id
      WHERE t.account_id = $1 AND t.id = ANY($2::uuid[])`,
    [accountId, ids],
  );
  return rows;
}
