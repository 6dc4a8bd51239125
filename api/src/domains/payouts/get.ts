import type { Payout } from '@tunehouse/contracts';
import type { Db } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { findPayout, toPayout } from './repository.js';

/** One of the account's payouts, or 404 (another account's payout is not told apart from none). */
export async function getPayout({ db }: { db: Db }, accountId: string, id: string): Promise<Payout> {
  const payout = await findPayout(db, id, { accountId });
  if (!payout) throw new ApiError(404, 'NOT_FOUND', `No payout ${id}`);
  return toPayout(payout);
}
