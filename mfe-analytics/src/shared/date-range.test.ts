import { describe, expect, it } from 'vitest';
import { customRangeProblem, presetRange } from './date-range.js';
import { addMonths, daysInRange, formatDay, isCalendarDate } from './dates.js';

describe('period presets', () => {
  it('end yesterday and count their days back, both ends included', () => {
    expect(presetRange('7d', '2026-03-01')).toEqual({ start: '2026-02-22', end: '2026-02-28' });
    expect(daysInRange('2026-02-22', '2026-02-28')).toBe(7);
    expect(presetRange('28d', '2026-01-05')).toEqual({ start: '2025-12-08', end: '2026-01-04' });
    expect(presetRange('90d', '2026-11-20')).toEqual({ start: '2026-08-22', end: '2026-11-19' });
  });

  it('take twelve months as the year up to yesterday, over a leap day too', () => {
    expect(presetRange('12m', '2026-11-20')).toEqual({ start: '2025-11-20', end: '2026-11-19' });
    expect(presetRange('12m', '2024-03-01')).toEqual({ start: '2023-03-01', end: '2024-02-29' });
    expect(daysInRange('2023-03-01', '2024-02-29')).toBe(366);
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
  });
});

describe('custom periods', () => {
  it('need two real dates in order, starting no later than today', () => {
    expect(customRangeProblem('2026-03-01', '2026-03-31', '2026-11-20')).toBeUndefined();
    expect(customRangeProblem('2026-03-01', '2026-03-01', '2026-11-20')).toBeUndefined();
    expect(customRangeProblem(undefined, '2026-03-31', '2026-11-20')).toMatch(/first day/);
    expect(customRangeProblem('2026-02-30', '2026-03-31', '2026-11-20')).toMatch(/first day/);
    expect(customRangeProblem('2026-04-01', '2026-03-31', '2026-11-20')).toMatch(/on or before/);
    expect(customRangeProblem('2026-12-01', '2026-12-31', '2026-11-20')).toMatch(/today or earlier/);
    expect(customRangeProblem('2020-01-01', '2026-03-31', '2026-11-20')).toMatch(/three years/);
  });

  it('show dates as dd-MM-yyyy', () => {
    expect(formatDay('2026-03-09')).toBe('09-03-2026');
    expect(isCalendarDate('2026-3-9')).toBe(false);
  });
});
