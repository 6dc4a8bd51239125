import {
  endpoints,
  type Session,
  type WalletMutationQuery,
  walletMutationPageSchema,
  walletSchema,
} from '@tunehouse/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { PLATFORM_ACCOUNTS, transfer, walletKey } from '../ledger/index.js';
import { fileRevenueLines } from '../periods/index.js';
import { createClosingPeriods } from '../../composition.js';

let t: TestApp;
let mara: Session;
let other: Session;
let maraAccount: string;
let otherAccount: string;
let periodId: string;
const albumId = randomUUID();

beforeAll(async () => {
  t = await createTestApp();
  const [maraUser, otherUser] = await Promise.all([createUser(t.db), createUser(t.db)]);
  [mara, other] = await Promise.all([login(t.app, maraUser.email), login(t.app, otherUser.email)]);
  maraAccount = maraUser.account.id;
  otherAccount = otherUser.account.id;
  // Royalties for both accounts from one close, then money in and out of Mara's wallet.
  [periodId] = (await withTransaction(t.db, (tx) =>
    fileRevenueLines(tx, [
      {
        day: '2024-05-14',
        trackId: randomUUID(),
        albumId,
        accountId: maraAccount,
        streams: 500,
        revenueMicro: 100_000_000n,
      },
      {
        day: '2024-05-14',
        trackId: randomUUID(),
        albumId: randomUUID(),
        accountId: otherAccount,
        streams: 9,
        revenueMicro: 40_000_000n,
      },
    ]),
  )) as [string];
  const periods = createClosingPeriods({ db: t.db, jobs: t.jobs, config: t.config });
  expect(await periods.closeNow(periodId)).toBe('CLOSED');
  await transfer(t.db, {
    idempotencyKey: `mutations-test-settlement-${randomUUID()}`,
    debit: walletKey(maraAccount),
    credit: PLATFORM_ACCOUNTS.settlements,
    amount: 150,
    kind: 'TAKEDOWN_SETTLEMENT',
    refs: { albumId },
  });
  await transfer(t.db, {
    idempotencyKey: `mutations-test-card-${randomUUID()}`,
    debit: PLATFORM_ACCOUNTS.settlements,
    credit: walletKey(maraAccount),
    amount: 25,
    kind: 'PAYMENT',
  });
});
afterAll(() => t.close());

const pageOf = async (session: Session, query: Partial<WalletMutationQuery> = {}) =>
  expectShape(
    walletMutationPageSchema,
    await t.app.inject(injectOf(endpoints.wallet.mutations, { query }, { session })),
  );

describe('GET /v2/wallet/mutations', () => {
  it('needs a session', async () => {
    expectError(
      await t.app.inject(injectOf(endpoints.wallet.mutations, { query: {} })),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('lists the wallet newest first with signed amounts, plain types and refs', async () => {
    const share = t.config.plans.terms.STANDARD.share;
    const page = await pageOf(mara);
    expect(page).toMatchObject({ currentOffset: 0, size: 25, totalItems: 3 });
    expect(page.items.map(({ type, amount, balanceAfter }) => ({ type, amount, balanceAfter }))).toEqual([
      { type: 'CARD_PAYMENT', amount: 25, balanceAfter: share - 150 + 25 },
      { type: 'TAKEDOWN_SETTLEMENT', amount: -150, balanceAfter: share - 150 },
      { type: 'ROYALTIES', amount: share, balanceAfter: share },
    ]);
    expect(page.items[2]).toMatchObject({
      periodId,
      periodMonth: '2024-05',
      albumId,
      payoutId: null,
      splitId: null,
    });
    expect(page.items[1]).toMatchObject({ periodId: null, periodMonth: null, albumId });
  });

  it('shows each account only its own, the latest balanceAfter being the wallet balance', async () => {
    for (const [session, expected] of [
      [mara, 3],
      [other, 1],
    ] as const) {
      const page = await pageOf(session);
      expect(page.totalItems).toBe(expected);
      const wallet = expectShape(
        walletSchema,
        await t.app.inject(injectOf(endpoints.wallet.get, {}, { session })),
      );
      expect(page.items[0]!.balanceAfter).toBe(wallet.available);
      expect(page.items.reduce((sum, item) => sum + item.amount, 0)).toBe(wallet.available);
    }
    const otherPage = await pageOf(other);
    expect(otherPage.items[0]).toMatchObject({ type: 'ROYALTIES', periodId });
    expect(otherPage.items[0]!.albumId).not.toBe(albumId);
  });

  it('filters by type, keeping the real running balance', async () => {
    const page = await pageOf(mara, { type: 'TAKEDOWN_SETTLEMENT' });
    expect(page.totalItems).toBe(1);
    expect(page.items[0]).toMatchObject({
      amount: -150,
      balanceAfter: t.config.plans.terms.STANDARD.share - 150,
    });
    expect((await pageOf(mara, { type: 'CARD_PAYMENT' })).items.map((item) => item.amount)).toEqual([25]);
    // Every kind that reaches a wallet has a type of its own: none is left over as an adjustment.
    expect((await pageOf(mara, { type: 'ADJUSTMENT' })).totalItems).toBe(0);
    expect((await pageOf(mara, { type: 'PAYOUT' })).totalItems).toBe(0);
  });

  it('filters by UTC calendar day, both ends included', async () => {
    const days = (await pageOf(mara)).items.map((item) => item.date.slice(0, 10));
    const [today] = days as [string];
    // The first and last days booked: a range of just those days still holds every mutation.
    expect((await pageOf(mara, { from: days.at(-1), to: days[0] })).totalItems).toBe(3);
    expect((await pageOf(mara, { from: today, to: today })).totalItems).toBe(
      days.filter((day) => day === today).length,
    );
    expect((await pageOf(mara, { to: '2024-01-01' })).totalItems).toBe(0);
    expect((await pageOf(mara, { from: '2999-01-01' })).totalItems).toBe(0);
    expectError(
      await t.app.inject(
        injectOf(endpoints.wallet.mutations, { query: { from: today, to: '2024-01-01' } }, { session: mara }),
      ),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('pages with offset and size', async () => {
    const first = await pageOf(mara, { size: 2 });
    expect(first).toMatchObject({ currentOffset: 0, size: 2, totalItems: 3, nextOffset: 2 });
    const second = await pageOf(mara, { size: 2, offset: 2 });
    expect(second).toMatchObject({ currentOffset: 2, totalItems: 3, previousOffset: 0 });
    expect(second.nextOffset).toBeUndefined();
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual(
      (await pageOf(mara)).items.map((item) => item.id),
    );
    const past = await pageOf(mara, { size: 2, offset: 10 });
    expect(past).toMatchObject({ items: [], totalItems: 3 });
  });
});
