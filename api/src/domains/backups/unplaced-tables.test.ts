// A table no migration creates (an operator's, a tool's) cannot be restored: the restore rebuilds the schema from the
// migrations. The backup refuses it, and the restore refuses an older backup holding one, each before writing
// (docs/decisions/0091-backups-refuse-unplaced-tables.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { readMigrations } from '../../platform/migrations.js';
import { createMediaStorage } from '../../platform/storage/index.js';
import { freePort } from '../../testing/global-setup.js';
import { createTestDatabase, testConfig } from '../../testing/test-app.js';
import { lastBackup, restoreBackup, takeBackup, writeManifest } from './index.js';
import { MANIFEST } from './manifest.js';
import { tablesMigrationsCreate } from './migration-tables.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let scratch = '';
const latest = Math.max(...readMigrations().map((migration) => migration.version));

beforeAll(async () => {
  database = await createTestDatabase();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-unplaced-'));
});
afterAll(async () => {
  await database?.drop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A backup of the test database, with an empty data folder of its own. */
function backUp(db: Db, name: string) {
  const dataDir = fs.mkdtempSync(path.join(scratch, `${name}-data-`));
  return takeBackup({
    db,
    storage: createMediaStorage(testConfig({ dataDir })),
    dataDir,
    out: path.join(scratch, name),
  });
}

describe('tables that no migration creates', () => {
  it('are told apart by reading the migrations: their tables are exactly those of a migrated database', async () => {
    const { rows } = await database.db.query<{ name: string }>(
      `SELECT 'public.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
          AND c.relname <> 'schema_migrations'`,
    );
    expect([...tablesMigrationsCreate(latest)].sort()).toEqual(rows.map((row) => row.name).sort());
  });

  it('follow drops and renames, and ignore temporary tables and comments', () => {
    const migration = (version: number, sql: string) => ({ version, name: `m${version}`, sql, checksum: '' });
    const migrations = [
      migration(1, 'CREATE TABLE a (id int);\nCREATE UNLOGGED TABLE IF NOT EXISTS public.b (id int);'),
      migration(
        2,
        '-- CREATE TABLE in_a_comment\nCREATE TEMP TABLE scratch (id int);\nCREATE TABLE c (id int);',
      ),
      migration(3, 'DROP TABLE IF EXISTS a, public.c CASCADE;\nALTER TABLE b RENAME TO renamed_b;'),
    ];
    expect([...tablesMigrationsCreate(2, migrations)].sort()).toEqual(['public.a', 'public.b', 'public.c']);
    expect([...tablesMigrationsCreate(3, migrations)]).toEqual(['public.renamed_b']);
  });

  it('are refused by the backup, named, with no folder written and no run recorded', async () => {
    const own = await createTestDatabase();
    try {
      await own.db.query('CREATE TABLE public.operator_notes (id int PRIMARY KEY, note text)');
      await own.db.query(`INSERT INTO public.operator_notes VALUES (1, 'called the bank')`);
      await expect(backUp(own.db, 'refused')).rejects.toThrow(
        /public\.operator_notes is a table that no migration \(up to \d{4}\) creates/,
      );
      expect(fs.existsSync(path.join(scratch, 'refused'))).toBe(false);
      expect(fs.existsSync(path.join(scratch, 'refused.partial'))).toBe(false);
      expect(await lastBackup(own.db)).toBeNull();

      // Moved out of the public schema, as the message advises, it is no obstacle (and not backed up).
      await own.db.query('CREATE SCHEMA operator; ALTER TABLE public.operator_notes SET SCHEMA operator');
      const run = await backUp(own.db, 'after-move');
      const manifest = JSON.parse(fs.readFileSync(path.join(run.location, MANIFEST), 'utf8')) as {
        tables: Record<string, unknown>;
      };
      expect(Object.keys(manifest.tables).filter((name) => name.includes('operator_notes'))).toEqual([]);
    } finally {
      await own.drop();
    }
  }, 60_000);

  it('in an older backup are named by the restore, which writes nothing', async () => {
    const run = await backUp(database.db, 'older');
    // What a backup taken before the refusal holds: the table's rows as a part, with a valid checksum.
    const file = path.join(run.location, MANIFEST);
    const {
      parts: _parts,
      createdAt: _createdAt,
      ...meta
    } = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      parts: unknown;
      createdAt: string;
      tables: Record<string, { part: string; rows: number; columns: string[] }>;
    };
    const part = 'database/public.bench_label.copy';
    fs.writeFileSync(path.join(run.location, part), '1\t2000\n');
    meta.tables['public.bench_label'] = { part, rows: 1, columns: ['id', 'tracks'] };
    await writeManifest(run.location, meta);

    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-restore-unplaced-'));
    try {
      const config = {
        ...testConfig({ dataDir: target, embeddedPgPort: await freePort() }),
        databaseUrl: undefined,
      };
      await expect(restoreBackup(run.location, config)).rejects.toThrow(
        /The backup holds public\.bench_label, which no migration up to \d{4} creates: .*nothing was restored/,
      );
      expect(fs.readdirSync(target)).toEqual([]);
    } finally {
      fs.rmSync(target, { recursive: true, force: true });
    }
  }, 60_000);
});
