import {
  adminPeriodDetailSchema,
  adminPeriodListSchema,
  adminPeriodSchema,
  endpoints,
  type Endpoint,
  type EndpointArgs,
  periodClosePreviewSchema,
  type Session,
} from '@tunehouse/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db.js';
import { noMetrics } from '../../platform/metrics.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { walletBalance } from '../ledger/index.js';
import { closePeriod } from './close.js';
import { fileRevenueLines } from './revenue-fixtures.js';
import { createClosingPeriods } from '../../composition.js';

let t: TestApp;
let adminSession: Session;
let artistSession: Session;
let periodId: string;
const owner = { trackId: randomUUID(), albumId: randomUUID(), accountId: randomUUID() };
const api = endpoints.periods;

beforeAll(async () => {
  t = await createTestApp();
  const [admin, artist] = await Promise.all([createUser(t.db, { isAdmin: true }), createUser(t.db)]);
  [adminSession, artistSession] = await Promise.all([login(t.app, admin.email), login(t.app, artist.email)]);
  [periodId] = (await withTransaction(t.db, (tx) =>
    fileRevenueLines(tx, [
      { day: '2024-02-10', ...owner, streams: 1_000, revenueMicro: 3_210_000n },
      { day: '2024-02-11', ...owner, streams: 100, revenueMicro: 400_000n, currency: 'USD' },
      { day: '2024-02-12', streams: 10, revenueMicro: 30_000n },
    ]),
  )) as [string];
});
afterAll(() => t.close());

/** An admin's call; the headers the endpoint defines are sent as given. */
function asAdmin<E extends Endpoint>(endpoint: E, args: EndpointArgs<E>) {
  const headers = (args as { headers?: Record<string, string> }).headers ?? {};
  return t.app.inject(injectOf(endpoint, args, { session: adminSession, headers }));
}
const id = () => ({ id: periodId });
const usd = (ratePpb: number) => ({ params: { ...id(), currency: 'USD' }, body: { ratePpb } });

