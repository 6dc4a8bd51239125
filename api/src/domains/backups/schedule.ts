// Scheduled backups with retention (docs/decisions/0084-backup-and-restore.md): a pg-boss job, off unless
// BACKUP_SCHEDULE_CRON is set. Each run takes a backup into BACKUP_DIR and keeps the newest BACKUP_KEEP of them.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import { type Jobs, QUEUES } from '../../platform/jobs.js';
import type { MediaStorage } from '../../platform/storage/index.js';
import { MANIFEST } from './manifest.js';
import { type BackupResult, takeBackup } from './take-backup.js';

/** A backup's folder name: `tunehouse-` and its UTC time to the second, so names sort as times do. */
export function backupFolderName(at: Date): string {
  return `tunehouse-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;
}
const FOLDER = /^tunehouse-\d{8}T\d{6}Z$/;

const settingsSchema = z.object({
  BACKUP_SCHEDULE_CRON: z
    .string()
    .trim()
    .regex(/^\S+(\s+\S+){4}$/, 'a cron expression of five fields, e.g. "15 3 * * *"')
    .optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
});

/** Off (null), or when and where to back up and how many backups to keep. */
export type BackupSchedule = { cron: string; dir: string; keep: number } | null;

/** Reads the schedule's settings, refusing an invalid one with the variable named; unset cron: off. */
export function backupScheduleFromEnv(env: NodeJS.ProcessEnv, defaultDir: string): BackupSchedule {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = settingsSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const { BACKUP_SCHEDULE_CRON: cron, BACKUP_DIR: dir, BACKUP_KEEP: keep } = parsed.data;
  return cron ? { cron, dir: path.resolve(dir ?? defaultDir), keep } : null;
}

/**
 * Removes the oldest complete backups in `dir` beyond the newest `keep` (only folders named as backups and holding a
 * manifest: nothing else in the folder is touched, and an unfinished `.partial` is left to its own run). Answers
 * the folders removed.
 */
export function pruneBackups(dir: string, keep: number): string[] {
  if (!fs.existsSync(dir)) return [];
  const complete = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && FOLDER.test(entry.name))
    .filter((entry) => fs.existsSync(path.join(dir, entry.name, MANIFEST)))
    .map((entry) => entry.name)
    .sort();
  const removed = complete.slice(0, Math.max(0, complete.length - keep));
  for (const name of removed) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  return removed.map((name) => path.join(dir, name));
}

type Deps = { db: Db; storage: MediaStorage; dataDir: string };

/** One scheduled run: a backup into the schedule's folder, then the retention. */
export async function runScheduledBackup(
  { db, storage, dataDir }: Deps,
  schedule: NonNullable<BackupSchedule>,
): Promise<BackupResult & { removed: string[] }> {
  const run = await takeBackup({
    db,
    storage,
    dataDir,
    out: path.join(schedule.dir, backupFolderName(new Date())),
  });
  return { ...run, removed: pruneBackups(schedule.dir, schedule.keep) };
}

/**
 * Works and schedules the backup job when a schedule is set; when it is not, removes any schedule left from an
 * earlier configuration (or brought back by a restore), so no job waits for a worker that never comes.
 */
export async function scheduleBackups(
  jobs: Jobs,
  schedule: BackupSchedule,
  deps: Deps,
  log: (message: string, detail?: object) => void = () => undefined,
): Promise<void> {
  if (!schedule) {
    await jobs.unschedule(QUEUES.backup);
    return;
  }
  await jobs.work(QUEUES.backup, async () => {
    const run = await runScheduledBackup(deps, schedule);
    log('scheduled backup written', { location: run.location, bytes: run.bytes, removed: run.removed });
  });
  await jobs.schedule(QUEUES.backup, schedule.cron);
}
