import {
  type LicenseListQuery,
  type LicenseReportItem,
  type Paginated,
  type PlanOption,
  toPage,
} from '@tunehouse/contracts';
import { UUID } from '../../platform/sql.js';
import { ownedAlbum } from '../releases/index.js';
import { albumSummaries } from './album-summaries.js';
import { licenceItem } from './fees.js';
import type { LicensingDeps } from './licensing-deps.js';
import { planOptions, reportingPlan, suggestedPlan } from './plans.js';
import { licencePageOf } from './report-repository.js';
import { findLicenceOfAlbum } from './repository.js';

/** GET /v1/reporting/plans: every plan, and whether this account may choose it at publishing. */
export async function planChoices(
  { db, plans }: Pick<LicensingDeps, 'db' | 'plans'>,
  accountId: string,
): Promise<PlanOption[]> {
  return planOptions(plans, await suggestedPlan(db, plans, accountId));
}

/** GET /v2/reporting/licenses: the account's licences, paged, each with its album. */
export async function listLicences(
  { db }: Pick<LicensingDeps, 'db'>,
  { accountId, query, origin }: { accountId: string; query: LicenseListQuery; origin: string },
): Promise<Paginated<LicenseReportItem>> {
  let albumId: string | undefined;
  if (query.album_id !== undefined) {
    albumId = String(query.album_id).toLowerCase();
    if (!UUID.test(albumId)) return toPage([], query.offset, query.size, 0);
  }
  const page = await licencePageOf(db, accountId, {
    ...query,
    ...(albumId === undefined ? {} : { albumId }),
  });
  const albums = await albumSummaries(
    db,
    [...new Set(page.licences.map((licence) => licence.albumId))],
    origin,
  );
  return toPage(
    page.licences.map((licence) => ({ ...licenceItem(licence), album: albums.get(licence.albumId) ?? null })),
    query.offset,
    query.size,
    page.total,
  );
}

/**
 * POST /v1/reporting/licenses/suggestions: the album's licence when it has one in force, else the licence
 * publishing it would make (no id, no acceptance yet) under the plan suggested to the account.
 */
export async function licenceSuggestion(
  { db, plans }: Pick<LicensingDeps, 'db' | 'plans'>,
  { accountId, albumId }: { accountId: string; albumId: string },
): Promise<LicenseReportItem> {
  const album = await ownedAlbum(db, accountId, albumId);
  const existing = await findLicenceOfAlbum(db, album.id, { inForce: true });
  if (existing) return licenceItem(existing);
  const plan = await suggestedPlan(db, plans, accountId);
  return {
    id: null,
    albumId: album.id,
    termsAcceptedAt: null,
    ownershipConfirmedAt: null,
    paymentPlan: reportingPlan(plan, plans.terms[plan]),
  };
}
