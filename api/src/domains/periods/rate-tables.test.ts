import {
  adminPeriodDetailSchema,
  endpoints,
  type Endpoint,
  type EndpointArgs,
  rateTablePlanSchema,
  type Session,
} from '@tunehouse/contracts';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClosingPeriods } from '../../composition.js';
import { withTransaction } from '../../platform/db.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { closePeriod } from './close.js';
import { fileRevenueLines } from './revenue-fixtures.js';

/** The project's own sample tables (made-up rates in the ECB's shapes). */
const sample = (name: string) =>
  readFileSync(new URL(`./rate-table-samples/${name}`, import.meta.url), 'utf8');
const hist = sample('eurofxref-hist.csv');

let t: TestApp;
let adminSession: Session;
let artistSession: Session;
let september: string;
let october: string;
let november: string;
const owner = { trackId: randomUUID(), albumId: randomUUID(), accountId: randomUUID() };
const api = endpoints.periods;

const asAdmin = <E extends Endpoint>(endpoint: E, args: EndpointArgs<E>) =>
  t.app.inject(injectOf(endpoint, args, { session: adminSession }));
const detail = async (id: string) =>
  expectShape(adminPeriodDetailSchema, await asAdmin(api.get, { params: { id } }));
const closing = () => createClosingPeriods({ db: t.db, jobs: t.jobs, config: t.config });

beforeAll(async () => {
  t = await createTestApp();
  const [admin, artist] = await Promise.all([createUser(t.db, { isAdmin: true }), createUser(t.db)]);
  [adminSession, artistSession] = await Promise.all([login(t.app, admin.email), login(t.app, artist.email)]);
  // September 2026 closes with a hand-entered USD rate before the table arrives.
  [september] = (await withTransaction(t.db, (tx) =>
    fileRevenueLines(tx, [
      { day: '2026-09-10', ...owner, streams: 10, revenueMicro: 1_000_000n, currency: 'USD' },
    ]),
  )) as [string];
  expect(
    (
      await asAdmin(api.setRate, {
        params: { id: september, currency: 'USD' },
        body: { ratePpb: 900_000_000 },
      })
    ).statusCode,
  ).toBe(200);
  expect(await closePeriod(t.db, september, closing().deps, { allowOpen: true })).toBe('CLOSED');
  // October: yen (no minor unit), dollars, kronor (the sample table lacks SEK), dinars (three decimals), euros.
  [october] = (await withTransaction(t.db, (tx) =>
    fileRevenueLines(tx, [
      { day: '2026-10-03', ...owner, streams: 500, revenueMicro: 1_234_567_000_000n, currency: 'JPY' },
      { day: '2026-10-04', ...owner, streams: 50, revenueMicro: 10_000_000n, currency: 'USD' },
      { day: '2026-10-05', ...owner, streams: 20, revenueMicro: 5_000_000n, currency: 'SEK' },
      { day: '2026-10-06', ...owner, streams: 5, revenueMicro: 1_234_000n, currency: 'BHD' },
      { day: '2026-10-07', ...owner, streams: 30, revenueMicro: 3_210_000n },
    ]),
  )) as [string];
  [november] = (await withTransaction(t.db, (tx) =>
    fileRevenueLines(tx, [
      { day: '2026-11-05', ...owner, streams: 7, revenueMicro: 700_000n, currency: 'GBP' },
    ]),
  )) as [string];
});
afterAll(() => t.close());

