import type { Queryable } from '../../platform/db.js';

/** What a period's revenue lines hold: in micro-units of each report currency. */
export type LineSummary = {
  reports: number;
  lines: number;
  unmatchedLines: number;
  streams: number;
  currencies: { currency: string; matched: number; unmatched: number }[];
};

export const emptySummary = (): LineSummary => ({
  reports: 0,
  lines: 0,
  unmatchedLines: 0,
  streams: 0,
  currencies: [],
});

/**
 * Sums the lines of the given periods (one scan of their lines). The close stores its period's summary, so only
 * open and closing periods are summed when periods are listed.
 */
export async function summarizeLines(
  q: Queryable,
  periodIds: readonly string[],
): Promise<Map<string, LineSummary>> {
  const summaries = new Map<string, LineSummary>(
    periodIds.map((id) => [id, emptySummary()] as [string, LineSummary]),
  );
  if (periodIds.length === 0) return summaries;
  const { rows } = await q.query<{
    period_id: string;
    currency: string;
    matched: boolean;
    lines: string;
    streams: string;
    revenue: string;
  }>(
    `SELECT period_id, currency, matched, COUNT(*)::text AS lines, SUM(streams)::text AS streams,
       SUM(revenue_micro)::text AS revenue
     FROM revenue_lines WHERE period_id = ANY($1::uuid[]) GROUP BY period_id, currency, matched
     ORDER BY period_id, currency`,
    [periodIds],
  );
  const files = await reportCounts(q, periodIds);
  for (const row of rows)
    addLines(summaries.get(row.period_id)!, {
      currency: row.currency,
      matched: row.matched,
      lines: Number(row.lines),
      streams: Number(row.streams),
      revenueMicro: Number(row.revenue),
    });
  for (const [id, reports] of files) summaries.get(id)!.reports = reports;
  return summaries;
}

/** Report files with lines in each period: report files are few, and each is looked up by its index. */
export async function reportCounts(q: Queryable, periodIds: readonly string[]): Promise<Map<string, number>> {
  const { rows } = await q.query<{ period_id: string; reports: string }>(
    `SELECT p.id AS period_id, COUNT(f.id)::text AS reports
     FROM unnest($1::uuid[]) AS p(id)
     JOIN report_files f ON EXISTS (SELECT 1 FROM revenue_lines l WHERE l.report_file_id = f.id AND l.period_id = p.id)
     GROUP BY p.id`,
    [periodIds],
  );
  return new Map(rows.map((row) => [row.period_id, Number(row.reports)]));
}

/** Adds a group of lines (one currency, matched or not) to a summary. */
export function addLines(
  summary: LineSummary,
  group: { currency: string; matched: boolean; lines: number; streams: number; revenueMicro: number },
): void {
  summary.lines += group.lines;
  summary.streams += group.streams;
  if (!group.matched) summary.unmatchedLines += group.lines;
  let entry = summary.currencies.find((item) => item.currency === group.currency);
  if (!entry) {
    entry = { currency: group.currency, matched: 0, unmatched: 0 };
    summary.currencies.push(entry);
  }
  entry[group.matched ? 'matched' : 'unmatched'] += group.revenueMicro;
}
