import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../platform/db.js';

/** One completed backup, as `backup_runs` records it. */
export type BackupRun = {
  id: string;
  startedAt: Date;
  finishedAt: Date;
  /** The backup's folder, as the process that took it named it. */
  location: string;
  bytes: number;
  manifestSha256: string;
};

type Row = {
  id: string;
  started_at: Date;
  finished_at: Date;
  location: string;
  bytes: string;
  manifest_sha256: string;
};

/** Records a backup once its manifest is written (never before: a listed backup is a complete one). */
export async function recordBackupRun(db: Queryable, run: Omit<BackupRun, 'id'>): Promise<BackupRun> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO backup_runs (id, started_at, finished_at, location, bytes, manifest_sha256)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [id, run.startedAt, run.finishedAt, run.location, run.bytes, run.manifestSha256],
  );
  return { id, ...run };
}

/** The most recent completed backup, or null when none was ever taken (the operator's view shows its age). */
export async function lastBackup(db: Queryable): Promise<BackupRun | null> {
  const { rows } = await db.query<Row>(
    `SELECT id, started_at, finished_at, location, bytes, manifest_sha256
       FROM backup_runs ORDER BY finished_at DESC, id LIMIT 1`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    location: row.location,
    bytes: Number(row.bytes),
    manifestSha256: row.manifest_sha256,
  };
}
