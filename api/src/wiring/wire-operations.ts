import {
  createOperationsService,
  type LastBackupPort,
  type Metrics,
  operationsRoutes,
  scrapeSourcesOf,
} from '../domains/operations/index.js';
import type { Wiring } from './wiring.js';

/**
 * `/metrics` and the operator's view (docs/decisions/0085-metrics-and-operator-view.md): what the scrape reads from
 * the database at its time, and the admin's operations endpoints.
 */
export async function wireOperations(
  { app, config, db, jobs, auth }: Wiring,
  metrics: Metrics,
  lastBackup: LastBackupPort,
): Promise<void> {
  const startedAt = new Date(Date.now() - process.uptime() * 1000);
  metrics.readAtScrape(
    scrapeSourcesOf({
      db,
      lastBackup,
      startedAt,
      onError: (family, error) => app.log.warn({ err: error, family }, 'metric not read'),
    }),
  );
  const operations = createOperationsService({ db, jobs, lastBackup, startedAt });
  await app.register(operationsRoutes({ operations, metrics, metricsToken: config.metrics.token, auth }));
}
