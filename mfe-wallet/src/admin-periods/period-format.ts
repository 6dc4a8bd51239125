import { formatMoney } from '@tunehouse/contracts';

/** Money of the periods page: micro-units (1e-6) and cents are integers; rates are parts per billion. */

const MICRO_PER_UNIT = 1_000_000;
const PPB_PER_UNIT = 1_000_000_000;

/** Micro-units as the currency with four decimals (fractions of a cent stay visible before the close). */
export function micro(value: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency,
    minimumFractionDigits: 4,
    maximumFractionDigits: 4,
  }).format(value / MICRO_PER_UNIT);
}

/** A day (YYYY-MM-DD) as "4 December 2026". */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** Cents as the currency (what the ledger moved). */
export const cents = (value: number, currency: string): string => formatMoney(value, currency);

/** A rate in parts per billion as a decimal: 1083400000 → "1.0834". */
export function rateText(ratePpb: number): string {
  const whole = Math.floor(ratePpb / PPB_PER_UNIT);
  const fraction = String(ratePpb % PPB_PER_UNIT)
    .padStart(9, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/**
 * A decimal an admin typed ("1.0834", "0,92") as parts per billion, read digit by digit so no float rounds it;
 * null when it is not a positive number with at most nine decimals.
 */
export function parseRate(text: string): number | null {
  const match = /^\s*(\d+)(?:[.,](\d{1,9}))?\s*$/.exec(text);
  if (!match) return null;
  const ppb = Number(match[1]) * PPB_PER_UNIT + Number((match[2] ?? '').padEnd(9, '0') || '0');
  return Number.isSafeInteger(ppb) && ppb > 0 ? ppb : null;
}
