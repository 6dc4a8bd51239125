import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

/** Any number works as long as every process that migrates this database uses the same one. */
const MIGRATION_LOCK_KEY = 7_130_417_201;

type Migration = { version: number; name: string; sql: string; checksum: string };

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const match = /^(\d{4})_([a-z0-9_]+)\.sql$/.exec(file);
      if (!match) throw new Error(`Migration file ${file} must be named NNNN_name.sql`);
      const sql = fs.readFileSync(path.join(dir, file), 'utf8');
      return {
        version: Number(match[1]),
        name: match[2]!,
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    });
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) throw new Error(`Migration ${index + 1} is missing`);
  });
  return migrations;
}

/**
 * Applies forward-only migrations: each in its own transaction, recorded in `schema_migrations`, under an
 * advisory lock so that several processes starting together apply each one exactly once. An applied file that
 * changed afterwards is refused: fix forward with a new file instead.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = readMigrations(dir);
  const client = await db.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await client.query<{ version: number; name: string; checksum: string }>(
      'SELECT version, name, checksum FROM schema_migrations ORDER BY version',
    );
    const applied = new Map(rows.map((row) => [row.version, row]));
    for (const row of rows) {
      const known = migrations.find((migration) => migration.version === row.version);
      if (!known) throw new Error(`Database has migration ${row.version} (${row.name}) that this code lacks`);
      if (known.checksum !== row.checksum)
        throw new Error(`Migration ${row.version}_${row.name}.sql changed after it was applied`);
    }
    const done: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
          migration.version,
          migration.name,
          migration.checksum,
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(
          `Migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`,
          { cause: error },
        );
      }
      done.push(`${String(migration.version).padStart(4, '0')}_${migration.name}`);
    }
    return done;
  } finally {
    // A client whose unlock failed (its connection broke) is discarded, not lent out again holding the lock.
    const failed = await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    );
    client.release(failed);
  }
}
