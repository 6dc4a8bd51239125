import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convertMicroAt,
  type DecimalRate,
  divideToSignificant,
  formatDecimalRate,
  parseDecimalRate,
  RATE_SIGNIFICANT_DIGITS,
} from './decimal-rate.js';
import { parseRateTable, RateTableError } from './rate-table.js';
import { crossRate, planRateTable } from './rate-table-plan.js';

/** The project's own sample tables, in the ECB's daily and historical shapes (made-up rates). */
const sample = (name: string) =>
  readFileSync(new URL(`./rate-table-samples/${name}`, import.meta.url), 'utf8');

const rate = (text: string): DecimalRate => parseDecimalRate(text)!;
const pow10 = (n: number) => 10n ** BigInt(n);

describe('the ECB reference-rate CSV', () => {
  it('reads the daily file: its spelled date, spaces, CRLF and trailing comma', () => {
    const table = parseRateTable(sample('eurofxref-daily.csv'));
    expect(table.currencies).toHaveLength(30);
    expect(table.days).toHaveLength(1);
    expect(table.days[0]!.date).toBe('2026-11-27');
    expect(formatDecimalRate(table.days[0]!.perEuro.get('JPY')!)).toBe('161.23');
    expect(formatDecimalRate(table.days[0]!.perEuro.get('IDR')!)).toBe('16789.84');
  });

  it('reads the historical file newest first, leaving N/A quotes out', () => {
    const table = parseRateTable(sample('eurofxref-hist.csv'));
    expect(table.days.map((day) => day.date)).toEqual([
      '2026-11-02',
      '2026-10-30',
      '2026-10-29',
      '2026-09-30',
    ]);
    expect(table.days[0]!.perEuro.has('CYP')).toBe(false);
  });

  it.each([
    ['Day,USD,\n2026-11-27,1.05,\n', 'line 1, column 1'],
    ['Date,USD,usd,\n', 'line 1, column 3'],
    ['Date,USD,JPY,\n2026-11-27,1.05,abc,\n', 'line 2, column 3: JPY "abc" is not a positive decimal rate'],
    ['Date,USD,JPY,\n2026-11-27,1.05,160,\n2026-11-31,1.05,160,\n', 'line 3, column 1'],
    ['Date,USD,JPY,\n2026-11-27,1.05,\n', 'line 2: 2 cells where the header has 3'],
    ['Date,USD,\n2026-11-27,-1.05,\n', 'line 2, column 2'],
    ['Date,USD,\n2026-11-27,0,\n', 'line 2, column 2'],
    ['Date,USD,\n', 'line 2: the table has no dated line of rates'],
  ])('refuses %j naming where (%s)', (text, where) => {
    expect(() => parseRateTable(text)).toThrow(RateTableError);
    expect(() => parseRateTable(text)).toThrow(where);
  });
});

describe('cross rates', () => {
  const day = parseRateTable(sample('eurofxref-daily.csv')).days[0]!.perEuro;

  it('into EUR: the inverse of the quote to 12 significant digits', () => {
    expect(formatDecimalRate(crossRate(day, 'JPY', 'EUR')!)).toBe('0.00620231966756');
    expect(formatDecimalRate(crossRate(day, 'IDR', 'EUR')!)).toBe('0.0000595598290395');
    expect(formatDecimalRate(crossRate(day, 'USD', 'EUR')!)).toBe('0.947059380623');
  });

  it('into another base: base per euro over currency per euro; EUR itself at the base’s quote', () => {
    expect(formatDecimalRate(crossRate(day, 'EUR', 'USD')!)).toBe('1.0559');
    expect(formatDecimalRate(crossRate(day, 'JPY', 'USD')!)).toBe('0.00654902933697');
    expect(formatDecimalRate(crossRate(day, 'GBP', 'USD')!)).toBe('1.26594571264');
    expect(crossRate(day, 'XYZ', 'USD')).toBeNull();
  });

  it('keeps 12 significant digits, rounded half up from the exact quotient', () => {
    const quote = fc
      .tuple(fc.bigInt({ min: 1n, max: 10n ** 10n }), fc.integer({ min: 0, max: 8 }))
      .map(([digits, scale]) => ({ digits, scale }));
    fc.assert(
      fc.property(quote, quote, (numerator, denominator) => {
        const q = divideToSignificant(numerator, denominator);
        expect(q.digits.toString().replace(/0+$/, '').length).toBeLessThanOrEqual(RATE_SIGNIFICANT_DIGITS);
        // q as exactly 12 digits M at scale s (value M / 10^s); |M / 10^s − n / d| ≤ ½ / 10^s, as integers.
        const n = numerator.digits * pow10(denominator.scale);
        const d = denominator.digits * pow10(numerator.scale);
        const pad = RATE_SIGNIFICANT_DIGITS - q.digits.toString().length;
        const m = pad >= 0 ? q.digits * pow10(pad) : q.digits / pow10(-pad);
        const s = q.scale + pad;
        const [left, right] = s >= 0 ? [m * d, n * pow10(s)] : [m * d * pow10(-s), n];
        const error = left > right ? left - right : right - left;
        const ulp = s >= 0 ? d : d * pow10(-s);
        // A quotient rounded up to a power of ten (9.999…95 → 10) is within half a unit of the digit before.
        expect(2n * error <= (m === pow10(RATE_SIGNIFICANT_DIGITS - 1) ? 10n * ulp : ulp)).toBe(true);
      }),
    );
  });
});

describe('the plan for open periods', () => {
  const hist = parseRateTable(sample('eurofxref-hist.csv'));
  const periods = [
    {
      id: 'oct',
      month: '2026-10',
      currencies: [
        { currency: 'JPY', rate: null },
        { currency: 'SEK', rate: null },
      ],
    },
    {
      id: 'nov',
      month: '2026-11',
      currencies: [
        { currency: 'EUR', rate: null },
        { currency: 'USD', rate: '0.9' },
      ],
    },
    { id: 'aug', month: '2026-08', currencies: [{ currency: 'USD', rate: null }] },
  ];

  it('takes the latest day on or before each period’s last day; a currency the table lacks is missing', () => {
    const [oct, nov, aug] = planRateTable(hist, 'EUR', periods);
    expect(oct).toMatchObject({ date: '2026-10-30', missing: ['SEK'] });
    expect(oct!.rates).toEqual([
      { currency: 'JPY', rate: '0.0061394891945', ratePpb: 6139489, previousRate: null },
    ]);
    expect(nov).toMatchObject({ date: '2026-11-02', missing: [] });
    expect(nov!.rates.map((entry) => [entry.currency, entry.previousRate])).toEqual([['USD', '0.9']]);
    expect(aug).toEqual({ periodId: 'aug', month: '2026-08', date: null, rates: [], missing: ['USD'] });
  });

  it('takes the chosen day for every period', () => {
    const plans = planRateTable(hist, 'EUR', periods, '2026-09-30');
    expect(plans.map((plan) => plan.date)).toEqual(['2026-09-30', '2026-09-30', '2026-09-30']);
  });
});

describe('conversion at a decimal rate', () => {
  it('converts whole yen exactly: ¥1,000,000 at 0.00620231966756 is €6,202.31966756', () => {
    expect(convertMicroAt(1_000_000n * 1_000_000n, rate('0.00620231966756'))).toBe(6_202_319_668n);
    expect(convertMicroAt(-1_000_000n, rate('0.0062'))).toBe(-6_200n);
  });

  it('converts a dinar’s three decimals: BHD 1.234 at 2.4 is 2.9616', () => {
    expect(convertMicroAt(1_234_000n, rate('2.4'))).toBe(2_961_600n);
  });
});
