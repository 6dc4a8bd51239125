import type { FieldIssue } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';

/** The GS1 check digit of a barcode body (11 digits for UPC-A, 12 for EAN-13). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    // Weights 3,1,3,... from the digit next to the check digit.
    sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidBarcode(digits: string): boolean {
  return /^\d{12,13}$/.test(digits) && gs1CheckDigit(digits.slice(0, -1)) === Number(digits.at(-1));
}

/** CCXXXYYNNNNN, as stored; shown with hyphens as CC-XXX-YY-NNNNN. */
export function formatIsrc(isrc: string): string {
  return `${isrc.slice(0, 2)}-${isrc.slice(2, 5)}-${isrc.slice(5, 7)}-${isrc.slice(7)}`;
}

/** Takes the next number of a sequence, in the caller's transaction (the row lock serialises assignments). */
async function nextValue(q: Queryable, kind: string, first: number): Promise<number> {
  const { rows } = await q.query<{ last_value: string }>(
    `INSERT INTO identifier_sequences (kind, last_value) VALUES ($1, $2)
     ON CONFLICT (kind) DO UPDATE SET last_value = GREATEST(identifier_sequences.last_value + 1, EXCLUDED.last_value)
     RETURNING last_value`,
    [kind, first],
  );
  return Number(rows[0]!.last_value);
}

/**
 * The next EAN-13 from the configured range (12-digit bodies `from`..`to`, check digit added). Numbers already
 * used in the catalogue (typed in by an owner) are skipped. 409 when the range is used up.
 */
export async function assignBarcode(
  q: Queryable,
  range: { from: number; to: number },
  path: FieldIssue['path'],
): Promise<string> {
  for (;;) {
    const value = await nextValue(q, 'BARCODE', range.from);
    if (value > range.to) {
      const message = 'The barcode range of this installation is used up; enter a barcode';
      throw new ApiError(409, 'CONFLICT', message, [{ path, message }]);
    }
    const body = String(value).padStart(12, '0');
    const barcode = `${body}${gs1CheckDigit(body)}`;
    const { rows } = await q.query('SELECT 1 FROM albums WHERE barcode = $1 AND deleted_at IS NULL', [
      barcode,
    ]);
    if (rows.length === 0) return barcode;
  }
}

/**
 * The next ISRC of the configured registrant (country + registrant code) for this year: CC XXX YY NNNNN with
 * designation codes from 00001. Codes already used in the catalogue are skipped; 409 after 99999 in a year.
 */
export async function assignIsrc(
  q: Queryable,
  registrant: string,
  path: FieldIssue['path'],
  now = new Date(),
): Promise<string> {
  const year = String(now.getUTCFullYear() % 100).padStart(2, '0');
  for (;;) {
    const value = await nextValue(q, `ISRC:${registrant}:${year}`, 1);
    if (value > 99_999) {
      const message = 'This year’s ISRC designation codes are used up; enter an ISRC';
      throw new ApiError(409, 'CONFLICT', message, [{ path, message }]);
    }
    const isrc = `${registrant}${year}${String(value).padStart(5, '0')}`;
    const { rows } = await q.query('SELECT 1 FROM tracks WHERE isrc = $1 AND deleted_at IS NULL', [isrc]);
    if (rows.length === 0) return isrc;
  }
}

/** PostgreSQL's unique violation on one of the identifier indexes becomes 409 at `path`. */
export function duplicateIdentifier(error: unknown, path: FieldIssue['path']): ApiError | null {
  const { code, constraint } = error as { code?: string; constraint?: string };
  if (code !== '23505') return null;
  if (constraint === 'albums_barcode_idx') {
    const message = 'This barcode is already used by another release in the catalogue';
    return new ApiError(409, 'CONFLICT', message, [{ path, message }]);
  }
  if (constraint === 'tracks_isrc_idx') {
    const message = 'This ISRC is already used by another track in the catalogue';
    return new ApiError(409, 'CONFLICT', message, [{ path, message }]);
  }
  return null;
}
