import type { TrendSeriesBucket, TrendsQuery } from '@tunehouse/contracts';
import { periodsOf } from './query.js';
import { playlistSeries } from './repository.js';
import { refuseTerritory, type TrendDeps, trendScope } from './scope.js';

/** Playlist streams per period: values holds one figure, the streams that came from playlists. */
export async function playlistStreamSeries(
  deps: TrendDeps,
  accountId: string,
  query: TrendsQuery,
): Promise<TrendSeriesBucket[]> {
  refuseTerritory(query);
  const { request, filters } = await trendScope(deps, accountId, query);
  const periods = periodsOf(request.current, request.granularity);
  const sums = filters
    ? await playlistSeries(deps.db, request.current, request.granularity, filters)
    : new Map<string, number>();
  return periods.map((period) => ({
    bucketLabel: period.label,
    startDate: period.startDate,
    endDate: period.endDate,
    values: [sums.get(period.key) ?? 0],
  }));
}
