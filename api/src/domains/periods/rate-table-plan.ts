import { type DecimalRate, divideToSignificant, formatDecimalRate, ratePpbOf } from './decimal-rate.js';
import type { RateTable } from './rate-table.js';

const ONE: DecimalRate = { digits: 1n, scale: 0 };

/**
 * One unit of `currency` in units of `base`, from one day of a table quoting every currency per euro: the cross
 * rate (base per euro) / (currency per euro), to RATE_SIGNIFICANT_DIGITS significant digits (EUR itself is 1 per
 * euro, so with an EUR base it is 1 / quote). Null when the day lacks either quote.
 */
export function crossRate(
  perEuro: ReadonlyMap<string, DecimalRate>,
  currency: string,
  base: string,
): DecimalRate | null {
  const quote = (code: string) => (code === 'EUR' ? ONE : perEuro.get(code));
  const baseQuote = quote(base);
  const currencyQuote = quote(currency);
  if (!baseQuote || !currencyQuote) return null;
  return divideToSignificant(baseQuote, currencyQuote);
}

/** An open period as the table is applied to it: its last day and the report currencies its lines use. */
export type OpenPeriod = {
  id: string;
  /** YYYY-MM. */
  month: string;
  currencies: { currency: string; rate: string | null }[];
};

export type PlannedRate = { currency: string; rate: string; ratePpb: number; previousRate: string | null };

export type PeriodRatePlan = {
  periodId: string;
  month: string;
  /** The table's day used, or null when it has none for this period (nothing is set). */
  date: string | null;
  rates: PlannedRate[];
  /** Currencies in use the day does not quote: left as they are (the close stays refused while one is unset). */
  missing: string[];
};

/** The month's last day, YYYY-MM-DD. */
export function lastDayOf(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
}

/**
 * The rates a table sets in each open period: from the chosen `date` when given (it must be in the table), else
 * from the table's latest day on or before the period's last day. Only the report currencies a period's lines use
 * (other than the base) are set.
 */
export function planRateTable(
  table: RateTable,
  base: string,
  periods: readonly OpenPeriod[],
  date?: string,
): PeriodRatePlan[] {
  return periods.map((period) => {
    const lastDay = lastDayOf(period.month);
    const day = date
      ? table.days.find((item) => item.date === date)
      : table.days.find((item) => item.date <= lastDay);
    const inUse = period.currencies.filter((entry) => entry.currency !== base);
    if (!day)
      return {
        periodId: period.id,
        month: period.month,
        date: null,
        rates: [],
        missing: inUse.map((entry) => entry.currency),
      };
    const rates: PlannedRate[] = [];
    const missing: string[] = [];
    for (const entry of inUse) {
      const rate = crossRate(day.perEuro, entry.currency, base);
      if (!rate) missing.push(entry.currency);
      else
        rates.push({
          currency: entry.currency,
          rate: formatDecimalRate(rate),
          ratePpb: Number(ratePpbOf(rate)),
          previousRate: entry.rate,
        });
    }
    return { periodId: period.id, month: period.month, date: day.date, rates, missing };
  });
}
