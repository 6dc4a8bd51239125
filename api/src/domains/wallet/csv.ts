/** A CSV text cell, quoted as needed; null is an empty cell. Numbers are CsvNumber cells (below). */
export type CsvCell = string | null;

/**
 * Text a spreadsheet would run as a formula (CSV injection): a cell starting with = + - or @ (or a tab or carriage
 * return, which some programs skip before looking). A leading apostrophe keeps it text. Figures are CsvNumber
 * cells, which are never prefixed.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A figure: written as it is, never taken for a formula (a negative amount stays a number). */
export type CsvNumber = { readonly number: string };

function cell(value: CsvCell | CsvNumber): string {
  if (value === null) return '';
  if (typeof value !== 'string') return value.number;
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * RFC 4180: comma-separated, CRLF line ends, fields with commas, quotes or line breaks quoted, quotes doubled. A
 * byte order mark leads the file so spreadsheet programs read it as UTF-8 (names with accents, other scripts).
 */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (CsvCell | CsvNumber)[])[],
): string {
  return '\uFEFF' + [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** A figure written by amount-text.ts (a dot before the decimals, no grouping). */
export const numberCell = (text: string): CsvNumber => ({ number: text });
