import type pg from 'pg';
import { fileRestatedLines, type LoadMonth } from './restatements.js';

/**
 * Revenue lines (docs/decisions/0043-plans-and-fees.md): every usage line but playlist breakdowns, matched or not,
 * filed into the period of its first day's month while that is open, else the next open one (periodForUsage, which
 * also keeps those periods from starting to close until this load commits). Lines of one track (or unmatched
 * identifier), platform, territory and currency in one period are summed into one line: a daily demo data set
 * becomes monthly lines, a monthly report keeps its lines. Lines without revenue still count their streams (a
 * distribution fee is paid in streams). Correction lines (docs/decisions/0078-corrections-and-negative-balances.md)
 * are summed apart from usage lines, so a chargeback stays a line of its own. Lines of a month whose period is
 * closed are filed as the difference against what was loaded before (restatements.ts,
 * docs/decisions/0079-restated-months.md).
 */
export async function fileStagedRevenueLines(
  client: pg.PoolClient,
  currency: string,
  loadMonths: readonly LoadMonth[],
): Promise<void> {
  await fileRestatedLines(client, currency, loadMonths);
  const months = loadMonths.filter((month) => !month.closedPeriodId);
  if (months.length === 0) return;
  const periods = months.map((month) => month.periodId);
  // Grouped by the month first and joined to its period after (one row per group, not per line), with the most
  // varied keys first: a sort that spills at scale settles most comparisons on the first key, and the per-line
  // join is gone. A month has one period here, so the groups are the same (docs/decisions/0081-big-report-files.md,
  // "Ingest ×2").
  await client.query(
    `INSERT INTO revenue_lines (period_id, report_file_id, track_id, album_id, account_id, isrc, upc, platform,
                                territory, first_day, last_day, streams, revenue_micro, currency, matched,
                                correction)
     SELECT p.period_id, g.file_id, g.track_id, g.album_id, g.account_id, g.isrc, g.upc, g.platform, g.territory,
            g.first_day, g.last_day, g.streams, g.revenue, g.currency, g.track_id IS NOT NULL, g.correction
       -- The month by day arithmetic: date_trunc would go through a timestamp with time zone on every line.
       FROM (SELECT s.first_day - (extract(day FROM s.first_day)::int - 1) AS month, s.track_id, s.upc,
                    s.territory, s.platform, s.isrc, s.file_id, coalesce(s.currency, $1) AS currency, s.correction,
                    -- A track's album and account are the same on all its lines of a file (one catalogue answer
                    -- per file), so they are carried, not grouped by: fewer keys to hash.
                    any_value(s.album_id) AS album_id, any_value(s.account_id) AS account_id,
                    min(s.first_day) AS first_day, max(s.last_day) AS last_day, sum(s.streams) AS streams,
                    sum(coalesce(s.revenue_micro, 0)) AS revenue
               FROM trend_staging s
              WHERE s.playlist_ext IS NULL
              GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9) AS g
       JOIN unnest($2::date[], $3::uuid[]) AS p(month, period_id) ON p.month = g.month`,
    [currency, months.map((row) => row.month), periods],
  );
}
