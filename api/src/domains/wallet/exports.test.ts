import {
  endpoints,
  type Session,
  STATEMENT_BUCKETS,
  type StatementBucket,
  WALLET_MUTATION_TYPE_NAMES,
  type WalletMutationFilter,
  type WalletStatement,
  walletMutationPageSchema,
  walletStatementSchema,
} from '@tunehouse/contracts';
import { parse } from 'csv-parse/sync';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { bearer, createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { textOfPdf } from '../../testing/pdf-text.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { PLATFORM_ACCOUNTS, transfer, walletKey } from '../ledger/index.js';
import { fileRevenueLines, type RevenueLineFixture } from '../periods/index.js';
import { insertAlbum, insertTrack, updateAlbumFields } from '../releases/index.js';
import { createClosingPeriods } from '../../composition.js';

let t: TestApp;
let mara: Session;
let other: Session;
let closedId: string;
let openId: string;
let albumA: string;
let albumB: string;
let otherAlbum: string;
let tidewater: string;
let formula: string;
let roxy: string;
let otherTrack: string;

/** A title a spreadsheet would run as a formula, and one with a comma and quotes. */
const FORMULA_TITLE = '=HYPERLINK("http://evil.test","click")';
const ROXY_TITLE = 'Live, at "The Roxy"';

beforeAll(async () => {
  t = await createTestApp();
  const [maraUser, otherUser] = await Promise.all([
    createUser(t.db, { firstName: 'Mara', lastName: 'Lindqvist' }),
    createUser(t.db),
  ]);
  [mara, other] = await Promise.all([login(t.app, maraUser.email), login(t.app, otherUser.email)]);
  const [maraAccount, otherAccount] = [maraUser.account.id, otherUser.account.id];
  await withTransaction(t.db, async (tx) => {
    albumA = await insertAlbum(tx, maraAccount);
    await updateAlbumFields(tx, albumA, { title: 'Harbour Lights', version: 'Deluxe' });
    albumB = await insertAlbum(tx, maraAccount);
    await updateAlbumFields(tx, albumB, { title: FORMULA_TITLE });
    otherAlbum = await insertAlbum(tx, otherAccount);
    await updateAlbumFields(tx, otherAlbum, { title: 'Not Mara’s' });
    tidewater = await insertTrack(tx, maraAccount, albumA, 1, { title: 'Tidewater', version: 'Radio edit' });
    roxy = await insertTrack(tx, maraAccount, albumA, 2, { title: ROXY_TITLE });
    formula = await insertTrack(tx, maraAccount, albumB, 1, { title: FORMULA_TITLE });
    otherTrack = await insertTrack(tx, otherAccount, otherAlbum, 1, { title: 'Elsewhere' });
  });
  const line = (
    trackId: string,
    albumId: string,
    accountId: string,
    platform: string,
    streams: number,
    revenueMicro: number,
  ): RevenueLineFixture => ({
    day: '2024-03-09',
    trackId,
    albumId,
    accountId,
    platform,
    streams,
    revenueMicro,
  });
  // Odd micro-unit amounts, so every split has remainders to place.
  [closedId] = (await withTransaction(t.db, (tx) =>
    fileRevenueLines(tx, [
      line(tidewater, albumA, maraAccount, 'SPOTIFY', 1_001, 3_333_337),
      line(tidewater, albumA, maraAccount, 'APPLE_MUSIC', 17, 1_234_567),
      line(roxy, albumA, maraAccount, 'SPOTIFY', 333, 777_777),
      line(formula, albumB, maraAccount, 'APPLE_MUSIC', 12, 5_555_551),
      line(otherTrack, otherAlbum, otherAccount, 'SPOTIFY', 50, 9_999_999),
    ]),
  )) as [string];
  [openId] = (await withTransaction(t.db, (tx) =>
    fileRevenueLines(tx, [
      { ...line(tidewater, albumA, maraAccount, 'SPOTIFY', 5, 1_000), day: '2024-04-02' },
    ]),
  )) as [string];
  const periods = createClosingPeriods({ db: t.db, jobs: t.jobs, config: t.config });
  expect(await periods.closeNow(closedId)).toBe('CLOSED');
  // A takedown settlement that names the release whose title is a formula.
  await transfer(t.db, {
    idempotencyKey: `exports-test-settlement-${randomUUID()}`,
    debit: walletKey(maraAccount),
    credit: PLATFORM_ACCOUNTS.settlements,
    amount: 150,
    kind: 'TAKEDOWN_SETTLEMENT',
    refs: { albumId: albumB },
  });
});
afterAll(() => t.close());

/** The CSV's lines as cells, the header first; the byte order mark is checked and dropped. */
function csvOf(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return parse(body, { bom: true });
}

/** A decimal the export wrote ("-1.50", "3.333337") back as the integer of its smallest unit. */
const integerOf = (decimal: string, places: number) => {
  expect(decimal).toMatch(new RegExp(`^-?\\d+\\.\\d{${places}}$`));
  return Number(decimal.replace('.', ''));
};

const statementOf = async (session: Session, bucket: StatementBucket, id = closedId) =>
  expectShape(
    walletStatementSchema,
    await t.app.inject(
      injectOf(endpoints.wallet.statement, { params: { id }, query: { bucket } }, { session }),
    ),
  );

const exportOf = (session: Session | undefined, id: string, bucket: StatementBucket, format: 'csv' | 'pdf') =>
  t.app.inject(
    injectOf(
      endpoints.wallet.statementExport,
      { params: { id }, query: { bucket, format } },
      session ? { session } : {},
    ),
  );

describe('statement rows name what they count', () => {
  it('by track: the title with its version, and the release; by release, platform and territory: their names', async () => {
    const byTrack = await statementOf(mara, 'track');
    const track = (id: string) => byTrack.rows.find((row) => row.key === id);
    expect(track(tidewater)).toMatchObject({
      label: 'Tidewater (Radio edit)',
      releaseTitle: 'Harbour Lights (Deluxe)',
    });
    expect(track(roxy)).toMatchObject({ label: ROXY_TITLE, releaseTitle: 'Harbour Lights (Deluxe)' });
    const labels = async (bucket: StatementBucket) =>
      Object.fromEntries((await statementOf(mara, bucket)).rows.map((row) => [row.key, row.label]));
    expect(await labels('release')).toEqual({ [albumA]: 'Harbour Lights (Deluxe)', [albumB]: FORMULA_TITLE });
    expect(await labels('platform')).toEqual({ SPOTIFY: 'Spotify', APPLE_MUSIC: 'Apple Music' });
    expect(await labels('territory')).toEqual({ DE: 'Germany' });
    for (const bucket of ['release', 'platform', 'territory'] as const)
      expect((await statementOf(mara, bucket)).rows.every((row) => row.releaseTitle === null)).toBe(true);
  });
});

describe('GET /v1/wallet/periods/{id}/export', () => {
  it('needs a session, a closed period and a known format', async () => {
    expectError(await exportOf(undefined, closedId, 'track', 'csv'), 401, 'UNAUTHENTICATED');
    for (const id of [openId, randomUUID()])
      expectError(await exportOf(mara, id, 'track', 'pdf'), 404, 'NOT_FOUND');
    const response = await t.app.inject({
      url: `/v1/wallet/periods/${closedId}/export?format=xlsx`,
      headers: bearer(mara),
    });
    expectError(response, 400, 'VALIDATION_FAILED');
  });

  it('answers CSV with the rows and totals of the JSON in every bucket, to the micro-unit', async () => {
    for (const bucket of STATEMENT_BUCKETS) {
      const json = await statementOf(mara, bucket);
      const response = await exportOf(mara, closedId, bucket, 'csv');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="statement-2024-03-by-${bucket}.csv"`,
      );
      expect(response.headers['cache-control']).toBe('private, no-store');
      const [header, ...lines] = csvOf(response.body);
      const names = bucket === 'track' ? 3 : 2;
      expect(header!.slice(names)).toEqual([
        'Streams',
        'Revenue (EUR)',
        'Fee collected (EUR)',
        'Commission (EUR)',
        'Split to others (EUR)',
        'Split income (EUR)',
        'Credited (EUR)',
      ]);
      const amountsOf = (cells: string[]) => {
        const [streams, revenue, fee, commission, splitOut, splitIn, credited] = cells.slice(names);
        return {
          streams: Number(streams),
          revenue: integerOf(revenue!, 6),
          feeCollected: integerOf(fee!, 6),
          commission: integerOf(commission!, 6),
          splitOut: integerOf(splitOut!, 6),
          splitIn: integerOf(splitIn!, 6),
          credited: integerOf(credited!, 2),
        };
      };
      const total = lines.at(-1)!;
      expect(total[0]).toBe('Total');
      expect(amountsOf(total)).toEqual(json.totals);
      const rows = lines.slice(0, -1);
      expect(rows.map((cells) => ({ key: cells[names - 1], ...amountsOf(cells) }))).toEqual(
        json.rows.map(({ key, streams, revenue, feeCollected, commission, splitOut, splitIn, credited }) => ({
          key,
          streams,
          revenue,
          feeCollected,
          splitOut,
          splitIn,
          commission,
          credited,
        })),
      );
      // What a spreadsheet would add up is the total, field by field.
      for (const field of ['streams', 'revenue', 'feeCollected', 'commission', 'credited'] as const)
        expect(rows.reduce((sum, cells) => sum + amountsOf(cells)[field], 0)).toBe(json.totals[field]);
      expect(rows.map((cells) => cells[0])).toEqual(
        json.rows.map((row) => (row.label.startsWith('=') ? `'${row.label}` : row.label)),
      );
    }
  });

  it('names the track and its release in the CSV, escaped and kept from running as a formula', async () => {
    const [header, ...lines] = csvOf((await exportOf(mara, closedId, 'track', 'csv')).body);
    expect(header!.slice(0, 3)).toEqual(['Track', 'Release', 'Track ID']);
    const line = (id: string) => lines.find((cells) => cells[2] === id);
    expect(line(roxy)!.slice(0, 2)).toEqual([ROXY_TITLE, 'Harbour Lights (Deluxe)']);
    expect(line(formula)!.slice(0, 2)).toEqual([`'${FORMULA_TITLE}`, `'${FORMULA_TITLE}`]);
  });

  it('answers a PDF statement: the account, the month, the currency, the rows and totals equal to their sum', async () => {
    const json: WalletStatement = await statementOf(mara, 'platform');
    const response = await exportOf(mara, closedId, 'platform', 'pdf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="statement-2024-03-by-platform.pdf"',
    );
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = textOfPdf(response.rawPayload);
    expect(text).toContain('Statement March 2024');
    expect(text).toContain('Account: Mara Lindqvist');
    expect(text).toContain('Currency: EUR');
    expect(text).toContain('Spotify');
    expect(text).toContain('Apple Music');
    // The Total line's figures are the sums of the rows' (10,901,232 micro-units of revenue in all).
    const { totals } = json;
    expect(totals.revenue).toBe(3_333_337 + 1_234_567 + 777_777 + 5_555_551);
    const lines = text.split('\n');
    const totalAt = lines.lastIndexOf('Total');
    const microToDecimal = (micro: number) =>
      `${Math.floor(micro / 1e6)}.${String(micro % 1e6).padStart(6, '0')}`;
    expect(lines.slice(totalAt + 1, totalAt + 8)).toEqual([
      (1_001 + 17 + 333 + 12).toLocaleString('en-GB'),
      '10.901232',
      microToDecimal(totals.feeCollected),
      microToDecimal(totals.commission),
      microToDecimal(totals.splitOut),
      microToDecimal(totals.splitIn),
      `${Math.floor(totals.credited / 100)}.${String(totals.credited % 100).padStart(2, '0')}`,
    ]);
    expect(totals.credited).toBe(json.rows.reduce((sum, row) => sum + row.credited, 0));
  });

  it('gives another account only its own rows', async () => {
    const [, ...lines] = csvOf((await exportOf(other, closedId, 'track', 'csv')).body);
    expect(lines.map((cells) => cells.slice(0, 3))).toEqual([
      ['Elsewhere', 'Not Mara’s', otherTrack],
      ['Total', '', ''],
    ]);
    const text = textOfPdf((await exportOf(other, closedId, 'release', 'pdf')).rawPayload);
    expect(text).toContain('Not Mara’s'.replace('’', '\u0092'));
    expect(text).not.toContain('Harbour Lights');
  });
});

