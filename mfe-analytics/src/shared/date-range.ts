import { addDays, addMonths, daysInRange, isCalendarDate } from './dates.js';

/** The period choices of the trends pages; `custom` takes its dates from the URL. */
export const RANGE_PRESETS = [
  { id: '7d', label: '7 days' },
  { id: '28d', label: '28 days' },
  { id: '90d', label: '90 days' },
  { id: '12m', label: '12 months' },
  { id: 'custom', label: 'Custom' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['id'];
export const DEFAULT_PRESET: RangePreset = '28d';

export const isRangePreset = (value: string | null): value is RangePreset =>
  RANGE_PRESETS.some((preset) => preset.id === value);

export interface DateRange {
  /** First day, YYYY-MM-DD, included. */
  start: string;
  /** Last day, YYYY-MM-DD, included. */
  end: string;
}

/**
 * The dates of a preset. Presets end yesterday: today's streams are still being played and platforms report
 * days later anyway. 7, 28 and 90 days count back from there, both ends included; 12 months start the day after
 * the same date a year earlier (365 or 366 days).
 */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, today: string): DateRange {
  const end = addDays(today, -1);
  switch (preset) {
    case '7d':
      return { start: addDays(end, -6), end };
    case '28d':
      return { start: addDays(end, -27), end };
    case '90d':
      return { start: addDays(end, -89), end };
    case '12m':
      return { start: addDays(addMonths(end, -12), 1), end };
  }
}

/** The longest range the API answers (TRENDS_MAX_DAYS, 1,096 days: three years); beyond 92 days it answers weeks. */
export const MAX_RANGE_DAYS = 1096;

/** Why a custom range cannot be shown, or undefined when it can. */
export function customRangeProblem(start: string | undefined, end: string | undefined, today: string) {
  if (!isCalendarDate(start)) return 'Choose the first day of the period.';
  if (!isCalendarDate(end)) return 'Choose the last day of the period.';
  if (start > end) return 'The first day must be on or before the last day.';
  if (start > today) return 'The period must start today or earlier.';
  if (daysInRange(start, end) > MAX_RANGE_DAYS) return 'Choose a period of at most three years.';
  return undefined;
}
