import { describe, expect, it } from 'vitest';
import {
  STREAM_COLLECTION_ORIGINS,
  albumDistributionFeeSchema,
  distributionFeeReportSchema,
  distributionFeeSchema,
  licenseReportItemSchema,
  licenseReportPageSchema,
  reportingPlanSchema,
  settlementAmountDue,
  streamCollectionEntrySchema,
  streamCountEntrySchema,
} from './fees.js';

const pathsOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.'));

const plan = {
  id: 'STANDARD',
  share: 8500,
  distributionFee: { numberOfStreams: 100_000, pricePerStream: 4_000 },
};
const license = { id: 9, albumId: 'alb_1', termsAcceptedAt: '2024-06-01T12:00:00Z', paymentPlan: plan };
const fee = {
  issuedAt: '2024-06-01T12:00:00Z',
  expiresAt: '2025-06-01T12:00:00Z',
  isCurrent: true,
  isSettled: 0,
  sequenceNumber: 1,
  collectionStartedAt: '2024-06-01T12:00:00Z',
  numberOfStreams: 100_000,
  numberOfStreamsCollected: 40_000,
  numberOfStreamsRemaining: 60_000,
  license,
};

describe('reporting plan', () => {
  it('parses the standard plan with its fee terms, and a plan without a fee', () => {
    expect(reportingPlanSchema.parse(plan)).toEqual(plan);
    expect(reportingPlanSchema.parse({ id: 'FREE', share: 10_000 })).toEqual({ id: 'FREE', share: 10_000 });
  });

  it('refuses an unknown plan type and a share above the whole', () => {
    expect(pathsOf(reportingPlanSchema.safeParse({ id: 'GOLD', share: 10_001 }))?.sort()).toEqual([
      'id',
      'share',
    ]);
  });
});

describe('license report item', () => {
  it('reads ownershipConfirmedAt from termsAcceptedAt', () => {
    const item = licenseReportItemSchema.parse({ ...license, ownershipConfirmedAt: '1999-01-01T00:00:00Z' });
    expect(item.ownershipConfirmedAt).toBe('2024-06-01T12:00:00Z');
    expect(licenseReportItemSchema.parse({ paymentPlan: plan }).ownershipConfirmedAt).toBeUndefined();
  });

  it('needs its payment plan and names the field inside a page', () => {
    const page = licenseReportPageSchema.safeParse({
      items: [license, { id: 2 }],
      currentOffset: 0,
      size: 25,
    });
    expect(pathsOf(page)).toEqual(['items.1.paymentPlan']);
  });
});

describe('distribution fee', () => {
  it('parses a fee still collecting streams', () => {
    const parsed = distributionFeeSchema.parse(fee);
    expect(parsed.isSettled).toBe(false);
    expect(parsed.license.ownershipConfirmedAt).toBe(license.termsAcceptedAt);
  });

  it('refuses streams that do not add up', () => {
    expect(pathsOf(distributionFeeSchema.safeParse({ ...fee, numberOfStreamsRemaining: 1 }))).toEqual([
      'numberOfStreamsRemaining',
    ]);
  });

  it('adds the takedown settlement for a single album', () => {
    const offer = {
      referenceDate: '2024-09-01',
      numberOfStreams: 100_000,
      numberOfStreamsRemaining: 60_000,
      pricePerStream: 4_000,
      amountDue: settlementAmountDue(60_000, 4_000),
    };
    const parsed = albumDistributionFeeSchema.parse({
      ...fee,
      settlementRequiredForTakedown: 1,
      settlementOffer: offer,
    });
    expect(parsed.settlementRequiredForTakedown).toBe(true);
    expect(parsed.settlementOffer?.amountDue).toBe(24_000);
    expect(pathsOf(albumDistributionFeeSchema.safeParse(fee))).toEqual(['settlementRequiredForTakedown']);
    expect(
      pathsOf(
        albumDistributionFeeSchema.safeParse({
          ...fee,
          settlementRequiredForTakedown: true,
          settlementOffer: { ...offer, amountDue: 240.5 },
        }),
      ),
    ).toEqual(['settlementOffer.amountDue']);
  });

  it('embeds the album in report items', () => {
    const album = {
      id: 'alb_1',
      title: 'Harbour Lights',
      version: null,
      barcode: null,
      artists: [],
      isCollaboration: false,
    };
    const report = distributionFeeReportSchema.parse({
      items: [{ ...fee, album }],
      size: 25,
      currentOffset: 0,
      totalItems: 1,
    });
    expect(report.items[0]?.album.title).toBe('Harbour Lights');
    expect(
      pathsOf(distributionFeeReportSchema.safeParse({ items: [fee], size: 25, currentOffset: 0 })),
    ).toEqual(['items.0.album']);
  });
});

describe('settlement amount', () => {
  it('rounds the remaining streams at micro-unit prices up to a whole cent', () => {
    expect(settlementAmountDue(0, 4_000)).toBe(0);
    expect(settlementAmountDue(3, 3_333)).toBe(1);
    expect(settlementAmountDue(10_000, 3_333)).toBe(3_333);
  });
});

describe('stream entries', () => {
  it('collect from royalties or balance, in micro-units', () => {
    expect(STREAM_COLLECTION_ORIGINS).toEqual(['ROYALTIES', 'BALANCE']);
    const entry = { origin: 'BALANCE', numberOfStreamsCollected: 500, royaltyCollected: 2_000_000 };
    expect(streamCollectionEntrySchema.parse(entry)).toEqual(entry);
    expect(pathsOf(streamCollectionEntrySchema.safeParse({ ...entry, origin: 'CARD' }))).toEqual(['origin']);
    expect(streamCountEntrySchema.parse({ numStreams: 3 })).toEqual({ numStreams: 3 });
    expect(pathsOf(streamCountEntrySchema.safeParse({ numStreams: 1.5 }))).toEqual(['numStreams']);
  });
});