describe('closing a month that has not ended plus its grace days (N9)', () => {
  const thisMonth = new Date().toISOString().slice(0, 7);
  const firstOfNextMonth = (() => {
    const [year, month] = thisMonth.split('-').map(Number) as [number, number];
    return new Date(Date.UTC(year, month, 1));
  })();
  const inDays = (days: number) =>
    new Date(firstOfNextMonth.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  let current: string;
  beforeAll(async () => {
    [current] = (await withTransaction(t.db, (tx) =>
      fileRevenueLines(tx, [{ day: `${thisMonth}-01`, ...owner, streams: 500, revenueMicro: 1_500_000n }]),
    )) as [string];
  });

  it('refuses the current month with 409 PERIOD_NOT_ENDED naming the day it may close, and the preview says no', async () => {
    const period = expectShape(adminPeriodSchema, await asAdmin(api.get, { params: { id: current } }));
    expect(period.closableFrom).toBe(inDays(3));
    const refused = await asAdmin(api.close, {
      params: { id: current },
      headers: { 'idempotency-key': `early-${current}` },
    });
    expect(expectError(refused, 409, 'PERIOD_NOT_ENDED').message).toContain(`can close from ${inDays(3)}`);
    const preview = expectShape(
      periodClosePreviewSchema,
      await asAdmin(api.closePreview, { params: { id: current } }),
    );
    expect(preview.canClose).toBe(false);
    const after = expectShape(adminPeriodSchema, await asAdmin(api.get, { params: { id: current } }));
    expect(after.status).toBe('OPEN');
  });

  it('lists an ended month with the grace setting applied (PERIOD_CLOSE_GRACE_DAYS)', async () => {
    const periods = createClosingPeriods({
      db: t.db,
      jobs: t.jobs,
      config: { ...t.config, periodClose: { graceDays: 10, clockDaysAhead: 0 } },
    });
    const listed = (await periods.list()).items.find((item) => item.id === periodId)!;
    expect(listed.closableFrom).toBe('2024-03-11');
  });

  it('lets a test stack whose close clock runs ahead (PERIOD_CLOSE_CLOCK_DAYS_AHEAD) close the current month', async () => {
    const ahead = createClosingPeriods({
      db: t.db,
      jobs: t.jobs,
      config: { ...t.config, periodClose: { graceDays: 3, clockDaysAhead: 62 } },
    });
    const period = await ahead.get(current);
    expect(period.closableFrom <= new Date().toISOString().slice(0, 10)).toBe(true);
    expect((await ahead.close(current, `ahead-${current}`)).status).toBe('CLOSING');
  });
});

describe('admin periods', () => {
  it('are for admins only', async () => {
    for (const [endpoint, args] of [
      [api.list, {}],
      [api.get, { params: { id: periodId } }],
      [api.closePreview, { params: { id: periodId } }],
    ] as const) {
      const response = await t.app.inject(injectOf(endpoint, args as never, { session: artistSession }));
      expect(response.statusCode).toBe(403);
      expect((await t.app.inject(injectOf(endpoint, args as never))).statusCode).toBe(401);
    }
  });

  it('list the month with its revenue by currency and the missing rate', async () => {
    const list = expectShape(adminPeriodListSchema, await asAdmin(api.list, {}));
    const period = list.items.find((item) => item.id === periodId)!;
    expect(period).toMatchObject({
      month: '2024-02',
      status: 'OPEN',
      currency: 'EUR',
      lines: 3,
      unmatchedLines: 1,
      streams: 1_110,
      missingRates: ['USD'],
      totals: null,
    });
    expect(period.currencies).toEqual([
      { currency: 'EUR', matched: 3_210_000, unmatched: 30_000, ratePpb: null, rate: null, rateSource: null },
      { currency: 'USD', matched: 400_000, unmatched: 0, ratePpb: null, rate: null, rateSource: null },
    ]);
  });

  it('refuses to close while a rate is missing, naming the currency', async () => {
    const refused = await asAdmin(api.close, { params: id(), headers: { 'idempotency-key': 'first' } });
    expect(expectError(refused, 409, 'CONFLICT').message).toContain('USD');
    const preview = expectShape(periodClosePreviewSchema, await asAdmin(api.closePreview, { params: id() }));
    expect(preview).toMatchObject({ canClose: false, missingRates: ['USD'] });
  });

  it('validates rates and the idempotency key', async () => {
    const zero = await asAdmin(api.setRate, usd(0));
    expect(expectError(zero, 400, 'VALIDATION_FAILED').details?.[0]?.path).toEqual(['body', 'ratePpb']);
    const own = await asAdmin(api.setRate, { params: { ...id(), currency: 'EUR' }, body: { ratePpb: 1 } });
    expectError(own, 400, 'VALIDATION_FAILED');
    const noKey = await asAdmin(api.close, { params: id(), headers: {} as never });
    expect(expectError(noKey, 400, 'VALIDATION_FAILED').details?.[0]?.path).toEqual([
      'headers',
      'idempotency-key',
    ]);
    expectError(await asAdmin(api.get, { params: { id: randomUUID() } }), 404, 'NOT_FOUND');
  });

  it('previews, closes through the job, and answers the closed totals', async () => {
    expect(expectShape(adminPeriodSchema, await asAdmin(api.setRate, usd(925_000_000)))).toMatchObject({
      missingRates: [],
    });
    const preview = expectShape(periodClosePreviewSchema, await asAdmin(api.closePreview, { params: id() }));
    // 3,210,000 + 400,000 × 0.925 matched micro-units, under the standard plan without a licence.
    expect(preview).toMatchObject({ canClose: true, tracks: 1, beneficiaries: 1 });
    expect(preview.totals).toMatchObject({ revenue: 3_580_000, unmatched: 30_000 });
    expect(preview.statement.revenue).toBe(358);

    const key = { 'idempotency-key': `close-${periodId}` };
    const started = await asAdmin(api.close, { params: id(), headers: key });
    expect(started.statusCode).toBe(202);
    expect(expectShape(adminPeriodSchema, started).status).toBe('CLOSING');
    expect((await asAdmin(api.close, { params: id(), headers: key })).statusCode).toBe(202);
    const other = await asAdmin(api.close, { params: id(), headers: { 'idempotency-key': 'other' } });
    expectError(other, 409, 'CONFLICT');

    // The job, as main.ts works it: its handler, handed to the queue by work(), is run here once; the run is timed
    // for the operator's metrics (docs/decisions/0085-metrics-and-operator-view.md).
    let closeJob: ((data: { periodId: string }) => Promise<void>) | undefined;
    const timed: Array<{ seconds: number; outcome: string }> = [];
    const periods = createClosingPeriods({
      db: t.db,
      jobs: {
        enqueue: t.jobs.enqueue,
        work: async <Data extends object>(_queue: string, handler: (data: Data) => Promise<void>) => {
          closeJob = handler as unknown as typeof closeJob;
        },
      },
      config: t.config,
      metrics: { ...noMetrics, periodCloseTook: (seconds, outcome) => timed.push({ seconds, outcome }) },
    });
    await periods.work();
    await closeJob!({ periodId });
    expect(timed).toEqual([{ seconds: expect.any(Number), outcome: 'closed' }]);
    expect(timed[0]!.seconds).toBeGreaterThan(0);
    expect(await closePeriod(t.db, periodId, periods.deps)).toBe('SKIPPED');
    const detail = expectShape(adminPeriodDetailSchema, await asAdmin(api.get, { params: id() }));
    expect(detail.status).toBe('CLOSED');
    // What the lines held is kept with the closed period, as it was listed while open.
    expect(detail).toMatchObject({ lines: 3, unmatchedLines: 1, streams: 1_110, missingRates: [] });
    expect(detail.currencies).toEqual([
      { currency: 'EUR', matched: 3_210_000, unmatched: 30_000, ratePpb: null, rate: null, rateSource: null },
      {
        currency: 'USD',
        matched: 400_000,
        unmatched: 0,
        ratePpb: 925_000_000,
        rate: '0.925',
        rateSource: 'hand',
      },
    ]);
    const totals = detail.totals!;
    expect(totals.feeCollected + totals.commission + totals.credited + totals.held).toBe(totals.revenue);
    expect(totals).toEqual(preview.totals);
    expect(detail.statement).toEqual(preview.statement);
    expect(await walletBalance(t.db, owner.accountId)).toBe(detail.statement!.credited);
    expectError(await asAdmin(api.setRate, usd(1)), 409, 'CONFLICT');
  });
});
