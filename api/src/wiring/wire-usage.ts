import {
  createReportFiles,
  createReportService,
  pgBossReportQueue,
  type ReportQueue,
  reportRoutes,
} from '../domains/reports/index.js';
import { createTrendService, trendRoutes } from '../domains/trends/index.js';
import type { Wiring } from './wiring.js';

/** Where report uploads go and how large they may be (AppDeps.reports). */
export type ReportUploads = { queue?: ReportQueue; maxBytes?: number };

/** Trends (docs/decisions/0038-trends-api.md) and the platform reports they are loaded from (0037). */
export async function wireUsage({ app, config, db, jobs, storage, auth }: Wiring, reports: ReportUploads) {
  const trends = createTrendService({ db, limits: config.trends });
  await app.register(trendRoutes({ trends, auth }));
  const reportUploads = createReportFiles(storage);
  const reportFiles = createReportService({
    db,
    queue: reports.queue ?? pgBossReportQueue(jobs),
    files: reportUploads,
  });
  await app.register(
    reportRoutes({
      reports: reportFiles,
      files: reportUploads,
      auth,
      ...(reports.maxBytes ? { maxBytes: reports.maxBytes } : {}),
    }),
  );
}
