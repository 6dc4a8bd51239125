import type { TrendsQuery, TrendValue } from '@tunehouse/contracts';
import { relativeChange } from './query.js';
import { sumByKey } from './repository.js';
import { type TrendDeps, trendScope } from './scope.js';

/** All streams over the current range, and their change against the previous one. */
export async function streamTotal(
  deps: TrendDeps,
  accountId: string,
  query: TrendsQuery,
): Promise<TrendValue> {
  const { request, filters } = await trendScope(deps, accountId, query);
  if (!filters) return { value: 0, change: null };
  const [current, previous] = await Promise.all([
    sumByKey(deps.db, 'NONE', request.current, filters),
    sumByKey(deps.db, 'NONE', request.previous, filters),
  ]);
  const value = current.get('')?.streams ?? 0;
  return { value, change: relativeChange(value, previous.get('')?.streams ?? 0) };
}
