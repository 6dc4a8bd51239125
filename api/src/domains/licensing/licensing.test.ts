import {
  type AlbumDetail,
  albumDetailSchema,
  albumDistributionFeeSchema,
  distributionFeeReportSchema,
  endpoints,
  licenseReportItemSchema,
  licenseReportPageSchema,
  reportingPlanSchema,
  type Session,
} from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db.js';
import { createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { PLATFORM_ACCOUNTS, transfer, walletBalance, walletKey } from '../ledger/index.js';
import {
  daysFromToday,
  publishLicensedTenDaysAgo,
  readyAlbums,
  releaseClient,
} from '../../testing/release-fixtures.js';
import { collectFeeFromRoyalties, licenceForAlbum } from './index.js';

let t: TestApp;
let owner: Session;
let ownerAccount: string;
let stranger: Session;
let artistId: string | number;
let readyAlbum: () => Promise<AlbumDetail>;
let c: ReturnType<typeof releaseClient>;
const api = endpoints.licensing;

beforeAll(async () => {
  t = await createTestApp({ audioPreviewWorker: false, reviewAutoAccept: true }, undefined, {
    ownDataDir: 'licensing',
  });
  c = releaseClient(t.app);
  const [a, b] = await Promise.all([createUser(t.db), createUser(t.db)]);
  ownerAccount = a.account.id;
  [owner, stranger] = await Promise.all([login(t.app, a.email), login(t.app, b.email)]);
  artistId = (await c.artist(owner, 'Licensed Artist')).id;
  const makeAlbum = await readyAlbums(t, owner);
  readyAlbum = () => makeAlbum(owner, artistId);
});
afterAll(() => t.close());

/** A published release whose release date came ten days ago (its licence's first year has begun). */
async function published(payload: object = { termsAccepted: true }): Promise<AlbumDetail> {
  const album = await readyAlbum();
  await publishLicensedTenDaysAgo(t, owner, album.id, payload);
  return album;
}

const feeOf = (session: Session, id: string | number) =>
  t.app.inject(injectOf(api.albumFee, { params: { id: String(id) } }, { session }));

/** A period whose last day falls in the first licence year of a release ten days ago. */
async function periodInFirstYear(): Promise<string> {
  const month = `${daysFromToday(40).slice(0, 7)}-01`;
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO periods (month, currency) VALUES ($1, 'EUR')
     ON CONFLICT (month) DO UPDATE SET month = EXCLUDED.month RETURNING id`,
    [month],
  );
  return rows[0]!.id;
}

const collect = (albumId: string | number, streams: number, revenueMicro: number) =>
  periodInFirstYear().then((periodId) =>
    withTransaction(t.db, (tx) =>
      collectFeeFromRoyalties(tx, { albumId: String(albumId), periodId, streams, revenueMicro }),
    ),
  );

describe('plans and licences', () => {
  it('the standard plan: the owner keeps everything and pays 7,000 streams a year at €0.003', async () => {
    const response = await t.app.inject(injectOf(api.standardPlan, {}, { session: owner }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: 'STANDARD',
      share: 10_000,
      distributionFee: { numberOfStreams: 7_000, pricePerStream: 3_000 },
    });
    expectShape(reportingPlanSchema, response);
  });

  it('publishing makes the licence under the suggested plan, with the terms acceptance as ownership confirmation', async () => {
    const album = await readyAlbum();
    const before = await t.app.inject(
      injectOf(api.licenseSuggestion, { body: { albumId: album.id } }, { session: owner }),
    );
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      id: null,
      albumId: album.id,
      termsAcceptedAt: null,
      ownershipConfirmedAt: null,
      paymentPlan: {
        id: 'STANDARD',
        share: 10_000,
        distributionFee: { numberOfStreams: 7_000, pricePerStream: 3_000 },
      },
    });
    expect((await c.publish(owner, album.id)).statusCode).toBe(200);
    const page = expectShape(
      licenseReportPageSchema,
      await t.app.inject(
        injectOf(api.licenses, { query: { album_id: String(album.id) } }, { session: owner }),
      ),
    );
    expect(page.totalItems).toBe(1);
    const licence = page.items[0]!;
    expect(licence).toEqual({
      id: expect.any(String),
      albumId: album.id,
      termsAcceptedAt: expect.any(String),
      ownershipConfirmedAt: licence.termsAcceptedAt,
      paymentPlan: {
        id: 'STANDARD',
        share: 10_000,
        distributionFee: { numberOfStreams: 7_000, pricePerStream: 3_000 },
      },
      status: 'ACTIVE',
      startsAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      endsAt: null,
      createdAt: expect.any(String),
      album: expect.objectContaining({ id: album.id, title: album.title }),
    });
    const after = expectShape(
      licenseReportItemSchema,
      await t.app.inject(
        injectOf(api.licenseSuggestion, { body: { albumId: album.id } }, { session: owner }),
      ),
    );
    expect(after.id).toBe(licence.id);
    expect((await licenceForAlbum(t.db, String(album.id)))?.share).toBe(10_000);
  });

  it('a plan that is not offered is refused naming paymentPlan; the commission plan has no fee (204)', async () => {
    const album = await readyAlbum();
    const refused = await c.publish(owner, album.id, { termsAccepted: true, paymentPlan: 'FREE' });
    expectError(refused, 400, 'VALIDATION_FAILED');
    expect(refused.json().error.details).toEqual([
      { path: ['body', 'paymentPlan'], message: expect.any(String) },
    ]);
    const ok = await c.publish(owner, album.id, { termsAccepted: true, paymentPlan: 'FREE_DISTRIBUTION' });
    expect(ok.statusCode, ok.body).toBe(200);
    const fee = await feeOf(owner, album.id);
    expect(fee.statusCode).toBe(204);
    expect(fee.body).toBe('');
    expect((await licenceForAlbum(t.db, String(album.id)))?.share).toBe(8_500);
  });

  it('licences list newest first by default and sort by payment_plan', async () => {
    const page = expectShape(
      licenseReportPageSchema,
      await t.app.inject(injectOf(api.licenses, { query: {} }, { session: owner })),
    );
    expect(page.items.length).toBeGreaterThanOrEqual(2);
    expect(page.items[0]!.paymentPlan.id).toBe('FREE_DISTRIBUTION');
    const byPlan = expectShape(
      licenseReportPageSchema,
      await t.app.inject(
        injectOf(api.licenses, { query: { order_by: 'payment_plan', order: 'asc' } }, { session: owner }),
      ),
    );
    expect(byPlan.items.map((item) => item.paymentPlan.id)).toEqual(
      [...byPlan.items.map((item) => item.paymentPlan.id)].sort(),
    );
  });

  it('another account’s album is a 404 for the suggestion and the fee, and its licences are not listed', async () => {
    const album = await published();
    expectError(
      await t.app.inject(
        injectOf(api.licenseSuggestion, { body: { albumId: album.id } }, { session: stranger }),
      ),
      404,
      'NOT_FOUND',
    );
    expectError(await feeOf(stranger, album.id), 404, 'NOT_FOUND');
    const page = expectShape(
      licenseReportPageSchema,
      await t.app.inject(injectOf(api.licenses, { query: {} }, { session: stranger })),
    );
    expect(page.items).toEqual([]);
    const fees = expectShape(
      distributionFeeReportSchema,
      await t.app.inject(injectOf(api.distributionFees, { query: {} }, { session: stranger })),
    );
    expect(fees.items).toEqual([]);
  });

  it('before its release date a release has no fee yet: 204, and taking it down costs nothing', async () => {
    const album = await readyAlbum();
    expect((await c.publish(owner, album.id)).statusCode).toBe(200);
    expect((await feeOf(owner, album.id)).statusCode).toBe(204);
    const takedown = await t.app.inject({
      method: 'DELETE',
      url: `/v1/albums/${album.id}`,
      headers: ownerHeaders(),
    });
    expect(takedown.statusCode, takedown.body).toBe(204);
  });

  it('a draft without a licence has no fee: 204', async () => {
    const album = await c.album(owner, { title: 'Draft' });
    expect((await feeOf(owner, album.id)).statusCode).toBe(204);
  });
});

describe('distribution fees', () => {
  it('the fee of a new release: nothing collected, settlement required at 7,000 × €0.003 = 2,100 cents', async () => {
    const album = await published();
    const response = await feeOf(owner, album.id);
    expect(response.statusCode).toBe(200);
    const fee = expectShape(albumDistributionFeeSchema, response);
    expect(response.json()).toEqual({
      id: expect.any(String),
      issuedAt: daysFromToday(-10),
      expiresAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      settledAt: null,
      isCurrent: true,
      isSettled: false,
      sequenceNumber: 1,
      collectionStartedAt: daysFromToday(-10),
      collectionEndedAt: null,
      numberOfStreams: 7_000,
      numberOfStreamsCollected: 0,
      numberOfStreamsRemaining: 7_000,
      license: {
        id: expect.any(String),
        albumId: album.id,
        termsAcceptedAt: expect.any(String),
        ownershipConfirmedAt: fee.license.termsAcceptedAt,
        paymentPlan: {
          id: 'STANDARD',
          share: 10_000,
          distributionFee: { numberOfStreams: 7_000, pricePerStream: 3_000 },
        },
        status: 'ACTIVE',
        startsAt: daysFromToday(-10),
        endsAt: null,
        createdAt: expect.any(String),
      },
      settlementRequiredForTakedown: true,
      settlementOffer: {
        referenceDate: daysFromToday(0),
        numberOfStreams: 7_000,
        numberOfStreamsRemaining: 7_000,
        pricePerStream: 3_000,
        amountDue: 2_100,
      },
    });
  });

  it('royalties pay the fee first, pro rata, until its streams are collected; then it is settled', async () => {
    const album = await published();
    expect(await collect(album.id, 5_000, 20_000_000)).toEqual({
      streamsCollected: 5_000,
      royaltyCollectedMicro: 20_000_000,
    });
    // 2,000 of 3,000 streams are still owed: two thirds of the royalties, rounded half up.
    expect(await collect(album.id, 3_000, 10_000_001)).toEqual({
      streamsCollected: 2_000,
      royaltyCollectedMicro: 6_666_667,
    });
    expect(await collect(album.id, 1_000, 4_000_000)).toEqual({
      streamsCollected: 0,
      royaltyCollectedMicro: 0,
    });
    const fee = expectShape(albumDistributionFeeSchema, await feeOf(owner, album.id));
    expect(fee).toMatchObject({
      isSettled: true,
      numberOfStreamsCollected: 7_000,
      numberOfStreamsRemaining: 0,
      settlementRequiredForTakedown: false,
    });
    expect(fee.settlementOffer).toBeFalsy();
    const settled = expectShape(
      distributionFeeReportSchema,
      await t.app.inject(
        injectOf(
          api.distributionFees,
          { query: { settled: true, album_id: String(album.id) } },
          { session: owner },
        ),
      ),
    );
    expect(settled.items).toHaveLength(1);
    expect(settled.items[0]!.album).toMatchObject({ id: album.id, title: 'Northern Lights' });
    const open = expectShape(
      distributionFeeReportSchema,
      await t.app.inject(
        injectOf(
          api.distributionFees,
          { query: { settled: false, album_id: String(album.id) } },
          { session: owner },
        ),
      ),
    );
    expect(open.items).toEqual([]);
  });

  it('the fee report pages newest first with the album embedded', async () => {
    const page = await t.app.inject(
      injectOf(api.distributionFees, { query: { size: 2 } }, { session: owner }),
    );
    expect(page.statusCode).toBe(200);
    const body = expectShape(distributionFeeReportSchema, page);
    expect(body.size).toBe(2);
    expect(body.currentOffset).toBe(0);
    expect(body.totalItems).toBeGreaterThanOrEqual(3);
    expect(body.nextOffset).toBe(2);
    const issued = body.items.map((item) => item.issuedAt);
    expect(issued).toEqual([...issued].sort().reverse());
  });
});

describe('takedown settlement', () => {
  it('409 without or with a different expected amount, 409 naming the shortfall, then the wallet pays it', async () => {
    const album = await published();
    await collect(album.id, 5_000, 15_000_000);
    // 2,000 streams left × 3,000 micro-units = 6,000,000 micro-units = 600 cents.
    const remove = (query = '') =>
      t.app.inject({ method: 'DELETE', url: `/v1/albums/${album.id}${query}`, headers: ownerHeaders() });
    const missing = await remove();
    expectError(missing, 409, 'CONFLICT');
    expect(missing.json().error.message).toContain('600');
    expectError(await remove('?expected_amount_due=599'), 409, 'CONFLICT');
    const poor = await remove('?expected_amount_due=600');
    expectError(poor, 409, 'INSUFFICIENT_FUNDS');
    expect(poor.json().error.message).toContain('6.00 short');
    // Nothing of the refused takedowns was kept.
    const stillLive = expectShape(albumDetailSchema, await c.get(owner, `/v1/albums/${album.id}`));
    expect(stillLive.deletedAt ?? null).toBeNull();

    await withTransaction(t.db, (tx) =>
      transfer(tx, {
        idempotencyKey: `test-credit:${album.id}`,
        debit: PLATFORM_ACCOUNTS.storeReceivables,
        credit: walletKey(ownerAccount),
        amount: 1_000,
        kind: 'CLOSE_CREDIT',
      }),
    );
    const paid = await remove('?expected_amount_due=600');
    expect(paid.statusCode, paid.body).toBe(204);
    expect(await walletBalance(t.db, ownerAccount)).toBe(400);
    const fee = expectShape(albumDistributionFeeSchema, await feeOf(owner, album.id));
    expect(fee).toMatchObject({
      isSettled: true,
      numberOfStreamsCollected: 7_000,
      settlementRequiredForTakedown: false,
    });
    const { rows } = await t.db.query<{ origin: string; streams: string; royalty: string }>(
      `SELECT c.origin, c.streams, c.royalty_collected_micro AS royalty FROM stream_collections c
         JOIN distribution_fees f ON f.id = c.fee_id JOIN licences l ON l.id = f.licence_id
        WHERE l.album_id = $1 ORDER BY c.created_at`,
      [album.id],
    );
    expect(rows).toEqual([
      { origin: 'ROYALTIES', streams: '5000', royalty: '15000000' },
      { origin: 'BALANCE', streams: '2000', royalty: '6000000' },
    ]);
    const licence = await t.db.query<{ status: string }>('SELECT status FROM licences WHERE album_id = $1', [
      album.id,
    ]);
    expect(licence.rows).toEqual([{ status: 'CANCELED' }]);
  });

  it('a release without a fee is taken down with no amount, and a non-zero amount is a 409', async () => {
    const album = await published({ termsAccepted: true, paymentPlan: 'FREE_DISTRIBUTION' });
    const url = `/v1/albums/${album.id}`;
    expectError(
      await t.app.inject({ method: 'DELETE', url: `${url}?expected_amount_due=5`, headers: ownerHeaders() }),
      409,
      'CONFLICT',
    );
    const ok = await t.app.inject({
      method: 'DELETE',
      url: `${url}?expected_amount_due=0`,
      headers: ownerHeaders(),
    });
    expect(ok.statusCode, ok.body).toBe(204);
  });
});

function ownerHeaders() {
  return { authorization: `Bearer ${owner.token.accessToken}` };
}
