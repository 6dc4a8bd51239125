import type { StreamSeriesBucket, TrendSeriesBucket } from '@tunehouse/contracts';

/**
 * How a series answer becomes chart lines (contract libs/contracts/src/trends.ts and the API's trend service):
 * - each item is one period of the chart: a day, or an ISO week for long ranges (`bucketLabel` 2024-W23), with
 *   `startDate`..`endDate` both included (the first and last weeks clipped to the range);
 * - `values` holds one figure per line: with bucket_by, one per bucket in the order (and limit) of the statistics
 *   rows of the same query; without it (playlists), the one total;
 * - stream series answer each period twice: `sub30` false with all streams, `sub30` true with the plays shorter
 *   than 30 seconds only.
 */
export interface SeriesPoint {
  /** The first day of the period, YYYY-MM-DD. */
  start: string;
  /** Its last day (the same day for a daily period). */
  end: string;
  value: number;
}

export interface ChartLine {
  name: string;
  points: SeriesPoint[];
  total: number;
}

const day = (date: string) => date.slice(0, 10);

/** One line per position of `values`, named by `names` (in the same order); periods in date order. */
export function chartLines(periods: readonly TrendSeriesBucket[], names: readonly string[]): ChartLine[] {
  const sorted = [...periods].sort((a, b) => day(a.startDate).localeCompare(day(b.startDate)));
  const count = Math.max(0, ...sorted.map((period) => period.values.length));
  return Array.from({ length: count }, (_, index) => {
    const points = sorted.map((period) => ({
      start: day(period.startDate),
      end: day(period.endDate),
      value: period.values[index] ?? 0,
    }));
    return {
      name: names[index] ?? `Line ${index + 1}`,
      points,
      total: points.reduce((sum, point) => sum + point.value, 0),
    };
  });
}

/** The stream lines for the under-30-second switch: all streams, or only the plays shorter than 30 seconds. */
export function streamLines(
  periods: readonly StreamSeriesBucket[],
  sub30Only: boolean,
  names: readonly string[],
) {
  return chartLines(
    periods.filter((period) => period.sub30 === sub30Only),
    names,
  );
}
