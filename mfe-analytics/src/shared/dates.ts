/**
 * Calendar dates as the trends API takes them: YYYY-MM-DD strings. The arithmetic runs on UTC midnights, so a
 * day is always 24 hours and no time zone shifts a date.
 */

const DAY_MS = 86_400_000;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** Today as YYYY-MM-DD in the user's time zone. */
export function today(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whether `value` is a real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDate(value: string | null | undefined): value is string {
  const match = value ? CALENDAR_DATE.exec(value) : null;
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCDate() === Number(match[3]) && date.getUTCMonth() === Number(match[2]) - 1;
}

/** The UTC midnight of a calendar date, in ms (the chart's x values). */
export function dayTime(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

function fromTime(time: number): string {
  const date = new Date(time);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export function addDays(day: string, days: number): string {
  return fromTime(dayTime(day) + days * DAY_MS);
}

/** Months later (or earlier), kept on the last day of a shorter month: 31-03 minus one month is 28/29-02. */
export function addMonths(day: string, months: number): string {
  const date = new Date(dayTime(day));
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return fromTime(target.getTime());
}

/** Days from start to end, both included (1 for a single day). */
export function daysInRange(start: string, end: string): number {
  return Math.round((dayTime(end) - dayTime(start)) / DAY_MS) + 1;
}

/** The default date format, dd-MM-yyyy, of a YYYY-MM-DD date (any other text is returned as it is). */
export function formatDay(day: string): string {
  const match = CALENDAR_DATE.exec(day.slice(0, 10));
  return match ? `${match[3]}-${match[2]}-${match[1]}` : day;
}
