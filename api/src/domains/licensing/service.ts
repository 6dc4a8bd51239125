import type { DistributionFeeListQuery, LicenseListQuery, ReportingPlan } from '@tunehouse/contracts';
import { albumDistributionFee, feeCollections, listFees } from './fee-report.js';
import { licenceSuggestion, listLicences, planChoices } from './licence-report.js';
import type { LicensingDeps, LicensingServiceDeps } from './licensing-deps.js';
import { reportingPlan } from './plans.js';

export type { LicensingServiceDeps } from './licensing-deps.js';

/**
 * The reporting calls (standard plan, licenses, distribution fees) and the album's distribution fee, for the
 * caller's account: another account's album is a 404 like a missing one (docs/decisions/0043-plans-and-fees.md).
 * Each use case is a function taking (deps, input) in licence-report.ts or fee-report.ts; this binds the deps.
 */
export function createLicensingService({ now = () => new Date(), ...rest }: LicensingServiceDeps) {
  const deps: LicensingDeps = { ...rest, now };
  return {
    /** GET /v1/reporting/plans/standard. */
    standardPlan: (): ReportingPlan => reportingPlan('STANDARD', deps.plans.terms.STANDARD),
    planChoices: (accountId: string) => planChoices(deps, accountId),
    licences: (accountId: string, query: LicenseListQuery, origin: string) =>
      listLicences(deps, { accountId, query, origin }),
    suggestion: (accountId: string, albumId: string) => licenceSuggestion(deps, { accountId, albumId }),
    fees: (accountId: string, query: DistributionFeeListQuery, origin: string) =>
      listFees(deps, { accountId, query, origin }),
    feeCollections: (accountId: string, feeId: string) => feeCollections(deps, { accountId, feeId }),
    albumDistributionFee: (accountId: string, albumId: string) =>
      albumDistributionFee(deps, { accountId, albumId }),
  };
}

export type LicensingService = ReturnType<typeof createLicensingService>;