describe('GET /v2/wallet/mutations/export', () => {
  const exportCsv = (session: Session | undefined, query: WalletMutationFilter = {}) =>
    t.app.inject(injectOf(endpoints.wallet.mutationsExport, { query }, session ? { session } : {}));

  it('needs a session and refuses a range that runs backwards', async () => {
    expectError(await exportCsv(undefined), 401, 'UNAUTHENTICATED');
    expectError(await exportCsv(mara, { from: '2024-05-02', to: '2024-05-01' }), 400, 'VALIDATION_FAILED');
  });

  it('holds every mutation the JSON lists, with the same filters, amounts as decimals', async () => {
    const json = expectShape(
      walletMutationPageSchema,
      await t.app.inject(injectOf(endpoints.wallet.mutations, { query: { size: 100 } }, { session: mara })),
    );
    expect(json.items.length).toBeGreaterThan(2);
    const response = await exportCsv(mara);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="wallet-mutations.csv"');
    const [header, ...lines] = csvOf(response.body);
    expect(header).toEqual([
      'Date',
      'Type',
      'Amount (EUR)',
      'Balance after (EUR)',
      'Period month',
      'Release',
      'Split',
    ]);
    expect(
      lines.map(([date, type, amount, balanceAfter, periodMonth, , split]) => ({
        date,
        type,
        amount: integerOf(amount!, 2),
        balanceAfter: integerOf(balanceAfter!, 2),
        periodMonth: periodMonth || null,
        splitId: split || null,
      })),
    ).toEqual(
      json.items.map((item) => ({
        date: item.date,
        type: WALLET_MUTATION_TYPE_NAMES[item.type],
        amount: item.amount,
        balanceAfter: item.balanceAfter,
        periodMonth: item.periodMonth,
        splitId: item.splitId,
      })),
    );
    // The settlement is a negative number, and its release's formula title is kept as text.
    expect(lines[0]!.slice(1, 3)).toEqual(['Takedown settlement', '-1.50']);
    expect(lines[0]![5]).toBe(`'${FORMULA_TITLE}`);
    expect(
      lines.find((cells) => cells[1] === 'Royalties' && cells[5] === 'Harbour Lights (Deluxe)'),
    ).toBeTruthy();
  });

  it('filters by type and days like the list, and names the file after them', async () => {
    const response = await exportCsv(mara, { type: 'ROYALTIES', from: '2000-01-01', to: '2999-12-31' });
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="wallet-mutations-royalties-from-2000-01-01-to-2999-12-31.csv"',
    );
    const [, ...lines] = csvOf(response.body);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((cells) => cells[1] === 'Royalties' && cells[4] === '2024-03')).toBe(true);
    expect(csvOf((await exportCsv(mara, { from: '2000-01-01', to: '2000-01-31' })).body)).toHaveLength(1);
  });

  it('gives another account only its own mutations', async () => {
    const [, ...lines] = csvOf((await exportCsv(other)).body);
    expect(lines.map((cells) => [cells[1], cells[5]])).toEqual([['Royalties', 'Not Mara’s']]);
  });
});
