import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import type { AppConfig } from '../../platform/config.js';
import { provideDatabase } from '../../platform/database.js';
import { createPool, ignoreConnectionErrors, withTransaction } from '../../platform/db.js';
import { startJobs } from '../../platform/jobs.js';
import { migrate, MIGRATIONS_DIR, readMigrations } from '../../platform/migrations.js';
import { createMediaStorage } from '../../platform/storage/index.js';
import {
  copyTablesIn,
  JOB_SCHEMA,
  partitionsSchema,
  sequencesSchema,
  tableEntrySchema,
} from './database-copy.js';
import { copySecretsIn, copyStorageIn, firstStoredKey, secretsInTheWay } from './files-copy.js';
import { verifyBackup } from './manifest.js';
import { unplacedTables } from './migration-tables.js';
import { BACKUP_FORMAT } from './take-backup.js';

/** What the restore reads from a verified manifest besides the parts. */
const restorableSchema = z.looseObject({
  format: z.literal(BACKUP_FORMAT),
  schemaVersion: z.string().regex(/^\d{4}$/),
  appVersion: z.string(),
  tables: z.record(z.string().regex(/^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$/), tableEntrySchema),
  sequences: sequencesSchema,
  partitions: partitionsSchema.default([]),
});

/** The settings a restore reads: where the data folder, the database and the media storage are. */
export type RestoreTarget = AppConfig;

export type RestoreResult = { schemaVersion: string; tables: number; rows: number; objects: number };

/**
 * Restores the backup folder `dir` into an empty target (docs/decisions/0084-backup-and-restore.md). Nothing is
 * written until every part matched its checksum and the target was found empty: a damaged backup, a backup this
 * code's migrations cannot rebuild, or a target holding data is refused with the reason. Then the database is
 * created, migrated up to the backup's schema version, its rows loaded in one transaction, and the stored objects
 * and secrets written. The next `npm start` migrates on from there when the code is newer.
 */
export async function restoreBackup(
  dir: string,
  target: RestoreTarget,
  log: (message: string) => void = () => undefined,
): Promise<RestoreResult> {
  const verified = await verifyBackup(dir);
  const parsed = restorableSchema.safeParse(verified);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`The backup's manifest cannot be restored by this version: ${problems.join('; ')}`);
  }
  const manifest = parsed.data;
  log(`${dir}: every part matches its checksum`);
  const version = Number(manifest.schemaVersion);
  if (!readMigrations().some((migration) => migration.version === version))
    throw new Error(
      `The backup's schema is at migration ${manifest.schemaVersion}, which this version of Tunehouse does not ` +
        'have: restore it with the version that took it, or a later one',
    );
  // A backup taken before backups refused such tables may hold one: the load would fail after the database was made.
  const unplaced = unplacedTables(Object.keys(manifest.tables), version);
  if (unplaced.length)
    throw new Error(
      `The backup holds ${unplaced.join(', ')}, which no migration up to ${manifest.schemaVersion} creates: this ` +
        'restore has no table to load ' +
        `${unplaced.length === 1 ? 'it' : 'them'} into, nothing was restored (docs/operations.md, "Tables of your own")`,
    );

  const storage = createMediaStorage(target);
  const problems = await targetProblems(dir, target, storage);
  if (problems.length)
    throw new Error(`The target is not empty, nothing was restored: ${problems.join('; ')}`);

  const database = await provideDatabase(target, log);
  try {
    const db = createPool(database.url, 2);
    try {
      const folder = migrationsUpTo(version);
      try {
        await migrate(db, folder);
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
      // pg-boss's own schema and the queues' partitions, as the API makes them, before the jobs go in.
      const jobs = await startJobs({ connectionString: database.url, migrate: true, background: false });
      await jobs.stop();
      await withTransaction(db, (client) =>
        copyTablesIn(client, dir, manifest.tables, manifest.sequences, manifest.partitions),
      );
    } finally {
      await db.end();
    }
  } finally {
    await database.stop();
  }
  log('database restored');
  const objects = await copyStorageIn(storage, dir);
  log(`${objects} stored objects restored (${storage.driver})`);
  copySecretsIn(target.dataDir, dir);
  const tables = Object.values(manifest.tables);
  return {
    schemaVersion: manifest.schemaVersion,
    tables: tables.length,
    rows: tables.reduce((sum, table) => sum + table.rows, 0),
    objects,
  };
}

/** Why the target is not empty: each part that holds something already (none: it may be restored into). */
async function targetProblems(
  dir: string,
  target: RestoreTarget,
  storage: ReturnType<typeof createMediaStorage>,
): Promise<string[]> {
  const problems: string[] = [];
  if (target.databaseUrl) {
    const tables = await existingTables(target.databaseUrl);
    if (tables.length) problems.push(`the database already has tables (${tables.slice(0, 5).join(', ')})`);
  } else if (fs.existsSync(path.join(target.dataDir, 'pg', 'PG_VERSION'))) {
    problems.push(`${path.join(target.dataDir, 'pg')} already holds a PostgreSQL cluster`);
  }
  const stored = await firstStoredKey(storage);
  if (stored) problems.push(`the media storage (${storage.driver}) already holds ${stored}`);
  const secrets = secretsInTheWay(target.dataDir, dir);
  if (secrets.length)
    problems.push(`${path.join(target.dataDir, 'secrets')} already has ${secrets.join(', ')}`);
  return problems;
}

/** The application's and pg-boss's tables in an external database (it must exist; it is not created). */
async function existingTables(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  ignoreConnectionErrors(client);
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT schemaname || '.' || tablename AS name FROM pg_tables
        WHERE schemaname IN ('public', $1) ORDER BY 1`,
      [JOB_SCHEMA],
    );
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

/** A folder holding migrations 1…`version` only, so the schema is the backup's, not this code's latest. */
function migrationsUpTo(version: number): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-restore-migrations-'));
  for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql')))
    if (Number(file.slice(0, 4)) <= version)
      fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(folder, file));
  return folder;
}
