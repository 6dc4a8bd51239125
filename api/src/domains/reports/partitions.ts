import type { Db } from '../../platform/db.js';
import { withTransaction } from '../../platform/db.js';

/** The tables partitioned by month on `day` (api/migrations/0006_stream_facts.sql). */
export const PARTITIONED_TABLES = ['stream_facts', 'playlist_facts'] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number];

/** Any number, the same in every process: serializes partition creation. */
const PARTITION_LOCK_KEY = 7_130_417_301;

/** The first day of each month from `firstDay`'s month to `lastDay`'s, as YYYY-MM-01. */
export function monthsBetween(firstDay: string, lastDay: string): string[] {
  const months: string[] = [];
  let [year, month] = firstDay.split('-').map(Number) as [number, number];
  const [lastYear, lastMonth] = lastDay.split('-').map(Number) as [number, number];
  while (year < lastYear || (year === lastYear && month <= lastMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}-01`);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return months;
}

export function partitionName(table: PartitionedTable, month: string): string {
  return `${table}_p${month.slice(0, 4)}_${month.slice(5, 7)}`;
}

function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
}

/**
 * Creates the missing monthly partitions of `table` covering firstDay..lastDay, each in a short transaction of
 * its own. A partition is made as a plain table shaped like the parent (LIKE … INCLUDING ALL) and then attached,
 * which locks the parent only in SHARE UPDATE EXCLUSIVE mode: reads and loads of other months go on meanwhile
 * (CREATE TABLE … PARTITION OF would take ACCESS EXCLUSIVE on the parent). An empty partition left by a load that
 * failed later is harmless. Answers the partitions created.
 */
export async function ensureMonthlyPartitions(
  db: Db,
  table: PartitionedTable,
  firstDay: string,
  lastDay: string,
): Promise<string[]> {
  const wanted = monthsBetween(firstDay, lastDay).map((month) => ({
    month,
    name: partitionName(table, month),
  }));
  const existing = await existingPartitions(db, table);
  const missing = wanted.filter(({ name }) => !existing.has(name));
  const created: string[] = [];
  for (const { month, name } of missing) {
    await withTransaction(db, async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [PARTITION_LOCK_KEY]);
      const { rows } = await tx.query<{ exists: boolean }>('SELECT to_regclass($1) IS NOT NULL AS exists', [
        name,
      ]);
      if (rows[0]?.exists) return;
      await tx.query(`CREATE TABLE ${name} (LIKE ${table} INCLUDING ALL)`);
      await tx.query(
        `ALTER TABLE ${table} ATTACH PARTITION ${name} FOR VALUES FROM ('${month}') TO ('${nextMonth(month)}')`,
      );
      created.push(name);
    });
  }
  return created;
}

export async function existingPartitions(db: Db, table: PartitionedTable): Promise<Set<string>> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT c.relname AS name
       FROM pg_inherits i
       JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = $1::regclass`,
    [table],
  );
  return new Set(rows.map((row) => row.name));
}
