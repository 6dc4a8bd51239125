import { z } from 'zod';
import { albumSummarySchema } from './album.js';
import { planTypeSchema } from './enums.js';
import { paginatedSchema } from './pagination.js';
import { dateStringSchema, idSchema, lenientBooleanSchema } from './primitives.js';
import {
  MICRO_UNITS_PER_MINOR_UNIT,
  basisPointsSchema,
  countSchema,
  microUnitsSchema,
  minorUnitsSchema,
} from './quantities.js';

/**
 * Distribution fees, licenses and reporting plans. Money is in integers: per-stream prices and royalties in
 * micro-units, amounts to pay in minor units (cents).
 */

/** Where collected streams were paid from: the release's royalties, or the owner's wallet balance. */
export const STREAM_COLLECTION_ORIGINS = ['ROYALTIES', 'BALANCE'] as const;
export const streamCollectionOriginSchema = /*#__PURE__*/ z.enum(STREAM_COLLECTION_ORIGINS);
export type StreamCollectionOrigin = z.infer<typeof streamCollectionOriginSchema>;

/** Streams collected towards a fee from one origin; royaltyCollected in micro-units. */
export const streamCollectionEntrySchema = /*#__PURE__*/ z.object({
  origin: streamCollectionOriginSchema,
  numberOfStreamsCollected: countSchema,
  royaltyCollected: microUnitsSchema.min(0),
});
export type StreamCollectionEntry = z.infer<typeof streamCollectionEntrySchema>;

/** A stream count. */
export const streamCountEntrySchema = /*#__PURE__*/ z.object({ numStreams: countSchema });
export type StreamCountEntry = z.infer<typeof streamCountEntrySchema>;

/**
 * One stream-collection entry of a fee (GET /v1/reporting/distribution-fees/{id}/collections): the spec's entry
 * and stream count (numStreams equals numberOfStreamsCollected), with when it was collected — a period's close
 * (ROYALTIES, with the period's month `YYYY-MM`) or a settlement from the wallet (BALANCE).
 */
export const streamCollectionItemSchema = /*#__PURE__*/ streamCollectionEntrySchema.extend({
  numStreams: countSchema,
  collectedAt: dateStringSchema,
  periodMonth: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .nullish(),
});
export type StreamCollectionItem = z.infer<typeof streamCollectionItemSchema>;
/** The entries that paid a fee, oldest first. */
export const streamCollectionListSchema = /*#__PURE__*/ z.array(streamCollectionItemSchema);

/** The distribution fee terms of a plan: the streams owed per license year and the price of one stream. */
export const planDistributionFeeSchema = /*#__PURE__*/ z.object({
  numberOfStreams: countSchema,
  pricePerStream: microUnitsSchema.min(0),
});
export type PlanDistributionFee = z.infer<typeof planDistributionFeeSchema>;

/**
 * A reporting plan (GET /v1/reporting/plans/standard): id is the plan type; share is the part of the
 * royalties the artist keeps, in basis points (10,000 = all of it).
 */
export const reportingPlanSchema = /*#__PURE__*/ z.object({
  id: planTypeSchema,
  share: basisPointsSchema,
  distributionFee: planDistributionFeeSchema.nullish(),
});
export type ReportingPlan = z.infer<typeof reportingPlanSchema>;

/**
 * A plan as offered at publishing (GET /v1/reporting/plans): the plan with whether this account may choose it,
 * whether it is the one suggested to it, and — when it may not — the reason, in words the API decides.
 */
export const planOptionSchema = /*#__PURE__*/ reportingPlanSchema.extend({
  available: z.boolean(),
  suggested: z.boolean(),
  reason: z.string().nullish(),
});
export type PlanOption = z.infer<typeof planOptionSchema>;
export const planOptionListSchema = /*#__PURE__*/ z.array(planOptionSchema);

/** A licence's state: ACTIVE once published, CANCELED by a takedown, REVOKED by the platform. */
export const LICENSE_STATUSES = ['PENDING', 'ACTIVE', 'CANCELED', 'REVOKED'] as const;
export const licenseStatusSchema = /*#__PURE__*/ z.enum(LICENSE_STATUSES);
export type LicenseStatus = z.infer<typeof licenseStatusSchema>;

/**
 * A license report item. ownershipConfirmedAt is read from the same termsAcceptedAt field: accepting the
 * terms confirms ownership, so whatever the wire says, the parsed value equals termsAcceptedAt.
 */
