import type { Payout, SimulatedPayoutOutcome } from '@tunehouse/contracts';
import type { Db } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import type { PayoutLifecycle } from './lifecycle.js';
import type { PayoutProvider } from './provider.js';
import { getPayout } from './get.js';
import { findPayout } from './repository.js';
import { SimulatedPayoutProvider } from './simulated-payout-provider.js';

export type SimulateOutcomeDeps = { db: Db; provider: PayoutProvider; lifecycle: PayoutLifecycle };

/**
 * The simulator told to fail or return one of the caller's payouts, then asked at once (as the check job would):
 * 404 unless payouts go through the simulator and it holds that payout; FAIL of a settled payout is a 409.
 */
export async function simulatePayoutOutcome(
  deps: SimulateOutcomeDeps,
  { accountId, id, outcome }: { accountId: string; id: string } & SimulatedPayoutOutcome,
): Promise<Payout> {
  const { db, provider, lifecycle } = deps;
  if (!(provider instanceof SimulatedPayoutProvider))
    throw new ApiError(404, 'NOT_FOUND', 'Payouts do not go through the simulator here');
  const payout = await findPayout(db, id, { accountId });
  if (!payout) throw new ApiError(404, 'NOT_FOUND', `No payout ${id}`);
  if (outcome === 'FAIL' && payout.status === 'SETTLED')
    throw new ApiError(409, 'CONFLICT', 'A settled payout cannot fail any more; it can be returned');
  if (payout.status === 'REQUESTED') await lifecycle.send(id);
  if (!(await provider.tell(id, outcome)))
    throw new ApiError(409, 'CONFLICT', 'The simulator has not received this payout yet');
  await lifecycle.refresh(id);
  return getPayout(deps, accountId, id);
}
