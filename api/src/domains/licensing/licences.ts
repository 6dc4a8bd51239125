import type { PlanType } from '@tunehouse/contracts';
import type { PlanSettings } from '../../platform/config.js';
import type { Queryable } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { ensureFees } from './fees.js';
import { choosablePlans, suggestedPlan } from './plans.js';
import { findLicenceOfAlbum, insertLicence, type LicenceRecord } from './repository.js';

/**
 * A licence year starts on the release date, or on the publishing day when the release date has passed (or is
 * not set): the fee's year never starts before the release could earn anything.
 */
export function licenceStart(releaseDate: string | null, today: string): string {
  return releaseDate && releaseDate > today ? releaseDate : today;
}

/**
 * Publishing a release makes its licence, in the publishing transaction, unless one is in force (an edited
 * release published again keeps its licence): the plan the owner chose among the ones offered, else the one
 * suggested to the account, with the terms the settings give today. The terms' acceptance time is the
 * ownership confirmation.
 */
export async function licenceOnPublish(
  q: Queryable,
  settings: PlanSettings,
  {
    accountId,
    albumId,
    releaseDate,
    chosen,
    now,
  }: {
    accountId: string;
    albumId: string;
    releaseDate: string | null;
    chosen: PlanType | undefined;
    now: Date;
  },
): Promise<LicenceRecord> {
  const existing = await findLicenceOfAlbum(q, albumId, { inForce: true });
  if (existing) return existing;
  const suggested = await suggestedPlan(q, settings, accountId);
  const offered = choosablePlans(suggested);
  if (chosen !== undefined && !offered.includes(chosen)) {
    const message = `Choose one of the plans offered: ${offered.join(', ')}`;
    throw new ApiError(400, 'VALIDATION_FAILED', 'The request body is invalid', [
      { path: ['body', 'paymentPlan'], message },
    ]);
  }
  const plan = chosen ?? suggested;
  const today = now.toISOString().slice(0, 10);
  const licence = await insertLicence(q, {
    albumId,
    accountId,
    plan,
    terms: settings.terms[plan],
    termsAcceptedAt: now,
    startsAt: licenceStart(releaseDate, today),
  });
  await ensureFees(q, licence, today);
  return licence;
}
