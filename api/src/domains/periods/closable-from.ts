import type { AppConfig } from '../../platform/config.js';
import { nextMonth } from './usage-period.js';

const DAY_MS = 86_400_000;

/**
 * The first day (YYYY-MM-DD, UTC) the period of `month` (YYYY-MM) may close: the month over, then `graceDays`.
 * A test stack's `clockDaysAhead` brings the day that much nearer (the close rule's clock runs ahead there), so
 * what the API answers and what it enforces stay one date that clients compare with today.
 */
export function closableFrom(month: string, { graceDays, clockDaysAhead }: AppConfig['periodClose']): string {
  const after = Date.parse(`${nextMonth(`${month}-01`)}T00:00:00Z`);
  return new Date(after + (graceDays - clockDaysAhead) * DAY_MS).toISOString().slice(0, 10);
}

/** Today (UTC), YYYY-MM-DD. */
export const todayUtc = (now = Date.now()): string => new Date(now).toISOString().slice(0, 10);
