import type { Queryable } from '../../platform/db.js';

/** The first day of the month of `day` (a Date, or YYYY-MM-DD), as YYYY-MM-01. */
export function monthOf(day: Date | string): string {
  const text = typeof day === 'string' ? day : day.toISOString().slice(0, 10);
  const match = /^(\d{4})-(\d{2})-\d{2}/.exec(text);
  if (!match) throw new RangeError(`Not a day: ${text}`);
  return `${match[1]}-${match[2]}-01`;
}

/** The month after `month` (YYYY-MM-01). */
export function nextMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthNumber === 12 ? `${year + 1}-01-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}-01`;
}

/** Creates the period of `month` if missing, and returns it locked FOR SHARE (its status cannot change under us). */
async function lockPeriod(client: Queryable, month: string): Promise<{ id: string; status: string }> {
  await client.query('INSERT INTO periods (month) VALUES ($1) ON CONFLICT (month) DO NOTHING', [month]);
  const { rows } = await client.query<{ id: string; status: string }>(
    'SELECT id, status FROM periods WHERE month = $1 FOR SHARE',
    [month],
  );
  const row = rows[0];
  if (!row) throw new Error(`Period ${month} vanished`);
  return row;
}

/**
 * The period revenue used on `day` belongs in: the usage month's period while it is OPEN, else the earliest OPEN
 * period after it (months are created as needed), so a late or corrected report never changes a closed period.
 * Call inside the transaction that inserts the revenue lines: the period row stays locked FOR SHARE until it
 * ends, so a close cannot start (OPEN → CLOSING) while those lines are on their way in. One call per usage month
 * of a report is enough.
 */
export async function periodForUsage(client: Queryable, day: Date | string): Promise<string> {
  let month = monthOf(day);
  for (let step = 0; step < 1200; step += 1) {
    const period = await lockPeriod(client, month);
    if (period.status === 'OPEN') return period.id;
    month = nextMonth(month);
  }
  throw new Error(`No open period within 100 years after ${monthOf(day)}`);
}
