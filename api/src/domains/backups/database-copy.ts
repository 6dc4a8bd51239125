// The database part of a backup: every table's rows as COPY text, read from one snapshot, and loaded back in
// foreign-key order in one transaction (docs/decisions/0084-backup-and-restore.md). The embedded PostgreSQL ships
// no pg_dump, so the schema is not copied: the migrations rebuild it.
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { z } from 'zod';
import { unplacedTables } from './migration-tables.js';

/** pg-boss's queue lives beside the data and is written in the same transactions: its waiting jobs are data too. */
export const JOB_SCHEMA = 'pgboss';

/**
 * What is copied: every table of the application's schema but `schema_migrations` (the restore's migrations write
 * it), and pg-boss's jobs and schedules. pg-boss's queue, version and subscription rows are made by pg-boss itself
 * when the restore starts it; its archive (finished jobs, kept a week) is not worth restoring.
 */
const TABLES_SQL = `
  SELECT n.nspname::text AS schema, c.relname::text AS name,
         array_agg(a.attname::text ORDER BY a.attnum) AS columns
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
   WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
     AND ((n.nspname = 'public' AND c.relname <> 'schema_migrations')
          OR (n.nspname = '${JOB_SCHEMA}' AND c.relname IN ('job', 'schedule')))
   GROUP BY n.nspname, c.relname
   ORDER BY n.nspname, c.relname`;

/**
 * Rows left out: pg-boss's own cron ticks (queue `__pgboss__send-it`), which its scheduler makes again from the
 * schedules, and whose queue the restore's pg-boss, not running the scheduler, does not have.
 */
const ROWS_KEPT: Record<string, string> = {
  [`${JOB_SCHEMA}.job`]: ` WHERE left(name, 10) <> '__pgboss__'`,
};

export const tableEntrySchema = z.object({
  /** The part holding its rows, relative to the backup folder. */
  part: z.string(),
  rows: z.number().int().min(0),
  columns: z.array(z.string()).min(1),
});
export type TableEntry = z.infer<typeof tableEntrySchema>;

/** Sequences by qualified name: their last value (null: never used). */
export const sequencesSchema = z.record(
  z.string(),
  z
    .string()
    .regex(/^-?\d+$/)
    .nullable(),
);

/**
 * The partitions the application made at run time (stream facts by month: domains/reports/partitions.ts), which
 * the migrations do not make: each one's parent and bound, as PostgreSQL prints it.
 */
export const partitionsSchema = z.array(
  z.object({
    parent: z.string().regex(/^[a-z_][a-z0-9_]*$/),
    name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
    bound: z.string().startsWith('FOR VALUES '),
  }),
);
export type Partitions = z.infer<typeof partitionsSchema>;

/** A backup refused because the database holds tables that no migration creates. */
export class UnplacedTablesError extends Error {
  constructor(
    readonly tables: string[],
    schemaVersion: number,
  ) {
    const list = tables.join(', ');
    super(
      `No backup was taken: ${list} ${tables.length === 1 ? 'is a table' : 'are tables'} that no migration ` +
        `(up to ${String(schemaVersion).padStart(4, '0')}) creates, so a restore, which rebuilds the schema ` +
        `from the migrations, could not place ${tables.length === 1 ? 'its' : 'their'} rows. Move ` +
        `${tables.length === 1 ? 'it' : 'each'} out of the public schema (ALTER TABLE ${tables[0]} SET SCHEMA ` +
        '<a schema of your own>) or drop it, then back up again (docs/operations.md, "Tables of your own")',
    );
    this.name = 'UnplacedTablesError';
  }
}

const qualified = (client: pg.ClientBase, schema: string, name: string) =>
  `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`;

/** Counts the rows of a COPY text stream as it passes: one line per row (newlines in values are escaped). */
function rowCounter() {
  let rows = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) rows += 1;
      done(null, chunk);
    },
  });
  return { stream, rows: () => rows };
}

/**
 * Writes every table under `<dir>/database/` from the snapshot `client` is in (the caller began a REPEATABLE READ,
 * READ ONLY transaction), and answers what the manifest records: each table's part, row count and columns, and the
 * sequences' values. A table that no migration up to `schemaVersion` creates is refused before anything is copied:
 * the restore, which rebuilds the schema from the migrations, could not place its rows
 * (docs/decisions/0091-backups-refuse-unplaced-tables.md).
 */
