import { describe, expect, it } from 'vitest';
import { formatCents, formatDate, formatDuration } from './format.js';

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

describe('formatCents', () => {
  it('shows whole cents as money of the currency, negatives with a minus', () => {
    expect(formatCents(123_456, 'EUR')).toBe('€1,234.56');
    expect(formatCents(-1_500, 'EUR')).toBe('-€15.00');
    expect(formatCents(5, 'USD')).toBe('US$0.05');
  });
});
