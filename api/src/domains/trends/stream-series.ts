import type { StreamSeriesBucket, TrendsQuery } from '@tunehouse/contracts';
import { periodsOf } from './query.js';
import { type Figures, type KeyKind, rankedSums, seriesByKey } from './repository.js';
import { type TrendDeps, trendScope } from './scope.js';

const NOTHING: Figures = { streams: 0, sub30: 0 };

/**
 * Per period two items: sub30 false with all streams, then sub30 true with the streams shorter than 30 seconds.
 * `values` holds one figure per line of the chart: the total without bucket_by; with it, one per bucket, in the
 * order (and with the limit) of the statistics rows of the same query.
 */
export async function streamSeries(
  deps: TrendDeps,
  accountId: string,
  query: TrendsQuery,
): Promise<StreamSeriesBucket[]> {
  const { db } = deps;
  const { request, filters } = await trendScope(deps, accountId, query);
  const periods = periodsOf(request.current, request.granularity);
  const kind: KeyKind = request.bucketBy ?? 'NONE';
  let keys = [''];
  let rows: Awaited<ReturnType<typeof seriesByKey>> = [];
  if (filters && kind === 'NONE') {
    rows = await seriesByKey(db, kind, request.current, request.granularity, filters, null);
  } else if (filters && kind !== 'NONE') {
    const ranked = await rankedSums(db, kind, request.current, null, filters, request.limit);
    keys = ranked.map((row) => row.key);
    rows = keys.length
      ? await seriesByKey(db, kind, request.current, request.granularity, filters, keys)
      : [];
  } else if (kind !== 'NONE') keys = [];
  const cells = new Map(rows.map((row) => [`${row.period}|${row.key}`, row]));
  return periods.flatMap((period) => {
    const figures = keys.map((key) => cells.get(`${period.key}|${key}`) ?? NOTHING);
    const base = { bucketLabel: period.label, startDate: period.startDate, endDate: period.endDate };
    return [
      { ...base, values: figures.map((f) => f.streams), sub30: false },
      { ...base, values: figures.map((f) => f.sub30), sub30: true },
    ];
  });
}
