import type { Queryable } from '../../platform/db.js';
import type { TrackRevenue } from './allocation.js';
import { convertMicroAt, type DecimalRate, parseDecimalRate } from './decimal-rate.js';
import { addLines, emptySummary, type LineSummary } from './line-summary.js';

const ONE: DecimalRate = { digits: 1n, scale: 0 };

/** The period's exchange rates (exact decimals, docs/decisions/0080-exchange-rate-tables.md) by currency. */
async function ratesOf(q: Queryable, periodId: string): Promise<Map<string, DecimalRate>> {
  const { rows } = await q.query<{ currency: string; rate: string }>(
    'SELECT currency, rate::text AS rate FROM period_exchange_rates WHERE period_id = $1',
    [periodId],
  );
  return new Map(rows.map((row) => [row.currency, parseDecimalRate(row.rate)!]));
}

export type PeriodRevenue = {
  tracks: TrackRevenue[];
  unmatchedMicro: bigint;
  missingRates: string[];
  /** What the lines hold, from the same scan (report files not counted). */
  summary: LineSummary;
};

/**
 * The period's matched revenue per track (summed in SQL, so memory stays flat however many lines there are) and
 * its unmatched revenue, converted into the platform currency with the period's rates: one conversion per track
 * and currency. Lines in a currency without a rate are left out and the currency is listed in `missingRates`.
 */
export async function periodRevenue(
  q: Queryable,
  periodId: string,
  platformCurrency: string,
): Promise<PeriodRevenue> {
  const known = await ratesOf(q, periodId);
  const { rows } = await q.query<{
    track_id: string;
    album_id: string;
    account_id: string;
    currency: string;
    streams: string;
    revenue: string;
    first_day: string;
    last_day: string;
    usage_month: string;
    lines: string;
    correction: boolean;
    restates_period_id: string | null;
  }>(
    `SELECT track_id, album_id, account_id, currency, COUNT(*)::text AS lines, SUM(streams)::text AS streams,
       SUM(revenue_micro)::text AS revenue, MIN(first_day)::text AS first_day, MAX(last_day)::text AS last_day,
       to_char(first_day, 'YYYY-MM') AS usage_month, correction, restates_period_id
     FROM revenue_lines WHERE period_id = $1 AND matched
     GROUP BY track_id, album_id, account_id, currency, usage_month, correction, restates_period_id
     ORDER BY track_id, usage_month, correction, restates_period_id NULLS FIRST, currency`,
    [periodId],
  );
  const unmatched = await q.query<{ currency: string; revenue: string; lines: string; streams: string }>(
    `SELECT currency, SUM(revenue_micro)::text AS revenue, COUNT(*)::text AS lines, SUM(streams)::text AS streams
     FROM revenue_lines
     WHERE period_id = $1 AND NOT matched GROUP BY currency`,
    [periodId],
  );
  const rateOf = (currency: string) => (currency === platformCurrency ? ONE : known.get(currency));
  const missing = new Set<string>();
  const tracks = new Map<string, TrackRevenue>();
  const summary = emptySummary();
  for (const row of rows) {
    addLines(summary, {
      currency: row.currency,
      matched: true,
      lines: Number(row.lines),
      streams: Number(row.streams),
      revenueMicro: Number(row.revenue),
    });
    const rate = rateOf(row.currency);
    if (rate === undefined) {
      missing.add(row.currency);
      continue;
    }
    const amount = convertMicroAt(BigInt(row.revenue), rate);
    // One entry per track and usage month: a late line (usage in a month closed before it arrived, filed here) is
    // divided by the split version of its own month, and does not pull this month's revenue back to that version.
    // Corrections are an entry of their own (docs/decisions/0078-corrections-and-negative-balances.md), and so is
    // an adjustment of a closed month (docs/decisions/0079-restated-months.md), so its allocations name that month.
    const key = `${row.track_id} ${row.usage_month} ${row.correction} ${row.restates_period_id}`;
    const track = tracks.get(key);
    if (!track) {
      tracks.set(key, {
        trackId: row.track_id,
        albumId: row.album_id,
        accountId: row.account_id,
        streams: Number(row.streams),
        revenueMicro: amount,
        firstDay: row.first_day,
        lastDay: row.last_day,
        ...(row.correction ? { correction: true } : {}),
        ...(row.restates_period_id ? { restatesPeriodId: row.restates_period_id } : {}),
      });
      continue;
    }
    track.streams += Number(row.streams);
    track.revenueMicro += amount;
    if (row.first_day < track.firstDay) track.firstDay = row.first_day;
    if (row.last_day > track.lastDay) track.lastDay = row.last_day;
  }
  let unmatchedMicro = 0n;
  for (const row of unmatched.rows) {
    addLines(summary, {
      currency: row.currency,
      matched: false,
      lines: Number(row.lines),
      streams: Number(row.streams),
      revenueMicro: Number(row.revenue),
    });
    const rate = rateOf(row.currency);
    if (rate === undefined) missing.add(row.currency);
    else unmatchedMicro += convertMicroAt(BigInt(row.revenue), rate);
  }
  summary.currencies.sort((a, b) => a.currency.localeCompare(b.currency));
  return { tracks: [...tracks.values()], unmatchedMicro, missingRates: [...missing].sort(), summary };
}
