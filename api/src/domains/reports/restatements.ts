import type pg from 'pg';
import { periodForUsage } from '../periods/index.js';

/**
 * Restated months (docs/decisions/0079-restated-months.md). A load's usage months, each with the open period its
 * revenue is filed into; a month whose own period is closed (or closing) is restated: its lines are loaded as the
 * difference against what was loaded before for the same platform, month and track, into the open period, naming
 * the closed one.
 */
export type LoadMonth = { month: string; periodId: string; closedPeriodId: string | null };

/** The first day of a day's month, as SQL: the month key of usage lines, in staging and in revenue lines alike. */
const monthOf = (day: string) => `(${day} - (extract(day FROM ${day})::int - 1))`;

/**
 * The staged rows' usage months and their periods (periodForUsage: locked FOR SHARE until the load commits, so no
 * close starts under it). When a month is restated, its staged rows whose platform, month and track were loaded
 * before are marked `restated`: the merge leaves them out of the stream facts, so trends keep the plays first
 * reported and never count a month twice.
 */
export async function planMonths(client: pg.PoolClient): Promise<LoadMonth[]> {
  const { rows } = await client.query<{ month: string }>(
    // The distinct days first (a few per load), their months from those: no per-line date arithmetic.
    `SELECT DISTINCT ${monthOf('day')}::text AS month
       FROM (SELECT DISTINCT first_day AS day FROM trend_staging WHERE playlist_ext IS NULL) AS days ORDER BY 1`,
  );
  const months: LoadMonth[] = [];
  for (const { month } of rows) {
    const periodId = await periodForUsage(client, month);
    const { rows: own } = await client.query<{ id: string }>(
      `SELECT id FROM periods WHERE month = $1 AND id <> $2`,
      [month, periodId],
    );
    months.push({ month, periodId, closedPeriodId: own[0]?.id ?? null });
  }
  const restated = months.filter((month) => month.closedPeriodId);
  if (restated.length)
    await client.query(
      `UPDATE trend_staging s SET restated = true
        WHERE s.track_id IS NOT NULL
          AND ${monthOf('s.first_day')} = ANY ($1::date[])
          AND EXISTS (SELECT 1 FROM revenue_lines l JOIN periods p ON p.id = l.period_id
                       WHERE p.month >= ${monthOf('s.first_day')}
                         AND l.track_id = s.track_id AND l.platform = s.platform
                         AND ${monthOf('l.first_day')} = ${monthOf('s.first_day')})`,
      [restated.map((month) => month.month)],
    );
  return months;
}

/** What names "the same track" across loads: the catalogue's track, or an unmatched line's identifiers. */
const ident = (alias: string) =>
  `coalesce(${alias}.track_id::text, 'unmatched ' || coalesce(${alias}.isrc, '') || ' ' || coalesce(${alias}.upc, ''))`;

/**
 * Files the staged lines of restated months as adjustments: per platform, usage month and track in the load, the
 * difference between the load's lines and every line loaded before (in the closed period and in any adjustment
 * since), by territory and currency. A positive difference is a usage line, a negative one a correction line
 * (docs/decisions/0078-corrections-and-negative-balances.md; its streams 0). Streams only grow: a lower restated
 * count un-counts no play (nor a fee paid in streams). Every adjustment is filed into the open period and names
 * the closed one (`restates_period_id`); the files are marked with the months they restated.
 */
