import { describe, expect, it } from 'vitest';
import { basisPointsToPercentText, formatShare, percentToBasisPoints, remainderOf } from './percent.js';

describe('percentToBasisPoints', () => {
  it('reads a percentage digit by digit, exactly', () => {
    expect(percentToBasisPoints('33.33')).toBe(3_333);
    expect(percentToBasisPoints('0.01')).toBe(1);
    expect(percentToBasisPoints('12.5')).toBe(1_250);
    expect(percentToBasisPoints('12,5')).toBe(1_250);
    expect(percentToBasisPoints(' 5 ')).toBe(500);
    expect(percentToBasisPoints('.5')).toBe(50);
    expect(percentToBasisPoints('100')).toBe(10_000);
    expect(percentToBasisPoints('30 %')).toBe(3_000);
    // 0.29 * 10,000 is 2899.9999999999995 in floating point: the digits are read instead.
    expect(percentToBasisPoints('0.29')).toBe(29);
    expect(percentToBasisPoints('28.57')).toBe(2_857);
  });

  it('refuses what is not a percentage with at most two decimals, and answers too large ones as they are', () => {
    for (const text of ['', '.', 'abc', '1.234', '-5', '1e2', '12.', '1 000'])
      expect(percentToBasisPoints(text)).toBeNull();
    expect(percentToBasisPoints('150')).toBe(15_000);
  });

  it('writes basis points back with two decimals', () => {
    expect(basisPointsToPercentText(3_333)).toBe('33.33');
    expect(basisPointsToPercentText(5)).toBe('0.05');
    expect(basisPointsToPercentText(10_000)).toBe('100.00');
    expect(formatShare(1_250)).toBe('12.50 %');
    for (const basisPoints of [0, 1, 99, 100, 2_857, 9_999])
      expect(percentToBasisPoints(basisPointsToPercentText(basisPoints))).toBe(basisPoints);
  });
});

describe('remainderOf', () => {
  it('is what the owner keeps: the whole less the others, below zero when they are over 100 %', () => {
    expect(remainderOf([])).toBe(10_000);
    expect(remainderOf([3_333, 3_333])).toBe(3_334);
    expect(remainderOf([6_000, 5_000])).toBe(-1_000);
  });
});
