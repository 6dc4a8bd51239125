import { centsToDecimal, microToDecimal } from '@tunehouse/contracts';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { countText } from './amount-text.js';
import { numberCell, toCsv } from './csv.js';

const parsed = (csv: string): string[][] => parse(csv, { bom: true, relaxColumnCount: false });

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks the RFC 4180 way, with CRLF line ends and a byte order mark', () => {
    const csv = toCsv(
      ['Title', 'Note'],
      [
        ['Live, at "The Roxy"', 'two\nlines'],
        ['plain', null],
      ],
    );
    expect(csv).toBe('\uFEFFTitle,Note\r\n"Live, at ""The Roxy""","two\nlines"\r\nplain,\r\n');
    expect(parsed(csv)).toEqual([
      ['Title', 'Note'],
      ['Live, at "The Roxy"', 'two\nlines'],
      ['plain', ''],
    ]);
  });

  it('keeps text a spreadsheet would run as a formula as text, but not numbers', () => {
    const dangerous = ['=HYPERLINK("http://evil")', '+1', '-2+3', '@SUM(A1)', '\tx', '\r=1'];
    const csv = toCsv(
      ['Text', 'Amount'],
      [...dangerous.map((text) => [text, numberCell(centsToDecimal(-150))])],
    );
    const rows = parsed(csv).slice(1);
    expect(rows.map((row) => row[0])).toEqual(dangerous.map((text) => `'${text}`));
    expect(rows.map((row) => row[1])).toEqual(dangerous.map(() => '-1.50'));
    expect(parsed(toCsv(['A'], [['a=b'], ['mail@example.com']])).slice(1)).toEqual([
      ['a=b'],
      ['mail@example.com'],
    ]);
  });
});

describe('amount text', () => {
  it('writes integer amounts as exact decimals with a dot', () => {
    expect([0, 5, -5, 123_456, -100].map((cents) => centsToDecimal(cents))).toEqual([
      '0.00',
      '0.05',
      '-0.05',
      '1234.56',
      '-1.00',
    ]);
    expect([3_333_337, 7, 0].map((micro) => microToDecimal(micro))).toEqual([
      '3.333337',
      '0.000007',
      '0.000000',
    ]);
    expect(microToDecimal(Number.MAX_SAFE_INTEGER)).toBe('9007199254.740991');
    expect(centsToDecimal(-123_456_789, { grouped: true })).toBe('-1,234,567.89');
    expect(microToDecimal(1_234_000_000, { grouped: true })).toBe('1,234.000000');
    expect([countText(1_001), countText(1_001, true), countText(999, true)]).toEqual([
      '1001',
      '1,001',
      '999',
    ]);
  });
});