export async function copyTablesOut(
  client: pg.ClientBase,
  dir: string,
  schemaVersion: number,
): Promise<{
  tables: Record<string, TableEntry>;
  sequences: Record<string, string | null>;
  partitions: Partitions;
}> {
  fs.mkdirSync(path.join(dir, 'database'), { recursive: true, mode: 0o700 });
  const { rows: found } = await client.query<{ schema: string; name: string; columns: string[] }>(TABLES_SQL);
  const unplaced = unplacedTables(
    found.map(({ schema, name }) => `${schema}.${name}`),
    schemaVersion,
  );
  if (unplaced.length) throw new UnplacedTablesError(unplaced, schemaVersion);
  const tables: Record<string, TableEntry> = {};
  for (const { schema, name, columns } of found) {
    const part = `database/${schema}.${name}.copy`;
    const list = columns.map((column) => client.escapeIdentifier(column)).join(', ');
    const counter = rowCounter();
    await pipeline(
      client.query(
        copyTo(
          `COPY (SELECT ${list} FROM ${qualified(client, schema, name)}${ROWS_KEPT[`${schema}.${name}`] ?? ''}) TO STDOUT`,
        ),
      ),
      counter.stream,
      fs.createWriteStream(path.join(dir, part), { mode: 0o600 }),
    );
    tables[`${schema}.${name}`] = { part, rows: counter.rows(), columns };
  }
  // A sequence is not transactional: its value may be past the snapshot's rows, which only leaves a gap.
  const { rows: sequenceRows } = await client.query<{ name: string; last_value: string | null }>(
    `SELECT schemaname || '.' || sequencename AS name, last_value::text AS last_value
       FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
  );
  const sequences = Object.fromEntries(sequenceRows.map((row) => [row.name, row.last_value]));
  const { rows: partitions } = await client.query<Partitions[number]>(
    `SELECT p.relname::text AS parent, c.relname::text AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
       FROM pg_inherits i
       JOIN pg_class c ON c.oid = i.inhrelid
       JOIN pg_class p ON p.oid = i.inhparent
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relispartition AND c.relkind IN ('r', 'p')
      ORDER BY 1, 2`,
  );
  return { tables, sequences, partitions };
}

/**
 * The tables in an order that loads every referenced row before the rows that reference it (foreign keys between
 * the given tables, as the target database declares them); a table referencing itself is loaded in one statement,
 * whose checks run at its end.
 */
export async function loadOrder(client: pg.ClientBase, names: string[]): Promise<string[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `SELECT DISTINCT cn.nspname || '.' || cc.relname AS child, pn.nspname || '.' || pc.relname AS parent
       FROM pg_constraint k
       JOIN pg_class cc ON cc.oid = k.conrelid JOIN pg_namespace cn ON cn.oid = cc.relnamespace
       JOIN pg_class pc ON pc.oid = k.confrelid JOIN pg_namespace pn ON pn.oid = pc.relnamespace
      WHERE k.contype = 'f' AND NOT cc.relispartition`,
  );
  const wanted = new Set(names);
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of rows)
    if (wanted.has(child) && wanted.has(parent) && child !== parent) parents.get(child)!.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter(
      (name) => !placed.has(name) && [...parents.get(name)!].every((p) => placed.has(p)),
    );
    if (!ready.length) {
      const left = names.filter((name) => !placed.has(name));
      throw new Error(`The tables ${left.join(', ')} reference each other in a cycle: no load order exists`);
    }
    for (const name of ready) {
      ordered.push(name);
      placed.add(name);
    }
  }
  return ordered;
}

/**
 * Loads every table of the backup into the target, inside the caller's transaction on `client`. The tables' own
 * triggers are off while their rows go in (as pg_dump's --disable-triggers does): they guard changes made by the
 * application — rates of a closed month, lines filed into a closed month — and would refuse history that was valid
 * when it was written. Foreign keys and checks stay on. Then each sequence is set to its recorded value.
 */
export async function copyTablesIn(
  client: pg.ClientBase,
  dir: string,
  tables: Record<string, TableEntry>,
  sequences: Record<string, string | null>,
  partitions: Partitions,
): Promise<void> {
  // Made as the application's CREATE TABLE … PARTITION OF would: the parent's columns, indexes and checks.
  for (const { parent, name, bound } of partitions) {
    const { rows } = await client.query<{ exists: boolean }>('SELECT to_regclass($1) IS NOT NULL AS exists', [
      `public.${name}`,
    ]);
    if (!rows[0]?.exists)
      await client.query(
        `CREATE TABLE public.${client.escapeIdentifier(name)} PARTITION OF public.${client.escapeIdentifier(parent)} ${bound}`,
      );
  }
  for (const name of await loadOrder(client, Object.keys(tables))) {
    const { part, columns } = tables[name]!;
    const [schema, table] = name.split('.') as [string, string];
    const target = qualified(client, schema, table);
    const list = columns.map((column) => client.escapeIdentifier(column)).join(', ');
    await client.query(`ALTER TABLE ${target} DISABLE TRIGGER USER`);
    await pipeline(
      fs.createReadStream(path.join(dir, part)),
      client.query(copyFrom(`COPY ${target} (${list}) FROM STDIN`)),
    );
    await client.query(`ALTER TABLE ${target} ENABLE TRIGGER USER`);
  }
  for (const [name, value] of Object.entries(sequences))
    if (value !== null) await client.query('SELECT setval($1::regclass, $2::bigint, true)', [name, value]);
}
