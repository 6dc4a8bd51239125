/**
 * Platform report ingest: the admins' uploads and their load job, the loader (parse, resolve against the
 * catalogue, stage, merge into the facts and rollups) and the day and usage-line helpers the facts are written in.
 * Other domains, app.ts, main.ts, the seed and the tools import this file only.
 */
export { reportRoutes } from './routes.js';
export { createReportService, type ReportService, type StoredUpload } from './service.js';
export { createReportFiles, type ReportFiles } from './report-files.js';
export { pgBossReportQueue, processReportJob, type ReportIngestJob, type ReportQueue } from './reports.js';
export {
  type CatalogueEntry,
  type CatalogueLookup,
  createInMemoryCatalogue,
  createSqlCatalogue,
} from './catalogue.js';
// The loader and the day and usage-line helpers.
export {
  type FileOutcome,
  type LoadOptions,
  type LoadResult,
  loadReportFile,
  loadReportFiles,
  loadResolvedRows,
  type StagedRow,
} from './loader.js';
export { addDays, dayNumber, dayString, NO_TERRITORY, type PlaylistRef } from './usage.js';
