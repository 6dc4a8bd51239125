/** A CSV cell: text is quoted as needed, numbers are written as they are, null/undefined as an empty cell. */
export type CsvCell = string | number | null | undefined;

/** A change as a percentage with one decimal (0.125 → 12.5), empty when there was nothing to compare with. */
export const percentCell = (change: number | null | undefined): CsvCell =>
  change === null || change === undefined ? null : Math.round(change * 1000) / 10;

/** Text a spreadsheet would run as a formula (CSV injection); a leading apostrophe keeps it text. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180: comma-separated, CRLF line ends, fields with commas, quotes or line breaks quoted, quotes doubled. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/**
 * Saves text as a .csv file through a Blob link. A byte order mark leads the file so spreadsheet programs read
 * it as UTF-8 (names with accents, non-Latin titles).
 */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns; let go of the Blob a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
