import type { TrendsQuery } from '@tunehouse/contracts';
import { playlistStatistics } from './playlist-statistics.js';
import { playlistStreamSeries } from './playlist-series.js';
import type { TrendDeps } from './scope.js';
import { streamSeries } from './stream-series.js';
import { streamStatistics } from './stream-statistics.js';
import { streamTotal } from './stream-total.js';

/**
 * Trends for the signed-in account (docs/decisions/0038-trends-api.md). Every figure is read with the
 * account's id first (scope.ts), so another account's album, track or artist id — like an unknown one — answers
 * zeros and empty lists rather than 404: a filter that matches nothing of yours. Each use case is a file of its
 * own taking (deps, input): stream-total.ts, stream-statistics.ts, stream-series.ts, playlist-series.ts,
 * playlist-statistics.ts; this binds the deps.
 */
export function createTrendService(deps: TrendDeps) {
  return {
    total: (accountId: string, query: TrendsQuery) => streamTotal(deps, accountId, query),
    statistics: (accountId: string, query: TrendsQuery, origin: string) =>
      streamStatistics(deps, { accountId, query, origin }),
    series: (accountId: string, query: TrendsQuery) => streamSeries(deps, accountId, query),
    playlistStreamSeries: (accountId: string, query: TrendsQuery) =>
      playlistStreamSeries(deps, accountId, query),
    playlistStatistics: (accountId: string, query: TrendsQuery) => playlistStatistics(deps, accountId, query),
  };
}

export type TrendService = ReturnType<typeof createTrendService>;
