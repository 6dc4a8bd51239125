import fs from 'node:fs';
import path from 'node:path';
import { type Db, rollbackAndRelease } from '../../platform/db.js';
import type { MediaStorage } from '../../platform/storage/index.js';
import { copyTablesOut } from './database-copy.js';
import { copySecretsOut, copyStorageOut } from './files-copy.js';
import { digestFile, MANIFEST, writeManifest } from './manifest.js';
import { type BackupRun, recordBackupRun } from './runs.js';

/** Bumped when the folder's layout changes in a way an older restore cannot read. */
export const BACKUP_FORMAT = 1;

/** The API's version (api/package.json), recorded so an operator sees which release wrote a backup. */
export function appVersion(): string {
  const file = new URL('../../../package.json', import.meta.url);
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

export type BackupOptions = {
  db: Db;
  storage: MediaStorage;
  /** The data folder whose generated secrets are kept with the backup (docs/decisions/0084-backup-and-restore.md). */
  dataDir: string;
  /** The backup's folder: must not exist yet. */
  out: string;
};

export type BackupResult = BackupRun & {
  schemaVersion: string;
  tables: number;
  rows: number;
  objects: number;
};

/**
 * Takes a backup into `out`: every table from one REPEATABLE READ, READ ONLY snapshot, then every stored object and
 * the data folder's secrets, then `manifest.json`. It is written as `<out>.partial` and renamed when complete, so a
 * folder named like a backup is a whole one; then it is recorded in `backup_runs`.
 */
export async function takeBackup({ db, storage, dataDir, out }: BackupOptions): Promise<BackupResult> {
  const target = path.resolve(out);
  if (fs.existsSync(target)) throw new Error(`${target} already exists: a backup goes into a new folder`);
  const partial = `${target}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true, mode: 0o700 });
  const startedAt = new Date();
  try {
    const client = await db.connect();
    let snapshot;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const { rows } = await client.query<{ version: number }>(
        'SELECT max(version) AS version FROM schema_migrations',
      );
      const schemaVersion = String(rows[0]?.version ?? 0).padStart(4, '0');
      snapshot = { schemaVersion, ...(await copyTablesOut(client, partial, Number(schemaVersion))) };
      await client.query('COMMIT');
    } catch (error) {
      await rollbackAndRelease(client);
      throw error;
    }
    client.release();
    // Read after the snapshot: an object its rows name was stored before they committed, so it is found here.
    const storageCopy = await copyStorageOut(storage, partial);
    const secrets = copySecretsOut(dataDir, partial);
    const manifest = await writeManifest(partial, {
      format: BACKUP_FORMAT,
      schemaVersion: snapshot.schemaVersion,
      appVersion: appVersion(),
      storageDriver: storage.driver,
      startedAt: startedAt.toISOString(),
      tables: snapshot.tables,
      sequences: snapshot.sequences,
      partitions: snapshot.partitions,
      storage: storageCopy,
      secrets,
    });
    fs.renameSync(partial, target);
    const digest = await digestFile(path.join(target, MANIFEST));
    const bytes = digest.size + Object.values(manifest.parts).reduce((sum, part) => sum + part.size, 0);
    const run = await recordBackupRun(db, {
      startedAt,
      finishedAt: new Date(),
      location: target,
      bytes,
      manifestSha256: digest.sha256,
    });
    const tableEntries = Object.values(snapshot.tables);
    return {
      ...run,
      schemaVersion: snapshot.schemaVersion,
      tables: tableEntries.length,
      rows: tableEntries.reduce((sum, table) => sum + table.rows, 0),
      objects: storageCopy.objects,
    };
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}
