import { endpoints, type Session, walletStatementSchema } from '@tunehouse/contracts';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClosingPeriods } from '../../composition.js';
import { withTransaction } from '../../platform/db.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectShape, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { fileRevenueLines } from '../periods/index.js';
import { currencyRows } from './statement-currencies.js';
import { renderStatementPdf } from './statement-pdf.js';
import { statementCsv } from './statement-csv.js';
import { textOfPdf } from '../../testing/pdf-text.js';

let t: TestApp;
let mara: Session;
let periodId: string;
const [album, track1, track2] = [randomUUID(), randomUUID(), randomUUID()];

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db);
  mara = await login(t.app, user.email);
  const accountId = user.account.id;
  const line = (trackId: string, currency: string, revenueMicro: bigint) => ({
    day: '2024-03-09',
    trackId,
    albumId: album,
    accountId,
    streams: revenueMicro > 0n ? 10 : 0,
    revenueMicro,
    currency,
  });
  [periodId] = (await withTransaction(t.db, (tx) =>
    fileRevenueLines(tx, [
      line(track1, 'JPY', 1_234_567_000_000n),
      line(track2, 'JPY', 333_000_000n),
      line(track1, 'USD', 10_000_001n),
      line(track2, 'USD', -2_500_000n),
      line(track1, 'BHD', 1_234_000n),
      line(track2, 'EUR', 3_210_000n),
    ]),
  )) as [string];
  // Rates as a table loads them (12 significant digits) and as typed by hand.
  await t.db.query(
    `INSERT INTO period_exchange_rates (period_id, currency, rate, rate_ppb, source) VALUES
       ($1, 'JPY', 0.0061394891945, 6139489, 'table 2024-03-29'),
       ($1, 'USD', 0.935016362786, 935016363, 'table 2024-03-29'),
       ($1, 'BHD', 2.4, 2400000000, 'hand')`,
    [periodId],
  );
  const periods = createClosingPeriods({ db: t.db, jobs: t.jobs, config: t.config });
  expect(await periods.closeNow(periodId)).toBe('CLOSED');
});
afterAll(() => t.close());

describe('a statement’s currency rows', () => {
  it('show each report currency, its rate and its revenue, summing to the statement’s revenue', async () => {
    const statement = expectShape(
      walletStatementSchema,
      await t.app.inject(
        injectOf(endpoints.wallet.statement, { params: { id: periodId }, query: {} }, { session: mara }),
      ),
    );
    // What the close converted per track: ¥1,234,567 → 7,579,610,756 and ¥333 → 2,044,450 micro-units (½ up);
    // $10.000001 → 9,350,165 less the $2.50 correction → 2,337,541; BHD 1.234 × 2.4 = 2.9616; €3.21 as it is.
    expect(statement.currencies).toEqual([
      { currency: 'BHD', sourceRevenue: 1_234_000, rate: '2.4', revenue: 2_961_600 },
      { currency: 'EUR', sourceRevenue: 3_210_000, rate: null, revenue: 3_210_000 },
      { currency: 'JPY', sourceRevenue: 1_234_900_000_000, rate: '0.0061394891945', revenue: 7_581_655_206 },
      { currency: 'USD', sourceRevenue: 7_500_001, rate: '0.935016362786', revenue: 7_012_624 },
    ]);
    expect(statement.currencies.reduce((sum, row) => sum + row.revenue, 0)).toBe(statement.totals.revenue);
    const pdf = textOfPdf(await renderStatementPdf(statement, { accountName: 'Mara' }));
    for (const text of ['Revenue by report currency', '1,234,900.000000', '0.0061394891945', '7,581.655206'])
      expect(pdf).toContain(text);

    // The CSV: one line per report currency after the totals, with its own amount and rate in two more columns;
    // those lines' revenue cells sum to the Total's revenue.
    const lines = statementCsv(statement)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    const [header, ...body] = lines as [string[], ...string[][]];
    expect(header.slice(-2)).toEqual(['Revenue in report currency', 'Rate to EUR']);
    const revenueAt = header.indexOf('Revenue (EUR)');
    const byCurrency = body.filter((line) => line[0]!.startsWith('Revenue in '));
    expect(byCurrency.map((line) => [line[0], line.at(-2), line.at(-1), line[revenueAt]])).toEqual([
      ['Revenue in BHD', '1.234000', '2.4', '2.961600'],
      ['Revenue in EUR', '3.210000', '1', '3.210000'],
      ['Revenue in JPY', '1234900.000000', '0.0061394891945', '7581.655206'],
      ['Revenue in USD', '7.500001', '0.935016362786', '7.012624'],
    ]);
    const total = body.find((line) => line[0] === 'Total')!;
    const micro = (text: string) => BigInt(text.replace('.', ''));
    expect(byCurrency.reduce((sum, line) => sum + micro(line[revenueAt]!), 0n)).toBe(
      micro(total[revenueAt]!),
    );
    // The statement's own rows leave the two columns empty.
    expect(
      body.filter((line) => !line[0]!.startsWith('Revenue in ')).every((line) => line.at(-1) === ''),
    ).toBe(true);
  });
});

describe('currencyRows', () => {
  it('converting with each rate and summing the rows gives the close’s revenue exactly', () => {
    const group = fc.record({
      currency: fc.constantFrom('JPY', 'USD', 'BHD', 'KRW', 'EUR'),
      correction: fc.boolean(),
      source: fc.bigInt({ min: 0n, max: 10n ** 12n }),
      rate: fc
        .tuple(fc.bigInt({ min: 1n, max: 10n ** 12n - 1n }), fc.integer({ min: 9, max: 18 }))
        .map(([digits, scale]) => ({ digits, scale })),
    });
    fc.assert(
      fc.property(fc.array(group, { minLength: 1, maxLength: 12 }), (drawn) => {
        // One rate per currency, as a period has; each group is one track's lines in that currency.
        const rateOf = new Map(drawn.map((item) => [item.currency, item.rate]));
        const scaled = (item: (typeof drawn)[number]) => {
          const rate = rateOf.get(item.currency)!;
          const sign = item.correction ? -1n : 1n;
          return { sign, numerator: item.source * rate.digits, denominator: 10n ** BigInt(rate.scale) };
        };
        // What the close books per group: half up by magnitude.
        const booked = drawn.map((item) => {
          const { sign, numerator, denominator } = scaled(item);
          return sign * ((2n * numerator + denominator) / (2n * denominator));
        });
        const revenue = booked.reduce((sum, amount) => sum + amount, 0n);
        const corrections = booked.reduce(
          (sum, amount, index) => sum + (drawn[index]!.correction ? amount : 0n),
          0n,
        );
        const groups = drawn.map((item) => {
          const { sign, numerator, denominator } = scaled(item);
          return {
            currency: item.currency,
            correction: item.correction,
            sourceMicro: sign * item.source,
            rate: 'r',
            weight: (sign * numerator * 10n ** 18n) / denominator,
          };
        });
        const rows = currencyRows(groups, revenue, corrections);
        expect(rows.reduce((sum, row) => sum + BigInt(row.revenue), 0n)).toBe(revenue);
        for (const row of rows) {
          const exact = booked.reduce(
            (sum, amount, index) => sum + (drawn[index]!.currency === row.currency ? amount : 0n),
            0n,
          );
          const off = BigInt(row.revenue) - exact;
          expect((off < 0n ? -off : off) <= BigInt(drawn.length)).toBe(true);
        }
      }),
    );
  });
});
