import { type Paginated, type SplitListQuery, type SplitSummary, toPage } from '@tunehouse/contracts';
import { viewSplit } from './reading.js';
import { splitsPageOf } from './listing-repository.js';
import type { SplitsDeps } from './split-deps.js';
import { toSummary } from './view.js';

/** GET /v1/splits: the splits the account owns and those it takes part in, paged, newest first. */
export async function listSplits(
  { db }: Pick<SplitsDeps, 'db'>,
  { accountId, query, origin }: { accountId: string; query: SplitListQuery; origin: string },
): Promise<Paginated<SplitSummary>> {
  const { splits, total } = await splitsPageOf(db, accountId, query);
  const items: SplitSummary[] = [];
  for (const split of splits) items.push(toSummary(await viewSplit(db, split, accountId, origin)));
  return toPage(items, query.offset, query.size, total);
}
