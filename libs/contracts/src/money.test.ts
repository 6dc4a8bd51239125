import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatUnitPrice,
  centsToDecimal,
  formatMoney,
  formatPercent,
  microToCents,
  microToDecimal,
  parseMoney,
} from './money.js';

describe('the money module', () => {
  it('writes cents and micro-units from their digits', () => {
    expect(centsToDecimal(123456)).toBe('1234.56');
    expect(centsToDecimal(123456, { grouped: true })).toBe('1,234.56');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(9_007_199_254_740_991n)).toBe('90071992547409.91');
    expect(microToDecimal(1)).toBe('0.000001');
    expect(microToDecimal(-12_345_678, { grouped: true })).toBe('-12.345678');
  });

  it('formats money for people in the currency', () => {
    expect(formatMoney(123456, 'EUR')).toBe('€1,234.56');
    expect(formatMoney(-500, 'EUR')).toBe('-€5.00');
    expect(formatMoney(29, 'GBP')).toBe('£0.29');
  });

  it('reads what a person types, decimal comma and grouping commas alike', () => {
    expect(parseMoney('1,234.56')).toBe(123456);
    expect(parseMoney('12,50')).toBe(1250);
    expect(parseMoney('12,5')).toBe(1250);
    expect(parseMoney(' 1500 ')).toBe(150000);
    expect(parseMoney('0.29')).toBe(29);
    expect(parseMoney('1500.5')).toBe(150_050);
    expect(parseMoney('19,99')).toBe(1_999);
    const notAmounts = [
      '',
      '-1',
      '1.234',
      '12.345',
      '1,2345',
      'abc',
      '1e3',
      '12,34,567',
      '.5',
      '€12',
      '12..5',
    ];
    for (const text of notAmounts) expect(parseMoney(text), text).toBeNull();
  });

  it('reads back every amount it writes, to the cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), fc.boolean(), (cents, grouped) => {
        expect(parseMoney(centsToDecimal(cents, { grouped }))).toBe(cents);
      }),
    );
  });

  it('formats exactly what the decimal says, for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }), (cents) => {
        const shown = formatMoney(cents, 'EUR').replace('€', '');
        expect(shown).toBe(centsToDecimal(cents, { grouped: true }));
      }),
    );
  });

  it('writes a share in basis points as a percentage, from its digits', () => {
    expect([8_500, 3_333, 1_250, 10_000, 0, 5].map(formatPercent)).toEqual([
      '85%',
      '33.33%',
      '12.5%',
      '100%',
      '0%',
      '0.05%',
    ]);
  });

  it('rounds micro-units to cents half up, never below zero', () => {
    expect(microToCents(4_999n)).toBe(0n);
    expect(microToCents(5_000n)).toBe(1n);
    expect(microToCents(15_000n)).toBe(2n);
    expect(() => microToCents(-1n)).toThrow(RangeError);
  });

  it('writes a per-stream price with its fractions of a cent, in the currency given', () => {
    expect(formatUnitPrice(3000, 'EUR')).toBe('€0.003');
    expect(formatUnitPrice(2500, 'EUR')).toBe('€0.0025');
    expect(formatUnitPrice(1, 'USD')).toBe('US$0.000001');
    expect(formatUnitPrice(1_230_000, 'GBP')).toBe('£1.230');
  });

  it('never loses a micro-unit of a price: the digits shown are the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (micro) => {
        const digits = formatUnitPrice(micro, 'EUR').replace(/[€,]/g, '');
        expect(Math.round(Number(digits) * 1_000_000)).toBe(micro);
      }),
    );
  });
});
