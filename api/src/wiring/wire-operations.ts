import { lastBackup } from '../domains/backups/index.js';
import {
  createOperationsService,
  type LastBackup,
  type LastBackupPort,
  type Metrics,
  operationsRoutes,
  scrapeSourcesOf,
} from '../domains/operations/index.js';
import type { Db } from '../platform/db.js';
import type { Wiring } from './wiring.js';

/** The backups domain's last completed run (docs/decisions/0084-backup-and-restore.md) as the operator's view reads it. */
export const lastBackupOf =
  (db: Db): LastBackupPort =>
  async (): Promise<LastBackup | null> => {
    const run = await lastBackup(db);
    return run && { finishedAt: run.finishedAt.toISOString(), bytes: run.bytes, location: run.location };
  };

/**
 * `/metrics` and the operator's view (docs/decisions/0085-metrics-and-operator-view.md): what the scrape reads from
 * the database at its time, and the admin's operations endpoints.
 */
export async function wireOperations(
  { app, config, db, jobs, auth }: Wiring,
  metrics: Metrics,
  lastBackup: LastBackupPort | undefined,
): Promise<void> {
  const backups = lastBackup ?? lastBackupOf(db);
  const startedAt = new Date(Date.now() - process.uptime() * 1000);
  metrics.readAtScrape(
    scrapeSourcesOf({
      db,
      lastBackup: backups,
      startedAt,
      onError: (family, error) => app.log.warn({ err: error, family }, 'metric not read'),
    }),
  );
  const operations = createOperationsService({ db, jobs, lastBackup: backups, startedAt });
  await app.register(operationsRoutes({ operations, metrics, metricsToken: config.metrics.token, auth }));
}
