import type { PlanOption, PlanType, ReportingPlan } from '@tunehouse/contracts';
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

/** The order plans are offered in: the fee plans, then the commission plan, then the one nobody chooses. */
const OFFER_ORDER: readonly PlanType[] = ['STANDARD', 'EARLY_ADOPTER', 'FREE_DISTRIBUTION', 'FREE'];

/** `YYYY-MM-DD` as the screens write a day (DD-MM-YYYY). */
const asDay = (isoDay: string) => isoDay.split('-').reverse().join('-');

/**
 * Every plan as offered to the account at publishing (GET /v1/reporting/plans). Whether it may be chosen comes
 * from `choosablePlans`, the rule publishing enforces, so the screen can never offer what publishing refuses; the
 * reason says why not in the words the screen shows.
 */
export function planOptions(settings: PlanSettings, suggested: PlanType): PlanOption[] {
  const offered = choosablePlans(suggested);
  return OFFER_ORDER.map((plan) => {
    const available = offered.includes(plan);
    const reason = available
      ? null
      : plan === 'EARLY_ADOPTER'
        ? `Only for accounts created before ${asDay(settings.earlyAdopterUntil)}.`
        : 'Given by the platform to partners and promotions; it cannot be chosen.';
    return { ...reportingPlan(plan, settings.terms[plan]), available, suggested: plan === suggested, reason };
  });
}