export const licenseReportItemSchema = /*#__PURE__*/ z
  .object({
    id: idSchema.nullish(),
    albumId: idSchema.nullish(),
    termsAcceptedAt: dateStringSchema.nullish(),
    paymentPlan: reportingPlanSchema,
    // Beyond the spec's item, for the reporting screen: what its sort fields sort by, and (in the list) the album.
    status: licenseStatusSchema.nullish(),
    startsAt: dateStringSchema.nullish(),
    endsAt: dateStringSchema.nullish(),
    createdAt: dateStringSchema.nullish(),
    album: albumSummarySchema.nullish(),
  })
  .transform((item) => ({ ...item, ownershipConfirmedAt: item.termsAcceptedAt }));
export type LicenseReportItem = z.output<typeof licenseReportItemSchema>;
/** GET /v2/reporting/licenses. */
export const licenseReportPageSchema = /*#__PURE__*/ paginatedSchema(licenseReportItemSchema);

/** A settlement offer: what a takedown before settlement costs. amountDue in minor units. */
export const settlementOfferSchema = /*#__PURE__*/ z.object({
  referenceDate: dateStringSchema,
  numberOfStreams: countSchema,
  numberOfStreamsRemaining: countSchema,
  pricePerStream: microUnitsSchema.min(0),
  amountDue: minorUnitsSchema.min(0),
});
export type SettlementOffer = z.infer<typeof settlementOfferSchema>;

/**
 * The amount due to settle a fee: the remaining streams at the price per stream, rounded up to a whole minor unit
 * (a settlement never pays less than the streams it replaces).
 */
export function settlementAmountDue(numberOfStreamsRemaining: number, pricePerStream: number): number {
  return Math.ceil((numberOfStreamsRemaining * pricePerStream) / MICRO_UNITS_PER_MINOR_UNIT);
}

const distributionFeeShape = {
  /** Not in the spec's fee; the reporting screen needs it to ask for the fee's stream-collection entries. */
  id: idSchema.nullish(),
  issuedAt: dateStringSchema,
  expiresAt: dateStringSchema,
  settledAt: dateStringSchema.nullish(),
  isCurrent: lenientBooleanSchema,
  isSettled: lenientBooleanSchema,
  sequenceNumber: z.number().int().min(1),
  collectionStartedAt: dateStringSchema,
  collectionEndedAt: dateStringSchema.nullish(),
  numberOfStreams: countSchema,
  numberOfStreamsCollected: countSchema,
  numberOfStreamsRemaining: countSchema,
  license: licenseReportItemSchema,
};

/** The streams collected and the streams remaining always add up to the streams of the fee. */
function checkStreamTotals(
  fee: { numberOfStreams: number; numberOfStreamsCollected: number; numberOfStreamsRemaining: number },
  context: z.RefinementCtx,
) {
  if (fee.numberOfStreamsCollected + fee.numberOfStreamsRemaining !== fee.numberOfStreams) {
    context.addIssue({
      code: 'custom',
      path: ['numberOfStreamsRemaining'],
      message: 'Collected and remaining streams must add up to numberOfStreams',
    });
  }
}

/** A distribution fee: its collected and remaining streams add up to its streams. */
export const distributionFeeSchema = /*#__PURE__*/ z
  .object(distributionFeeShape)
  .superRefine(checkStreamTotals);
export type DistributionFee = z.output<typeof distributionFeeSchema>;

/** GET /v1/albums/{id}/distribution-fee (a 204 answer means no fee): the single-album version. */
export const albumDistributionFeeSchema = /*#__PURE__*/ z
  .object({
    ...distributionFeeShape,
    settlementRequiredForTakedown: lenientBooleanSchema,
    settlementOffer: settlementOfferSchema.nullish(),
  })
  .superRefine(checkStreamTotals);
export type AlbumDistributionFee = z.output<typeof albumDistributionFeeSchema>;

/** An item of the distribution-fee report: the fee with its album embedded. */
export const distributionFeeReportItemSchema = /*#__PURE__*/ z
  .object({ ...distributionFeeShape, album: albumSummarySchema })
  .superRefine(checkStreamTotals);
export type DistributionFeeReportItem = z.output<typeof distributionFeeReportItemSchema>;
/** GET /v2/reporting/distribution-fees. */
export const distributionFeeReportSchema = /*#__PURE__*/ paginatedSchema(distributionFeeReportItemSchema);
