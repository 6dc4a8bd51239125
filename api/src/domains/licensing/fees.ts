import {
  type AlbumDistributionFee,
  type DistributionFee,
  type LicenseReportItem,
  settlementAmountDue,
} from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import {
  expireFee,
  feeOnDay,
  feesOfLicence,
  findLicenceOfAlbum,
  type FeeRecord,
  insertCollection,
  issueFee,
  type LicenceRecord,
  settleFee,
} from './repository.js';

/**
 * Distribution fees (docs/decisions/0043-plans-and-fees.md): one per licence year, issued when its year begins —
 * the first on the release date — (lazily: whenever fees are read or collected), paid first by the release's
 * royalties, settled when its streams are all collected, and no longer owed once its year is over.
 */

/** Brings the licence's fees up to `today`: ends the years that are over and issues the ones that began. */
export async function ensureFees(q: Queryable, licence: LicenceRecord, today: string): Promise<FeeRecord[]> {
  const terms = licence.distributionFee;
  if (!terms) return [];
  for (;;) {
    const fees = await feesOfLicence(q, licence.id);
    const latest = fees.at(-1);
    if (!latest) {
      // The first licence year begins on the release date: before it nothing is issued, so nothing is owed.
      if (licence.startsAt > today) return [];
      await issueFee(q, { licenceId: licence.id, sequenceNumber: 1, issuedAt: licence.startsAt, ...terms });
      continue;
    }
    if (latest.expiresAt > today) return fees;
    await expireFee(q, latest.id);
    // A licence that has ended issues no further fee.
    if (licence.endsAt !== null && licence.endsAt <= latest.expiresAt) return feesOfLicence(q, licence.id);
    await issueFee(q, {
      licenceId: licence.id,
      sequenceNumber: latest.sequenceNumber + 1,
      issuedAt: latest.expiresAt,
      numberOfStreams: latest.numberOfStreams,
      pricePerStream: latest.pricePerStream,
    });
  }
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A licence as the reporting calls show it; accepting the terms is also the ownership confirmation. */
export function licenceItem(licence: LicenceRecord): LicenseReportItem {
  const termsAcceptedAt = licence.termsAcceptedAt.toISOString();
  return {
    id: licence.id,
    albumId: licence.albumId,
    termsAcceptedAt,
    ownershipConfirmedAt: termsAcceptedAt,
    paymentPlan: { id: licence.plan, share: licence.share, distributionFee: licence.distributionFee },
    status: licence.status,
    startsAt: licence.startsAt,
    endsAt: licence.endsAt,
    createdAt: licence.createdAt.toISOString(),
  };
}

export function feeView(fee: FeeRecord, licence: LicenceRecord): DistributionFee {
  const collected = Math.min(fee.collected, fee.numberOfStreams);
  return {
    id: fee.id,
    issuedAt: fee.issuedAt,
    expiresAt: fee.expiresAt,
    settledAt: iso(fee.settledAt),
    isCurrent: fee.isCurrent,
    isSettled: fee.settledAt !== null,
    sequenceNumber: fee.sequenceNumber,
    collectionStartedAt: fee.collectionStartedAt,
    collectionEndedAt: iso(fee.collectionEndedAt),
    numberOfStreams: fee.numberOfStreams,
    numberOfStreamsCollected: collected,
    numberOfStreamsRemaining: fee.numberOfStreams - collected,
    license: licenceItem(licence),
  };
}

/**
 * A takedown needs a settlement while the current fee still collects: its remaining streams at the fee's price,
 * in cents rounded up.
 */
export function albumFeeView(fee: FeeRecord, licence: LicenceRecord, today: string): AlbumDistributionFee {
  const view = feeView(fee, licence);
  const required =
    licence.status === 'ACTIVE' &&
    fee.isCurrent &&
    !view.isSettled &&
    fee.collectionEndedAt === null &&
    view.numberOfStreamsRemaining > 0;
  return {
    ...view,
    settlementRequiredForTakedown: required,
    settlementOffer: required
      ? {
          referenceDate: today,
          numberOfStreams: view.numberOfStreams,
          numberOfStreamsRemaining: view.numberOfStreamsRemaining,
          pricePerStream: fee.pricePerStream,
          amountDue: settlementAmountDue(view.numberOfStreamsRemaining, fee.pricePerStream),
        }
      : null,
  };
}

/** The album's fee to show: the current one, else its licence's latest (a taken-down release); null: no fee. */
export async function albumFee(
  q: Queryable,
  albumId: string,
  today: string,
): Promise<{ licence: LicenceRecord; fee: FeeRecord; view: AlbumDistributionFee } | null> {
  const licence = await findLicenceOfAlbum(q, albumId);
  if (!licence?.distributionFee) return null;
  const fees = await ensureFees(q, licence, today);
  const fee = fees.find((item) => item.isCurrent) ?? fees.at(-1);
  return fee ? { licence, fee, view: albumFeeView(fee, licence, today) } : null;
}

/** The licence that applies to an album's revenue (its plan's share and fee terms), or null without one. */
export async function licenceForAlbum(q: Queryable, albumId: string): Promise<LicenceRecord | null> {
  return findLicenceOfAlbum(q, albumId);
}

export type FeeCollection = { streamsCollected: number; royaltyCollectedMicro: number };

/**
 * Called by a period's close, inside its transaction, for a release's matched streams and their royalties in the
 * period (micro-units of the platform currency; one call per track, or per album, as the close allocates): takes
 * up to the remaining streams of the fee whose year holds the period's last day, and the same fraction of the
 * royalties (rounded half up), so the caller passes on the rest. The fee is locked for the transaction and settled
 * when its streams are all collected. Nothing is collected without a licence with a fee, for a settled fee or one
 * whose year is over.
 */
export async function collectFeeFromRoyalties(
  q: Queryable,
  {
    albumId,
    periodId,
    streams,
    revenueMicro,
    bookedAt,
  }: {
    albumId: string;
    periodId: string;
    streams: number | bigint;
    revenueMicro: number | bigint;
    /** The close's booking time when it is not now (the demo seed's past closes). */
    bookedAt?: Date | undefined;
  },
): Promise<FeeCollection> {
  const none = { streamsCollected: 0, royaltyCollectedMicro: 0 };
  const streamCount = BigInt(streams);
  const revenue = BigInt(revenueMicro);
  if (streamCount <= 0n) return none;
  const licence = await licenceForAlbum(q, albumId);
  if (!licence?.distributionFee) return none;
  const { rows } = await q.query<{ last_day: string }>(
    `SELECT (month + interval '1 month' - interval '1 day')::date::text AS last_day FROM periods WHERE id = $1`,
    [periodId],
  );
  const lastDay = rows[0]?.last_day;
  if (!lastDay) throw new Error(`No period ${periodId}`);
  await ensureFees(q, licence, lastDay);
  const fee = await feeOnDay(q, licence.id, lastDay);
  if (!fee || fee.settledAt !== null || fee.collectionEndedAt !== null) return none;
  const remaining = BigInt(Math.max(0, fee.numberOfStreams - fee.collected));
  const taken = streamCount < remaining ? streamCount : remaining;
  if (taken <= 0n) return none;
  // revenue × taken / streams, rounded half up, in integers.
  const royalty = (2n * revenue * taken + streamCount) / (2n * streamCount);
  await insertCollection(q, {
    feeId: fee.id,
    origin: 'ROYALTIES',
    streams: Number(taken),
    royaltyCollectedMicro: Number(royalty),
    periodId,
    ledgerTransferId: null,
    bookedAt,
  });
  if (taken === remaining) await settleFee(q, fee.id, bookedAt);
  return { streamsCollected: Number(taken), royaltyCollectedMicro: Number(royalty) };
}