describe('loading a reference-rate table', () => {
  it('previews the rates of each open period without writing them', async () => {
    const plan = expectShape(
      rateTablePlanSchema,
      await asAdmin(api.previewRateTable, { body: { csv: hist } }),
    );
    expect(plan.base).toBe('EUR');
    expect(plan.days[0]).toBe('2026-11-02');
    expect(plan.periods.map((period) => [period.month, period.date, period.missing])).toEqual([
      ['2026-10', '2026-10-30', ['BHD', 'SEK']],
      ['2026-11', '2026-11-02', []],
    ]);
    expect(plan.periods[0]!.rates).toEqual([
      { currency: 'JPY', rate: '0.0061394891945', ratePpb: 6_139_489, previousRate: null },
      { currency: 'USD', rate: '0.935016362786', ratePpb: 935_016_363, previousRate: null },
    ]);
    expect((await detail(october)).missingRates).toEqual(['BHD', 'JPY', 'SEK', 'USD']);
  });

  it('sets open periods only: the closed one keeps its rate; a currency the table lacks stays unset', async () => {
    const applied = await asAdmin(api.applyRateTable, { body: { csv: hist } });
    expect(applied.statusCode).toBe(200);
    const oct = await detail(october);
    expect(oct.missingRates).toEqual(['BHD', 'SEK']);
    expect(oct.currencies.find((entry) => entry.currency === 'JPY')).toMatchObject({
      rate: '0.0061394891945',
      ratePpb: 6_139_489,
      rateSource: 'table 2026-10-30',
    });
    expect((await detail(november)).currencies).toMatchObject([
      { currency: 'GBP', rate: '1.19030614674', rateSource: 'table 2026-11-02' },
    ]);
    expect((await detail(september)).currencies).toMatchObject([
      { currency: 'USD', rate: '0.9', ratePpb: 900_000_000, rateSource: 'hand' },
    ]);
    // The close stays refused while a currency of the period has no rate.
    await expect(closePeriod(t.db, october, closing().deps, { allowOpen: true })).rejects.toThrow(
      /needs an exchange rate for BHD, SEK/,
    );
    const { rows } = await t.db.query<{ action: string }>(
      `SELECT action FROM admin_audit_events WHERE route = '/v1/admin/rate-tables'`,
    );
    expect(rows.map((row) => row.action)).toEqual([
      'Set the open periods’ exchange rates from a reference-rate table (ECB CSV)',
    ]);
  });

  it('converts yen and dinars exactly at the close, with a hand rate beside the table’s', async () => {
    for (const [currency, ratePpb] of [
      ['SEK', 87_000_000],
      ['BHD', 2_400_000_000],
    ] as const)
      expect(
        (await asAdmin(api.setRate, { params: { id: october, currency }, body: { ratePpb } })).statusCode,
      ).toBe(200);
    expect(await closePeriod(t.db, october, closing().deps, { allowOpen: true })).toBe('CLOSED');
    // ¥1,234,567 × 0.0061394891945 = €7,579.6107563862815 → 7,579,610,756 micro-units; $10 × 0.935016362786 →
    // 9,350,164; SEK 5 × 0.087 → 435,000; BHD 1.234 × 2.4 → 2,961,600; €3.21 → 3,210,000.
    expect((await detail(october)).totals!.revenue).toBe(7_595_567_520);
  });

  it('takes the chosen day, and refuses a day the table lacks', async () => {
    const plan = expectShape(
      rateTablePlanSchema,
      await asAdmin(api.previewRateTable, { body: { csv: hist, date: '2026-09-30' } }),
    );
    expect(plan.periods.map((period) => period.date)).toEqual(['2026-09-30']);
    const missing = await asAdmin(api.previewRateTable, { body: { csv: hist, date: '2026-10-01' } });
    expect(expectError(missing, 400, 'VALIDATION_FAILED').details?.[0]?.path).toEqual(['body', 'date']);
  });

  it('refuses an unreadable table naming its line and column, and writes nothing', async () => {
    const bad = 'Date,USD,GBP,\n2026-11-02,1.0712,0.84o12,\n';
    const refused = expectError(
      await asAdmin(api.applyRateTable, { body: { csv: bad } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(refused.message).toContain('line 2, column 3: GBP "0.84o12" is not a positive decimal rate');
    expect(refused.details?.[0]?.path).toEqual(['body', 'csv']);
    expect((await detail(november)).currencies[0]!.rateSource).toBe('table 2026-11-02');
  });

  it('is for admins only, and refuses a table over the size limit', async () => {
    const artist = await t.app.inject(
      injectOf(api.previewRateTable, { body: { csv: hist } }, { session: artistSession }),
    );
    expect(artist.statusCode).toBe(403);
    const huge = `Date,USD,\n${'2026-11-02,1.07,\n'.repeat(400_000)}`;
    expect((await asAdmin(api.previewRateTable, { body: { csv: huge } })).statusCode).toBe(413);
  });
});
