import { endpoints, type Session, walletEarningsSchema, walletStatementSchema } from '@tunehouse/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { fileRevenueLines } from '../periods/index.js';
import { createClosingPeriods } from '../../composition.js';

let t: TestApp;
let mara: Session;
let idle: Session;
/** The closed periods, oldest first: January 2023 to January 2024 (13 months). */
const closed: { id: string; month: string }[] = [];
const track = randomUUID();
const album = randomUUID();

beforeAll(async () => {
  t = await createTestApp();
  const [maraUser, idleUser] = await Promise.all([createUser(t.db), createUser(t.db)]);
  [mara, idle] = await Promise.all([login(t.app, maraUser.email), login(t.app, idleUser.email)]);
  const periods = createClosingPeriods({ db: t.db, jobs: t.jobs, config: t.config });
  for (let index = 0; index < 14; index += 1) {
    const month = `${2023 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
    // Every month earns, except March 2023; the 14th month (February 2024) stays open.
    // June 2023 also carries a correction larger than its usage: that month credits less than nothing.
    const correction =
      index === 5
        ? [
            {
              day: `${month}-20`,
              trackId: track,
              albumId: album,
              accountId: maraUser.account.id,
              streams: 0,
              revenueMicro: -50_000_000,
            },
          ]
        : [];
    const [id] = (await withTransaction(t.db, (tx) =>
      fileRevenueLines(tx, [
        ...correction,
        index === 2
          ? { day: `${month}-05`, streams: 7, revenueMicro: 1_000 }
          : {
              day: `${month}-05`,
              trackId: track,
              albumId: album,
              accountId: maraUser.account.id,
              streams: 100 + index,
              revenueMicro: 1_000_000 * (index + 1) + 7,
            },
      ]),
    )) as [string];
    if (index < 13) {
      expect(await periods.closeNow(id)).toBe('CLOSED');
      closed.push({ id, month });
    }
  }
});
afterAll(() => t.close());

const earningsOf = async (session: Session) =>
  expectShape(walletEarningsSchema, await t.app.inject(injectOf(endpoints.wallet.earnings, {}, { session })));

describe('GET /v1/wallet/earnings', () => {
  it('needs a session', async () => {
    expectError(await t.app.inject(injectOf(endpoints.wallet.earnings, {})), 401, 'UNAUTHENTICATED');
  });

  it('lists the last 12 closed months oldest first, each with its statement’s credited and streams', async () => {
    const earnings = await earningsOf(mara);
    expect(earnings.currency).toBe('EUR');
    expect(earnings.months.map((month) => month.period)).toEqual(closed.slice(1));
    for (const month of earnings.months) {
      const statement = expectShape(
        walletStatementSchema,
        await t.app.inject(
          injectOf(
            endpoints.wallet.statement,
            { params: { id: month.period.id }, query: {} },
            { session: mara },
          ),
        ),
      );
      expect(month).toMatchObject({ credited: statement.totals.credited, streams: statement.totals.streams });
    }
    // A correction counts in its month, as on the statement: June 2023 is below zero.
    expect(earnings.months.find((month) => month.period.month === '2023-06')!.credited).toBeLessThan(0);
    const march = earnings.months.find((month) => month.period.month === '2023-03');
    expect(march).toMatchObject({ credited: 0, streams: 0 });
    const january = earnings.months.at(-1)!;
    expect(january).toMatchObject({ streams: 112 });
    expect(january.credited).toBeGreaterThan(0);
  });

  it('gives an account that never earned every closed month at zero', async () => {
    const earnings = await earningsOf(idle);
    expect(earnings.months).toHaveLength(12);
    expect(earnings.months.every((month) => month.credited === 0 && month.streams === 0)).toBe(true);
  });
});
