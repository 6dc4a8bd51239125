import type { PlanType, ReportingPlan } from '@tunehouse/contracts';
import type { PlanSettings, PlanTerms } from '../../platform/config.js';
import type { Queryable } from '../../platform/db.js';

/**
 * Plans and what an owner may choose (docs/decisions/0043-plans-and-fees.md): the plan suggested to the account
 * (EARLY_ADOPTER for accounts older than the cut-off, STANDARD otherwise), or the commission plan without a fee.
 * FREE is assigned by the platform only.
 */

/** A plan as the reporting calls answer it: id, share (basis points) and the distribution fee, if any. */
export function reportingPlan(plan: PlanType, terms: PlanTerms): ReportingPlan {
  return { id: plan, share: terms.share, distributionFee: terms.distributionFee };
}

export async function suggestedPlan(
  q: Queryable,
  settings: PlanSettings,
  accountId: string,
): Promise<PlanType> {
  const { rows } = await q.query<{ early: boolean }>(
    'SELECT created_at < $2::date AS early FROM accounts WHERE id = $1',
    [accountId, settings.earlyAdopterUntil],
  );
  return rows[0]?.early ? 'EARLY_ADOPTER' : 'STANDARD';
}

/** The plans an owner may pick when publishing: the suggested one, STANDARD, or the commission plan. */
export function choosablePlans(suggested: PlanType): PlanType[] {
  return [...new Set<PlanType>([suggested, 'STANDARD', 'FREE_DISTRIBUTION'])];
}
