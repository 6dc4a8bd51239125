import { adminPeriodDetailSchema, endpoints, type Session, walletSchema } from '@tunehouse/contracts';
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
let admin: Session;
let mara: Session;
let other: Session;
let maraAccount: string;
let otherAccount: string;

beforeAll(async () => {
  t = await createTestApp();
  const [adminUser, maraUser, otherUser] = await Promise.all([
    createUser(t.db, { isAdmin: true }),
    createUser(t.db),
    createUser(t.db),
  ]);
  [admin, mara, other] = await Promise.all([
    login(t.app, adminUser.email),
    login(t.app, maraUser.email),
    login(t.app, otherUser.email),
  ]);
  maraAccount = maraUser.account.id;
  otherAccount = otherUser.account.id;
});
afterAll(() => t.close());

const walletOf = async (session: Session) =>
  expectShape(walletSchema, await t.app.inject(injectOf(endpoints.wallet.get, {}, { session })));

/** One track of the account earning `revenueMicro` in May 2024 (no licence, so the standard plan's share). */
const track = (accountId: string, revenueMicro: bigint) => ({
  day: '2024-05-14',
  trackId: randomUUID(),
  albumId: randomUUID(),
  accountId,
  streams: 1_000,
  revenueMicro,
});

describe('GET /v1/wallet', () => {
  it('needs a session', async () => {
    expectError(await t.app.inject(injectOf(endpoints.wallet.get, {})), 401, 'UNAUTHENTICATED');
  });

  it('answers an empty wallet before any close', async () => {
    expect(await walletOf(mara)).toEqual({
      available: 0,
      held: { splitsPendingAcceptance: 0, payoutsInFlight: 0 },
      currency: 'EUR',
      lastClosedPeriod: null,
      lifetimeEarnings: 0,
    });
  });

  it('moves by what the close credited, each account seeing only its own', async () => {
    // 100.00 and 200.00 of revenue: the owner's share in basis points is then exactly that many cents (and twice).
    const share = t.config.plans.terms.STANDARD.share;
    const [periodId] = (await withTransaction(t.db, (tx) =>
      fileRevenueLines(tx, [track(maraAccount, 100_000_000n), track(otherAccount, 200_000_000n)]),
    )) as [string];
    const periods = createClosingPeriods({ db: t.db, jobs: t.jobs, config: t.config });
    expect(await periods.closeNow(periodId)).toBe('CLOSED');

    const detail = expectShape(
      adminPeriodDetailSchema,
      await t.app.inject(injectOf(endpoints.periods.get, { params: { id: periodId } }, { session: admin })),
    );
    const lastClosedPeriod = { id: periodId, month: '2024-05' };
    const maraWallet = await walletOf(mara);
    const otherWallet = await walletOf(other);
    expect(maraWallet).toMatchObject({ available: share, lifetimeEarnings: share, lastClosedPeriod });
    expect(otherWallet).toMatchObject({
      available: 2 * share,
      lifetimeEarnings: 2 * share,
      lastClosedPeriod,
    });
    // The two wallets are everything the period's statement credited.
    expect(maraWallet.available + otherWallet.available).toBe(detail.statement!.credited);
  });

  it('keeps lifetime earnings when money leaves the wallet', async () => {
    const before = await walletOf(mara);
    await transfer(t.db, {
      idempotencyKey: `wallet-test-settlement-${randomUUID()}`,
      debit: walletKey(maraAccount),
      credit: PLATFORM_ACCOUNTS.settlements,
      amount: 150,
      kind: 'TAKEDOWN_SETTLEMENT',
      refs: { albumId: randomUUID() },
    });
    const after = await walletOf(mara);
    expect(after.available).toBe(before.available - 150);
    expect(after.lifetimeEarnings).toBe(before.lifetimeEarnings);
    expect((await walletOf(other)).available).toBe(2 * t.config.plans.terms.STANDARD.share);
  });
});
