/**
 * Backups: `npm run backup` and `npm run restore` (docs/decisions/0084-backup-and-restore.md). A backup is one folder:
 * every table from one snapshot as COPY text, every object of the media storage, the data folder's secrets and a
 * manifest with each part's sha256; a restore refuses a damaged backup or a non-empty target before it writes.
 *
 * Exports:
 * - `takeBackup({ db, storage, dataDir, out })` → the run (also recorded in `backup_runs`), with counts.
 * - `restoreBackup(dir, config, log?)`: verifies, checks the target is empty, then rebuilds it.
 * - `lastBackup(db)` → the most recent completed backup (`BackupRun`) or null: the operator's view shows its age.
 * - `verifyBackup(dir)`, `writeManifest(dir, meta)`: the manifest and its checks.
 * - `STORAGE_PREFIXES`: every key prefix of the media storage that a backup copies.
 * - Scheduled backups: `backupScheduleFromEnv(env, defaultDir)` (BACKUP_SCHEDULE_CRON, unset: off; BACKUP_DIR;
 *   BACKUP_KEEP, 7), `scheduleBackups(jobs, schedule, { db, storage, dataDir }, log?)` (main.ts), and
 *   `runScheduledBackup`, `pruneBackups(dir, keep)`, `backupFolderName(at)`.
 */
export { lastBackup, recordBackupRun, type BackupRun } from './runs.js';
export { takeBackup, type BackupOptions, type BackupResult } from './take-backup.js';
export { restoreBackup, type RestoreResult } from './restore.js';
export { verifyBackup, writeManifest, type Manifest } from './manifest.js';
export { STORAGE_PREFIXES } from './files-copy.js';
export {
  backupFolderName,
  backupScheduleFromEnv,
  pruneBackups,
  runScheduledBackup,
  scheduleBackups,
  type BackupSchedule,
} from './schedule.js';
