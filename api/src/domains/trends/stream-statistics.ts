import type { TrendBucketKind, TrendsQuery, TrendStatisticRow } from '@tunehouse/contracts';
import { platformBucket, territoryBucket, trackBuckets } from './buckets.js';
import { relativeChange } from './query.js';
import { rankedSums } from './repository.js';
import { type TrendDeps, trendScope } from './scope.js';

/** The top buckets (tracks, platforms or territories) over the current range, each with its change. */
export async function streamStatistics(
  deps: TrendDeps,
  { accountId, query, origin }: { accountId: string; query: TrendsQuery; origin: string },
): Promise<{ kind: TrendBucketKind; items: TrendStatisticRow[] }> {
  const { db } = deps;
  const { request, filters } = await trendScope(deps, accountId, query);
  const kind = request.bucketBy ?? 'TRACK';
  if (!filters) return { kind, items: [] };
  // Ranked in the database: only the rows shown come back, with their previous period (0052, "Third pass").
  const ranked = await rankedSums(db, kind, request.current, request.previous, filters, request.limit);
  const keys = ranked.map((row) => row.key);
  const tracks = kind === 'TRACK' ? await trackBuckets(db, accountId, keys, origin) : null;
  const items: TrendStatisticRow[] = [];
  for (const { key, current: now, previous: before } of ranked) {
    const bucket =
      kind === 'TRACK' ? tracks!.get(key) : kind === 'PLATFORM' ? platformBucket(key) : territoryBucket(key);
    // A track without its catalogue row (never expected: facts only name tracks the catalogue had) is left out.
    if (!bucket) continue;
    items.push({
      bucket,
      value: now.streams,
      change: relativeChange(now.streams, before.streams),
      sub30Value: now.sub30,
      sub30Change: relativeChange(now.sub30, before.sub30),
    } as TrendStatisticRow);
  }
  return { kind, items };
}
