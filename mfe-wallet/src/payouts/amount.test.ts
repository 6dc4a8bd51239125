import { describe, expect, it } from 'vitest';
import { amountText, parseAmount } from './amount.js';

describe('parseAmount', () => {
  it('reads whole units and up to two decimals as exact cents', () => {
    expect(parseAmount('12')).toBe(1_200);
    expect(parseAmount('12.5')).toBe(1_250);
    expect(parseAmount(' 0.29 ')).toBe(29);
    expect(parseAmount('1,234.56')).toBe(123_456);
    expect(parseAmount('12,50')).toBe(1_250);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '12.345', '-5', '1e3', '12..5'])
      expect(parseAmount(text), text).toBeNull();
  });

  it('writes cents back as a decimal', () => {
    expect([5, 1_250, 123_456].map(amountText)).toEqual(['0.05', '12.50', '1234.56']);
  });
});