export async function fileRestatedLines(
  client: pg.PoolClient,
  currency: string,
  months: readonly LoadMonth[],
): Promise<void> {
  const restated = months.filter((month) => month.closedPeriodId);
  if (restated.length === 0) return;
  const params = [
    currency,
    restated.map((month) => month.month),
    restated.map((month) => month.closedPeriodId),
    restated.map((month) => month.periodId),
  ];
  await client.query(
    `CREATE TEMPORARY TABLE restatement_diff ON COMMIT DROP AS
     WITH closed AS (SELECT * FROM unnest($2::date[], $3::uuid[], $4::uuid[]) AS c(month, closed_id, open_id)),
     fresh AS (
       SELECT c.month, s.platform, ${ident('s')} AS ident, coalesce(s.territory::text, '') AS tkey,
              coalesce(s.currency, $1) AS currency, min(s.file_id::text)::uuid AS file_id,
              any_value(s.track_id) AS track_id, any_value(s.album_id) AS album_id,
              any_value(s.account_id) AS account_id, any_value(s.isrc) AS isrc, any_value(s.upc) AS upc,
              any_value(s.territory) AS territory, min(s.first_day) AS first_day, max(s.last_day) AS last_day,
              sum(s.streams) AS streams, sum(coalesce(s.revenue_micro, 0)) AS revenue
         FROM trend_staging s JOIN closed c ON c.month = ${monthOf('s.first_day')}
        WHERE s.playlist_ext IS NULL
        GROUP BY 1, 2, 3, 4, 5
     ),
     keys AS (
       SELECT f.month, f.platform, f.ident, min(f.file_id::text)::uuid AS file_id,
              any_value(c.closed_id) AS closed_id, any_value(c.open_id) AS open_id
         FROM fresh f JOIN closed c ON c.month = f.month GROUP BY 1, 2, 3
     ),
     earlier AS (
       SELECT k.month, l.platform, k.ident, coalesce(l.territory::text, '') AS tkey, l.currency,
              any_value(l.track_id) AS track_id, any_value(l.album_id) AS album_id,
              any_value(l.account_id) AS account_id, any_value(l.isrc) AS isrc, any_value(l.upc) AS upc,
              any_value(l.territory) AS territory, min(l.first_day) AS first_day, max(l.last_day) AS last_day,
              sum(l.streams) AS streams, sum(l.revenue_micro) AS revenue
         FROM keys k
         -- Lines of a usage month are in its period or a later one: the period index finds them.
         JOIN periods p ON p.month >= k.month
         JOIN revenue_lines l ON l.period_id = p.id AND l.platform = k.platform
                             AND ${monthOf('l.first_day')} = k.month AND ${ident('l')} = k.ident
        GROUP BY 1, 2, 3, 4, 5
     )
     SELECT k.open_id, k.closed_id, k.file_id, d.*
       FROM (SELECT coalesce(f.month, e.month) AS month, coalesce(f.platform, e.platform) AS platform,
                    coalesce(f.ident, e.ident) AS ident, coalesce(f.currency, e.currency) AS currency,
                    coalesce(f.track_id, e.track_id) AS track_id, coalesce(f.album_id, e.album_id) AS album_id,
                    coalesce(f.account_id, e.account_id) AS account_id, coalesce(f.isrc, e.isrc) AS isrc,
                    coalesce(f.upc, e.upc) AS upc,
                    CASE WHEN f.ident IS NULL THEN e.territory ELSE f.territory END AS territory,
                    coalesce(f.first_day, e.first_day) AS first_day, coalesce(f.last_day, e.last_day) AS last_day,
                    coalesce(f.streams, 0) - coalesce(e.streams, 0) AS streams,
                    coalesce(f.revenue, 0) - coalesce(e.revenue, 0) AS revenue
               FROM fresh f
               FULL JOIN earlier e ON e.month = f.month AND e.platform = f.platform AND e.ident = f.ident
                                  AND e.tkey = f.tkey AND e.currency = f.currency) AS d
       JOIN keys k ON k.month = d.month AND k.platform = d.platform AND k.ident = d.ident`,
    params,
  );
  await client.query(
    `INSERT INTO revenue_lines (period_id, report_file_id, track_id, album_id, account_id, isrc, upc, platform,
                                territory, first_day, last_day, streams, revenue_micro, currency, matched,
                                correction, restates_period_id)
     SELECT d.open_id, d.file_id, d.track_id, d.album_id, d.account_id, d.isrc, d.upc, d.platform, d.territory,
            d.first_day, d.last_day,
            CASE WHEN part.correction THEN 0 ELSE greatest(d.streams, 0) END,
            CASE WHEN part.correction THEN d.revenue ELSE greatest(d.revenue, 0) END,
            d.currency, d.track_id IS NOT NULL, part.correction, d.closed_id
       FROM restatement_diff d CROSS JOIN (VALUES (false), (true)) AS part(correction)
      WHERE CASE WHEN part.correction THEN d.revenue < 0 ELSE d.revenue > 0 OR d.streams > 0 END`,
  );
  await client.query(
    `UPDATE report_files f SET restated_months = m.months
       FROM (SELECT s.file_id, array_agg(DISTINCT c.month ORDER BY c.month) AS months
               FROM trend_staging s JOIN unnest($1::date[]) AS c(month) ON c.month = ${monthOf('s.first_day')}
              WHERE s.playlist_ext IS NULL GROUP BY s.file_id) AS m
      WHERE f.id = m.file_id`,
    [restated.map((month) => month.month)],
  );
}
