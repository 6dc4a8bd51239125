import { formatMoney } from '@tunehouse/contracts';
import { formatDate } from '@tunehouse/ui';

/**
 * A calendar date (YYYY-MM-DD, as release dates travel) as dd-MM-yyyy, read without a time zone so it never
 * shifts by a day; any other date string goes through formatDate.
 */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.slice(0, 10));
  if (match && value.length === 10) return `${match[3]}-${match[2]}-${match[1]}`;
  return formatDate(value);
}

/** Today as YYYY-MM-DD in the user's time zone. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Bytes for people: 512 KB, 48.2 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${(bytes / 1_000_000_000).toFixed(2)} GB`;
}

/** Minor units (cents) as an amount of money in the currency. */
export function formatAmount(minorUnits: number, currency: string): string {
  return formatMoney(minorUnits, currency);
}
