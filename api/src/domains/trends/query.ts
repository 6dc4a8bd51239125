import type { TrendBucketKind, TrendsQuery } from '@tunehouse/contracts';
import { ApiError } from '../../platform/errors.js';
import { addDays, dayNumber } from '../reports/index.js';

/**
 * The trends query (contracts trendsQuerySchema) turned into what the repository reads: the date range and the
 * previous period of the same length, daily or weekly periods, the bucket kind, the row limit and the filters
 * (docs/decisions/0038-trends-api.md).
 */

/** Without dates: the 28 days up to yesterday (four whole weeks, so weekdays weigh the same in both periods). */
export const DEFAULT_RANGE_DAYS = 28;
/** Statistics rows (and bucketed series lines) when no limit is asked; the contract caps limit at 1000. */
export const DEFAULT_LIMIT = 10;

export type DayRange = { start: string; end: string };
export type Granularity = 'day' | 'week';

export type TrendFilters = {
  accountId: string;
  albumId: string | null;
  /** Only these tracks (track_id and/or artist_id); null: every track. */
  trackIds: string[] | null;
  territory: string | null;
};

export type TrendRequest = {
  current: DayRange;
  previous: DayRange;
  granularity: Granularity;
  bucketBy: TrendBucketKind | null;
  limit: number;
};

export type TrendLimits = { dailyMaxDays: number; maxDays: number };

export const daysIn = (range: DayRange) => dayNumber(range.end) - dayNumber(range.start) + 1;

export function resolveTrendRequest(
  query: TrendsQuery,
  limits: TrendLimits,
  today = new Date().toISOString().slice(0, 10),
): TrendRequest {
  const yesterday = addDays(today, -1);
  const end =
    query.end_date ?? (query.start_date && query.start_date > yesterday ? query.start_date : yesterday);
  const start = query.start_date ?? addDays(end, 1 - DEFAULT_RANGE_DAYS);
  if (start > end) {
    // Only reachable when end_date is given before the default start (the schema checks two given dates).
    const message = 'end_date is on or after start_date';
    throw new ApiError(400, 'VALIDATION_FAILED', 'The request querystring is invalid', [
      { path: ['querystring', 'end_date'], message },
    ]);
  }
  const current = { start, end };
  const days = daysIn(current);
  if (days > limits.maxDays) {
    const message = `The range is ${days} days; at most ${limits.maxDays} days can be asked at once`;
    throw new ApiError(400, 'VALIDATION_FAILED', 'The request querystring is invalid', [
      { path: ['querystring', query.start_date ? 'start_date' : 'end_date'], message },
    ]);
  }
  return {
    current,
    previous: { start: addDays(start, -days), end: addDays(start, -1) },
    granularity: days > limits.dailyMaxDays ? 'week' : 'day',
    bucketBy: query.bucket_by ? (query.bucket_by.toUpperCase() as TrendBucketKind) : null,
    limit: query.limit ?? DEFAULT_LIMIT,
  };
}

/** The Monday of the ISO week of `day`. */
export function weekStart(day: string): string {
  const dayNo = dayNumber(day);
  // 1970-01-01 was a Thursday: (dayNo + 3) % 7 is 0 on Mondays.
  return addDays(day, -(((dayNo + 3) % 7) + 7) % 7);
}

/** ISO week label, e.g. 2024-W23 (the week-numbering year may differ from the calendar year of its Monday). */
export function isoWeekLabel(monday: string): string {
  const thursday = addDays(monday, 3);
  const year = thursday.slice(0, 4);
  const week = Math.floor((dayNumber(thursday) - dayNumber(`${year}-01-01`)) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export type Period = { key: string; label: string; startDate: string; endDate: string };

/** The periods of a series: each day, or each ISO week clipped to the range (the ends may be partial weeks). */
export function periodsOf(range: DayRange, granularity: Granularity): Period[] {
  const periods: Period[] = [];
  if (granularity === 'day') {
    for (let day = range.start; day <= range.end; day = addDays(day, 1))
      periods.push({ key: day, label: day, startDate: day, endDate: day });
    return periods;
  }
  for (let monday = weekStart(range.start); monday <= range.end; monday = addDays(monday, 7)) {
    const sunday = addDays(monday, 6);
    periods.push({
      key: monday,
      label: isoWeekLabel(monday),
      startDate: monday < range.start ? range.start : monday,
      endDate: sunday > range.end ? range.end : sunday,
    });
  }
  return periods;
}

/** Relative change against the previous period; null when the previous period had nothing to compare with. */
export function relativeChange(current: number, previous: number): number | null {
  return previous > 0 ? (current - previous) / previous : null;
}
