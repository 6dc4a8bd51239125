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
  await client.query(
    `INSERT INTO revenue_lines (period_id, report_file_id, track_id, album_id, account_id, isrc, upc, platform,
                                territory, first_day, last_day, streams, revenue_micro, currency, matched,
                                correction)
     SELECT p.period_id, s.file_id, s.track_id, any_value(s.album_id), any_value(s.account_id), s.isrc, s.upc,
            s.platform, s.territory, min(s.first_day), max(s.last_day), sum(s.streams),
            sum(coalesce(s.revenue_micro, 0)), coalesce(s.currency, $1), s.track_id IS NOT NULL,
            s.correction
       FROM trend_staging s
       JOIN unnest($2::date[], $3::uuid[]) AS p(month, period_id)
         -- The month by day arithmetic: date_trunc would go through a timestamp with time zone on every line.
         ON p.month = s.first_day - (extract(day FROM s.first_day)::int - 1)
      WHERE s.playlist_ext IS NULL
      -- A track's album and account are the same on all its lines of a file (one catalogue answer per file), so
      -- they are carried, not grouped by: fewer keys to hash.
      GROUP BY p.period_id, s.file_id, s.track_id, s.isrc, s.upc, s.platform, s.territory, coalesce(s.currency, $1),
               s.correction`,
    [currency, months.map((row) => row.month), periods],
  );
}
