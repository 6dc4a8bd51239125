import type { AdminPeriod, PeriodCurrency, PeriodTotals } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import { type DecimalRate, formatDecimalRate, parseDecimalRate, ratePpbOf } from './decimal-rate.js';
import { type LineSummary, summarizeLines } from './line-summary.js';

type PeriodRow = {
  id: string;
  month: string;
  status: 'OPEN' | 'CLOSING' | 'CLOSED';
  currency: string | null;
  closing_at: Date | null;
  closed_at: Date | null;
  revenue_micro: string | null;
  fee_collected_micro: string | null;
  commission_micro: string | null;
  credited_micro: string | null;
  held_micro: string | null;
  unmatched_micro: string | null;
  revenue_cents: string | null;
  fee_collected_cents: string | null;
  commission_cents: string | null;
  credited_cents: string | null;
  held_cents: string | null;
  unmatched_cents: string | null;
  line_summary: LineSummary | null;
};

const PERIOD_COLUMNS = `p.id, to_char(p.month, 'YYYY-MM') AS month, p.status, p.currency, p.closing_at, p.closed_at,
  p.revenue_micro, p.fee_collected_micro, p.commission_micro, p.credited_micro, p.held_micro, p.unmatched_micro,
  p.revenue_cents, p.fee_collected_cents, p.commission_cents, p.credited_cents, p.held_cents, p.unmatched_cents,
  p.line_summary`;

function totalsOf(row: PeriodRow, unit: 'micro' | 'cents'): PeriodTotals | null {
  const value = (name: string) => Number(row[`${name}_${unit}` as keyof PeriodRow]);
  if (row.status !== 'CLOSED' || row.revenue_micro === null) return null;
  return {
    revenue: value('revenue'),
    feeCollected: value('fee_collected'),
    commission: value('commission'),
    credited: value('credited'),
    held: value('held'),
    unmatched: value('unmatched'),
  };
}

/** Periods with what their lines hold (by currency) and their rates, newest month first; `ids` limits them. */
export async function findPeriods(
  q: Queryable,
  platformCurrency: string,
  ids?: string[],
): Promise<Omit<AdminPeriod, 'closableFrom'>[]> {
  const filter = ids ? 'WHERE p.id = ANY($1::uuid[])' : '';
  const { rows } = await q.query<PeriodRow>(
    `SELECT ${PERIOD_COLUMNS} FROM periods p ${filter} ORDER BY p.month DESC`,
    ids ? [ids] : [],
  );
  if (rows.length === 0) return [];
  const periodIds = rows.map((row) => row.id);
  const live = await summarizeLines(
    q,
    rows.filter((row) => !row.line_summary).map((row) => row.id),
  );
  const rates = await q.query<{
    period_id: string;
    currency: string;
    rate_ppb: string;
    rate: string;
    source: string;
  }>(
    `SELECT period_id, currency, rate_ppb, rate::text AS rate, source
     FROM period_exchange_rates WHERE period_id = ANY($1::uuid[])`,
    [periodIds],
  );
  return rows.map((row) => {
    const summary = row.line_summary ?? live.get(row.id)!;
    const rateOf = (currency: string) => {
      const rate =
        currency === platformCurrency
          ? undefined
          : rates.rows.find((item) => item.period_id === row.id && item.currency === currency);
      return rate
        ? {
            ratePpb: Number(rate.rate_ppb),
            rate: formatDecimalRate(parseDecimalRate(rate.rate)!),
            rateSource: rate.source,
          }
        : { ratePpb: null, rate: null, rateSource: null };
    };
    const currencies: PeriodCurrency[] = summary.currencies
      .map((entry) => ({ ...entry, ...rateOf(entry.currency) }))
      .sort((a, b) => a.currency.localeCompare(b.currency));
    return {
      id: row.id,
      month: row.month,
      status: row.status,
      currency: row.currency ?? platformCurrency,
      reports: summary.reports,
      lines: summary.lines,
      unmatchedLines: summary.unmatchedLines,
      streams: summary.streams,
      currencies,
      missingRates: currencies
        .filter((entry) => entry.currency !== platformCurrency && entry.ratePpb === null)
        .map((entry) => entry.currency),
      closingAt: row.closing_at?.toISOString() ?? null,
      closedAt: row.closed_at?.toISOString() ?? null,
      totals: totalsOf(row, 'micro'),
      statement: totalsOf(row, 'cents'),
    };
  });
}

/** The report files with lines in a period. */
export async function periodReportFiles(
  q: Queryable,
  periodId: string,
): Promise<{ id: string; name: string; lines: number; unmatchedLines: number }[]> {
  const { rows } = await q.query<{ id: string; name: string; lines: string; unmatched: string }>(
    `SELECT f.id, f.name, COUNT(*)::text AS lines, COUNT(*) FILTER (WHERE NOT l.matched)::text AS unmatched
     FROM revenue_lines l JOIN report_files f ON f.id = l.report_file_id
     WHERE l.period_id = $1 GROUP BY f.id, f.name ORDER BY f.name`,
    [periodId],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    lines: Number(row.lines),
    unmatchedLines: Number(row.unmatched),
  }));
}

/**
 * Sets a rate of an OPEN period (rates are fixed once its close has started): the exact decimal, its rounding to
 * parts per billion, and where it came from ('hand' or 'table <date>').
 */
export async function upsertRate(
  q: Queryable,
  periodId: string,
  currency: string,
  rate: DecimalRate,
  source: string,
  userId: string,
): Promise<'SET' | 'MISSING' | 'NOT_OPEN'> {
  const { rows } = await q.query<{ status: string }>('SELECT status FROM periods WHERE id = $1 FOR UPDATE', [
    periodId,
  ]);
  if (!rows[0]) return 'MISSING';
  if (rows[0].status !== 'OPEN') return 'NOT_OPEN';
  await q.query(
    `INSERT INTO period_exchange_rates (period_id, currency, rate, rate_ppb, source, updated_by)
     VALUES ($1, $2, $3::numeric, $4, $5, $6)
     ON CONFLICT (period_id, currency) DO UPDATE
       SET rate = EXCLUDED.rate, rate_ppb = EXCLUDED.rate_ppb, source = EXCLUDED.source,
         updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [periodId, currency, formatDecimalRate(rate), ratePpbOf(rate).toString(), source, userId],
  );
  return 'SET';
}

/**
 * Of the accounts that own matched revenue lines of a period or are named in `credited`, those that still exist
 * (each has a statement of the period once it closes). A line keeps the id of an account since removed.
 */
export async function accountsWithStatement(
  q: Queryable,
  periodId: string,
  credited: readonly string[],
): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT a.id::text AS id FROM accounts a
     WHERE a.id IN (SELECT account_id FROM revenue_lines WHERE period_id = $1 AND matched)
        OR a.id = ANY($2::uuid[])
     ORDER BY a.id`,
    [periodId, credited],
  );
  return rows.map((row) => row.id);
}
