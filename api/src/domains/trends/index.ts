/**
 * Trends: the signed-in account's streams over time, by track, platform, territory and playlist, read from the
 * facts and rollups that report ingest (../reports/) writes. app.ts and other domains import this file only.
 */
export { type TrendLimits } from './query.js';
export { trendRoutes } from './routes.js';
export { createTrendService, type TrendService } from './service.js';
