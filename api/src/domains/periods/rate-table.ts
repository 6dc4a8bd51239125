import { type DecimalRate, parseDecimalRate } from './decimal-rate.js';

/**
 * A published reference-rate table in the European Central Bank's CSV shape: a header `Date, USD, JPY, …,` and one
 * line per day quoting how many units of each currency one euro buys. The daily file (`eurofxref.csv`) has one line
 * dated "27 November 2026"; the historical one (`eurofxref-hist.csv`) has many dated 2026-11-27, with "N/A" where a
 * currency was not quoted. A trailing comma and spaces around cells are the ECB's and are ignored.
 */
export type RateTable = {
  /** The table's currencies in header order (EUR, the quote base, is implied). */
  currencies: string[];
  /** The days, newest first: each currency's units per euro (absent when N/A). */
  days: { date: string; perEuro: Map<string, DecimalRate> }[];
};

/** A refused table: the message names the line and column (1-based) of what was wrong. */
export class RateTableError extends Error {
  constructor(
    readonly line: number,
    readonly column: number | null,
    message: string,
  ) {
    super(`line ${line}${column === null ? '' : `, column ${column}`}: ${message}`);
    this.name = 'RateTableError';
  }
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** "2026-11-27" or "27 November 2026" as YYYY-MM-DD, or null. */
function isoDateOf(text: string): string | null {
  let year: number, month: number, day: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const spelled = /^(\d{1,2}) ([A-Za-z]+) (\d{4})$/.exec(text);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (spelled) {
    [year, month, day] = [
      Number(spelled[3]),
      MONTHS.indexOf(spelled[2]!.toLowerCase()) + 1,
      Number(spelled[1]),
    ];
    if (month === 0) return null;
  } else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}

/** The cells of a line, trimmed; the empty cell after the ECB's trailing comma dropped. */
function cellsOf(line: string): string[] {
  const cells = line.split(',').map((cell) => cell.trim());
  if (cells.length > 1 && cells[cells.length - 1] === '') cells.pop();
  return cells;
}

/** Parses the table, refusing it whole at its first fault (nothing is set from a table that is partly wrong). */
export function parseRateTable(text: string): RateTable {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = cellsOf(lines[0] ?? '');
  if (header[0]?.toLowerCase() !== 'date')
    throw new RateTableError(1, 1, 'the header must start with "Date" (the ECB reference-rate CSV)');
  const currencies = header.slice(1);
  if (currencies.length === 0) throw new RateTableError(1, 2, 'the header names no currency');
  currencies.forEach((currency, index) => {
    if (!/^[A-Z]{3}$/.test(currency))
      throw new RateTableError(1, index + 2, `"${currency}" is not an ISO 4217 currency code`);
    if (currencies.indexOf(currency) !== index)
      throw new RateTableError(1, index + 2, `${currency} appears twice in the header`);
  });
  if (currencies.includes('EUR'))
    throw new RateTableError(1, currencies.indexOf('EUR') + 2, 'EUR is the base of the quotes, not a column');
  const days: RateTable['days'] = [];
  const seen = new Set<string>();
  lines.slice(1).forEach((line, index) => {
    const lineNumber = index + 2;
    if (line.trim() === '') return;
    const cells = cellsOf(line);
    if (cells.length !== currencies.length + 1)
      throw new RateTableError(
        lineNumber,
        null,
        `${cells.length} cells where the header has ${currencies.length + 1}`,
      );
    const date = isoDateOf(cells[0]!);
    if (!date)
      throw new RateTableError(lineNumber, 1, `"${cells[0]}" is not a date (2026-11-27 or 27 November 2026)`);
    if (seen.has(date)) throw new RateTableError(lineNumber, 1, `${date} appears twice`);
    seen.add(date);
    const perEuro = new Map<string, DecimalRate>();
    cells.slice(1).forEach((cell, column) => {
      if (cell === 'N/A' || cell === '') return;
      const rate = parseDecimalRate(cell);
      if (!rate)
        throw new RateTableError(
          lineNumber,
          column + 2,
          `${currencies[column]} "${cell}" is not a positive decimal rate`,
        );
      perEuro.set(currencies[column]!, rate);
    });
    days.push({ date, perEuro });
  });
  if (days.length === 0) throw new RateTableError(2, null, 'the table has no dated line of rates');
  days.sort((a, b) => b.date.localeCompare(a.date));
  return { currencies, days };
}
