import {
  type AlbumDetail,
  distributionFeeReportSchema,
  endpoints,
  licenseReportPageSchema,
  planOptionListSchema,
  type Session,
  streamCollectionListSchema,
} from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db.js';
import { createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { PLATFORM_ACCOUNTS, transfer, walletKey } from '../ledger/index.js';
import {
  daysFromToday,
  publishLicensedTenDaysAgo,
  readyAlbums,
  releaseClient,
} from '../../testing/release-fixtures.js';
import { collectFeeFromRoyalties } from './index.js';

/**
 * The calls of the reporting screen and the plan choice at publishing
 * (docs/decisions/0068-reporting-screen-and-plan-choice.md): the plans offered to an account, and the
 * stream-collection entries of a fee.
 */

let t: TestApp;
let owner: Session;
let ownerAccount: string;
let early: Session;
let stranger: Session;
let makeAlbum: (session: Session, artistId: string | number) => Promise<AlbumDetail>;
let ownerArtist: string | number;
let earlyArtist: string | number;
let c: ReturnType<typeof releaseClient>;
const api = endpoints.licensing;

beforeAll(async () => {
  t = await createTestApp({ audioPreviewWorker: false, reviewAutoAccept: true }, undefined, {
    ownDataDir: 'reporting-calls',
  });
  c = releaseClient(t.app);
  const [a, b, d] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
  ownerAccount = a.account.id;
  // An account from before the early-adopter cut-off (2026-01-01 by default).
  await t.db.query(`UPDATE accounts SET created_at = '2025-06-01' WHERE id = $1`, [b.account.id]);
  [owner, early, stranger] = await Promise.all([
    login(t.app, a.email),
    login(t.app, b.email),
    login(t.app, d.email),
  ]);
  ownerArtist = (await c.artist(owner, 'Reporting Artist')).id;
  earlyArtist = (await c.artist(early, 'Early Artist')).id;
  makeAlbum = await readyAlbums(t, owner);
});
afterAll(() => t.close());

const plansOf = async (session: Session) =>
  expectShape(planOptionListSchema, await t.app.inject(injectOf(api.plans, {}, { session })));

const licenceOf = async (session: Session, albumId: string | number) =>
  expectShape(
    licenseReportPageSchema,
    await t.app.inject(injectOf(api.licenses, { query: { album_id: String(albumId) } }, { session })),
  ).items;

const collectionsOf = (session: Session, id: string) =>
  t.app.inject(injectOf(api.feeCollections, { params: { id } }, { session }));

describe('GET /v1/reporting/plans: the plans offered at publishing', () => {
  it('a new account may take STANDARD (suggested) or FREE_DISTRIBUTION; EARLY_ADOPTER and FREE say why not', async () => {
    const plans = await plansOf(owner);
    expect(plans).toEqual([
      {
        id: 'STANDARD',
        share: 10_000,
        distributionFee: { numberOfStreams: 7_000, pricePerStream: 3_000 },
        available: true,
        suggested: true,
        reason: null,
      },
      {
        id: 'EARLY_ADOPTER',
        share: 10_000,
        distributionFee: { numberOfStreams: 3_500, pricePerStream: 3_000 },
        available: false,
        suggested: false,
        reason: 'Only for accounts created before 01-01-2026.',
      },
      {
        id: 'FREE_DISTRIBUTION',
        share: 8_500,
        distributionFee: null,
        available: true,
        suggested: false,
        reason: null,
      },
      {
        id: 'FREE',
        share: 10_000,
        distributionFee: null,
        available: false,
        suggested: false,
        reason: expect.stringContaining('cannot be chosen'),
      },
    ]);
  });

  it('an account from before the cut-off is offered EARLY_ADOPTER as its suggestion', async () => {
    const plans = await plansOf(early);
    const early_ = plans.find((plan) => plan.id === 'EARLY_ADOPTER');
    expect(early_).toMatchObject({ available: true, suggested: true, reason: null });
    expect(plans.filter((plan) => plan.available).map((plan) => plan.id)).toEqual([
      'STANDARD',
      'EARLY_ADOPTER',
      'FREE_DISTRIBUTION',
    ]);
  });

  it('401 without a session', async () => {
    expectError(await t.app.inject(injectOf(api.plans, {}, {})), 401, 'UNAUTHENTICATED');
  });
});

describe('the plan chosen at publishing is the one the licence records', () => {
  it('each plan offered as available publishes, and the licence names it with its terms', async () => {
    for (const [session, artist] of [
      [owner, ownerArtist],
      [early, earlyArtist],
    ] as const) {
      for (const plan of (await plansOf(session)).filter((option) => option.available)) {
        const album = await makeAlbum(session, artist);
        const published = await c.publish(session, album.id, { termsAccepted: true, paymentPlan: plan.id });
        expect(published.statusCode, published.body).toBe(200);
        const [licence] = await licenceOf(session, album.id);
        expect(licence?.paymentPlan).toEqual({
          id: plan.id,
          share: plan.share,
          distributionFee: plan.distributionFee,
        });
        // The list names the album and the licence's state for the reporting screen.
        expect(licence).toMatchObject({ status: 'ACTIVE', album: { id: album.id, title: album.title } });
      }
    }
  });

  it('each plan offered as unavailable is refused naming paymentPlan, and no licence is made', async () => {
    for (const plan of (await plansOf(owner)).filter((option) => !option.available)) {
      const album = await makeAlbum(owner, ownerArtist);
      const refused = await c.publish(owner, album.id, { termsAccepted: true, paymentPlan: plan.id });
      expectError(refused, 400, 'VALIDATION_FAILED');
      expect(refused.json().error.details).toEqual([
        { path: ['body', 'paymentPlan'], message: expect.any(String) },
      ]);
      expect(await licenceOf(owner, album.id)).toEqual([]);
    }
  });
});

/** A period whose last day falls in the first licence year of a release ten days ago. */
async function periodInFirstYear(): Promise<{ id: string; month: string }> {
  const month = `${daysFromToday(40).slice(0, 7)}-01`;
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO periods (month, currency) VALUES ($1, 'EUR')
     ON CONFLICT (month) DO UPDATE SET month = EXCLUDED.month RETURNING id`,
    [month],
  );
  return { id: rows[0]!.id, month: month.slice(0, 7) };
}

/** Closes the period at the last second of its month, its totals being the fee it collected (micro-units). */
async function closeAtMonthEnd(periodId: string, feeMicro: number): Promise<string> {
  const cents = feeMicro / 10_000;
  const { rows } = await t.db.query<{ closed_at: Date }>(
    `UPDATE periods SET status = 'CLOSED',
            closed_at = (month + interval '1 month' - interval '1 second') AT TIME ZONE 'UTC',
            revenue_micro = $2, fee_collected_micro = $2, commission_micro = 0, credited_micro = 0,
            held_micro = 0, unmatched_micro = 0, revenue_cents = $3, fee_collected_cents = $3,
            commission_cents = 0, credited_cents = 0, held_cents = 0, unmatched_cents = 0
      WHERE id = $1 RETURNING closed_at`,
    [periodId, feeMicro, cents],
  );
  return rows[0]!.closed_at.toISOString();
}

describe('GET /v1/reporting/distribution-fees/{id}/collections', () => {
  it('lists what paid the fee: the close’s royalties, then the wallet’s settlement at takedown', async () => {
    const album = await makeAlbum(owner, ownerArtist);
    await publishLicensedTenDaysAgo(t, owner, album.id);
    const fees = expectShape(
      distributionFeeReportSchema,
      await t.app.inject(
        injectOf(api.distributionFees, { query: { album_id: String(album.id) } }, { session: owner }),
      ),
    );
    const feeId = String(fees.items[0]?.id);
    expect(feeId).toMatch(/^[0-9a-f-]{36}$/);
    expect(expectShape(streamCollectionListSchema, await collectionsOf(owner, feeId))).toEqual([]);

    const period = await periodInFirstYear();
    await withTransaction(t.db, (tx) =>
      collectFeeFromRoyalties(tx, {
        albumId: String(album.id),
        periodId: period.id,
        streams: 5_000,
        revenueMicro: 15_000_000,
      }),
    );
    const closedAt = await closeAtMonthEnd(period.id, 15_000_000);
    // 2,000 streams remain: €6.00, paid from the wallet at takedown.
    await withTransaction(t.db, (tx) =>
      transfer(tx, {
        idempotencyKey: `test-credit:${album.id}`,
        debit: PLATFORM_ACCOUNTS.storeReceivables,
        credit: walletKey(ownerAccount),
        amount: 600,
        kind: 'CLOSE_CREDIT',
      }),
    );
    const takedown = await t.app.inject({
      method: 'DELETE',
      url: `/v1/albums/${album.id}?expected_amount_due=600`,
      headers: { authorization: `Bearer ${owner.token.accessToken}` },
    });
    expect(takedown.statusCode, takedown.body).toBe(204);

    const entries = expectShape(streamCollectionListSchema, await collectionsOf(owner, feeId));
    expect(entries).toEqual([
      {
        origin: 'ROYALTIES',
        numberOfStreamsCollected: 5_000,
        numStreams: 5_000,
        royaltyCollected: 15_000_000,
        collectedAt: closedAt,
        periodMonth: period.month,
      },
      {
        origin: 'BALANCE',
        numberOfStreamsCollected: 2_000,
        numStreams: 2_000,
        royaltyCollected: 6_000_000,
        collectedAt: expect.any(String),
        periodMonth: null,
      },
    ]);
    // The fee's own totals are the sum of its entries.
    const settled = expectShape(
      distributionFeeReportSchema,
      await t.app.inject(
        injectOf(api.distributionFees, { query: { album_id: String(album.id) } }, { session: owner }),
      ),
    ).items[0];
    expect(settled).toMatchObject({ id: feeId, isSettled: true, numberOfStreamsCollected: 7_000 });

    // Another account's fee is as unknown as a missing one.
    expectError(await collectionsOf(stranger, feeId), 404, 'NOT_FOUND');
    expectError(await collectionsOf(owner, '00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
    expectError(await collectionsOf(owner, 'not-a-fee'), 404, 'NOT_FOUND');
  });
});
