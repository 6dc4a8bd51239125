import { describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatDuration,
  formatMonth,
  formatShortMonth,
} from './format.js';

describe('formatDuration', () => {
  it('shows mm:ss below an hour and h:mm:ss from an hour on', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(65.9)).toBe('01:05');
    expect(formatDuration(3599)).toBe('59:59');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(37_230)).toBe('10:20:30');
  });

  it('treats unknown lengths as zero', () => {
    expect(formatDuration(NaN)).toBe('00:00');
    expect(formatDuration(-5)).toBe('00:00');
  });
});

describe('formatDate', () => {
  it('uses dd-MM-yyyy', () => {
    expect(formatDate(new Date(2026, 0, 5))).toBe('05-01-2026');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('writes dd-MM-yyyy with the local hours and minutes', () => {
    expect(formatDateTime(new Date(2026, 10, 4, 9, 5))).toBe('04-11-2026 09:05');
  });

  it('shows a dash for what is not a date', () => {
    expect(formatDateTime('not a date')).toBe('—');
  });
});

describe('formatCalendarDay', () => {
  it('reads YYYY-MM-DD without a time zone, so the day never shifts', () => {
    expect(formatCalendarDay('2026-01-31')).toBe('31-01-2026');
  });

  it('shows a dash for nothing', () => {
    expect(formatCalendarDay(null)).toBe('—');
    expect(formatCalendarDay('')).toBe('—');
  });
});

describe('formatMonth', () => {
  it('names a period’s month in full, or short for a chart’s axis', () => {
    expect(formatMonth('2026-10')).toBe('October 2026');
    expect(formatShortMonth('2026-10')).toBe('Oct 26');
    expect(formatShortMonth('2027-01')).toBe('Jan 27');
  });
});
