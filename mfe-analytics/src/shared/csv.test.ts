import { describe, expect, it } from 'vitest';
import { percentCell, toCsv } from './csv.js';
import { changeDirection, formatChangeSize } from './numbers.js';

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, and ends lines with CRLF', () => {
    expect(
      toCsv(
        ['Name', 'Streams'],
        [
          ['Plain', 1],
          ['Salt, Sea', 2],
          ['Say "hi"', 3],
          ['Two\nlines', 4],
        ],
      ),
    ).toBe('Name,Streams\r\nPlain,1\r\n"Salt, Sea",2\r\n"Say ""hi""",3\r\n"Two\nlines",4\r\n');
  });

  it('writes empty cells for missing values and keeps numbers as numbers', () => {
    expect(toCsv(['a', 'b', 'c', 'd'], [[null, undefined, -0.5, Number.NaN]])).toBe('a,b,c,d\r\n,,-0.5,\r\n');
  });

  it('keeps text that a spreadsheet would run as a formula as text', () => {
    expect(toCsv(['a'], [['=HYPERLINK("x")'], ['+1'], ['-2'], ['@me']])).toBe(
      `a\r\n"'=HYPERLINK(""x"")"\r\n'+1\r\n'-2\r\n'@me\r\n`,
    );
  });

  it('writes changes as percentages with one decimal', () => {
    expect([0.125, -0.5, 0, 1 / 3, null, undefined].map(percentCell)).toEqual([
      12.5,
      -50,
      0,
      33.3,
      null,
      null,
    ]);
  });
});

describe('changes', () => {
  it('have a direction, none when there was nothing to compare with', () => {
    expect([0.2, -0.2, 0, null, undefined].map(changeDirection)).toEqual([
      'up',
      'down',
      'flat',
      'none',
      'none',
    ]);
    expect([0.125, -0.03, 0].map(formatChangeSize)).toEqual(['12.5%', '3%', '0%']);
  });
});
