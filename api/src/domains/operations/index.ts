/**
 * Operations (docs/decisions/0085-metrics-and-operator-view.md): the Prometheus metrics and the admins' operator
 * view. Exports for app.ts and main.ts: `createMetrics()` (one per process; its `port` goes to the domains, see
 * platform/metrics.ts), `serveMetricsOn` (the separate METRICS_ADDRESS listener), `scrapeSourcesOf`,
 * `createOperationsService`, `operationsRoutes`, and the last-backup port (`LastBackupPort`, `noBackupKnown`).
 */
export { createMetrics, type Metrics } from './metrics.js';
export { serveMetricsOn } from './metrics-listener.js';
export { scrapeSourcesOf } from './scrape-sources.js';
export { createOperationsService, type OperationsService } from './service.js';
export { operationsRoutes } from './routes.js';
export { type LastBackup, type LastBackupPort, noBackupKnown } from './last-backup.js';
