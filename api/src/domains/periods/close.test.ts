import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db.js';
import { testDatabasePool } from '../../testing/test-database.js';
import { PLATFORM_ACCOUNTS, balanceOf, walletBalance } from '../ledger/index.js';
import { type CloseDeps, closePeriod, previewClose, startClose } from './close.js';
import { noLicensing, ownerTakesAll, type SplitsPort } from './ports.js';
import { fileRevenueLines } from './revenue-fixtures.js';
import { periodForUsage } from './usage-period.js';

const db = testDatabasePool();
const enqueued: unknown[] = [];
const jobs = { enqueue: async (_queue: string, data: object) => void enqueued.push(data) };

/** 85 % to the owner, a fee of a tenth of the revenue on every track. */
const deps: CloseDeps = {
  licensing: {
    licenceForAlbum: async () => ({ share: 8_500 }),
    collectFeeFromRoyalties: async (_q, { streams, revenueMicro }) => ({
      streamsCollected: Math.floor(streams / 10),
      royaltyCollectedMicro: Number(revenueMicro / 10n),
    }),
  },
  splits: ownerTakesAll,
  defaultShare: 10_000,
  platformCurrency: 'EUR',
};

const track = (accountId = randomUUID()) => ({ trackId: randomUUID(), albumId: randomUUID(), accountId });
const file = (lines: Parameters<typeof fileRevenueLines>[1]) =>
  withTransaction(db, (tx) => fileRevenueLines(tx, lines));
const periodRow = async (id: string) =>
  (await db.query('SELECT * FROM periods WHERE id = $1', [id])).rows[0] as Record<string, unknown>;

describe('periodForUsage', () => {
  it('files usage into its month, and into the next open month once that month is closing or closed', async () => {
    const january = await withTransaction(db, (tx) => periodForUsage(tx, '2021-01-15'));
    expect(await withTransaction(db, (tx) => periodForUsage(tx, '2021-01-31'))).toBe(january);
    await db.query(`UPDATE periods SET status = 'CLOSING' WHERE id = $1`, [january]);
    const february = await withTransaction(db, (tx) => periodForUsage(tx, '2021-01-20'));
    expect(february).not.toBe(january);
    expect((await periodRow(february))['month']).toEqual(new Date('2021-02-01T00:00:00Z'));
    await db.query(`UPDATE periods SET status = 'CLOSING' WHERE id = $1`, [february]);
    const march = await withTransaction(db, (tx) => periodForUsage(tx, new Date('2021-01-02T10:00:00Z')));
    expect((await periodRow(march))['month']).toEqual(new Date('2021-03-01T00:00:00Z'));
  });

  it('crosses the year end', async () => {
    const december = await withTransaction(db, (tx) => periodForUsage(tx, '2019-12-31'));
    await db.query(`UPDATE periods SET status = 'CLOSING' WHERE id = $1`, [december]);
    const next = await withTransaction(db, (tx) => periodForUsage(tx, '2019-12-01'));
    expect((await periodRow(next))['month']).toEqual(new Date('2020-01-01T00:00:00Z'));
  });
});

describe('a close starting while a report is loading', () => {
  it('waits for the load to commit, so its lines are in the period the close allocates', async () => {
    const owner = track();
    // The month exists already (an earlier report); this load files more lines into it.
    await withTransaction(db, (tx) => periodForUsage(tx, '2023-06-01'));
    const loading = await db.connect();
    try {
      await loading.query('BEGIN');
      const [periodId] = await fileRevenueLines(loading, [
        { day: '2023-06-10', ...owner, streams: 5, revenueMicro: 70_000n },
      ]);
      const id = periodId!;
      let started = false;
      const closing = startClose(db, jobs, id, 'while-loading', 'EUR').then(() => {
        started = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(started).toBe(false);
      await loading.query('COMMIT');
      await closing;
      expect(await closePeriod(db, id, deps)).toBe('CLOSED');
      expect((await periodRow(id))['revenue_micro']).toBe('70000');
    } finally {
      loading.release();
    }
  });
});

describe('closing a period', () => {
  it('allocates fee, commission and owner shares, credits the wallets and keeps every sum exact', async () => {
    const mara = track();
    const other = track();
    const [periodId] = await file([
      { day: '2022-03-03', ...mara, streams: 1000, revenueMicro: 3_333_337n },
      { day: '2022-03-04', ...mara, streams: 10, revenueMicro: 41_111n, currency: 'USD' },
      { day: '2022-03-05', ...other, streams: 7, revenueMicro: 20_001n },
      { day: '2022-03-06', streams: 5, revenueMicro: 15_000n },
    ]);
    const id = periodId!;
    await expect(startClose(db, jobs, id, 'k1', 'EUR')).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('USD'),
    });
    await db.query(
      `INSERT INTO period_exchange_rates (period_id, currency, rate_ppb) VALUES ($1, 'USD', 900000000)`,
      [id],
    );
    const preview = await previewClose(db, id, deps);
    expect(preview.missingRates).toEqual([]);
    await startClose(db, jobs, id, 'k1', 'EUR');
    expect(enqueued).toContainEqual({ periodId: id });
    // Nothing entered the period once it was closing: a late line goes to April.
    const [late] = await file([{ day: '2022-03-30', ...mara, streams: 1, revenueMicro: 1n }]);
    expect(late).not.toBe(id);

    const receivables = await balanceOf(db, PLATFORM_ACCOUNTS.storeReceivables);
    expect(await closePeriod(db, id, deps)).toBe('CLOSED');
    const row = await periodRow(id);
    const micro = (name: string) => BigInt(row[`${name}_micro`] as string);
    const cents = (name: string) => BigInt(row[`${name}_cents`] as string);
    // 3,333,337 + 41,111 × 0.9 (36,999.9 → 37,000) + 20,001 micro-units of matched revenue.
    expect(micro('revenue')).toBe(3_390_338n);
    expect(micro('fee_collected') + micro('commission') + micro('credited') + micro('held')).toBe(
      micro('revenue'),
    );
    expect(micro('unmatched')).toBe(15_000n);
    expect(micro('fee_collected')).toBe(3_370_337n / 10n + 20_001n / 10n);
    expect(cents('revenue')).toBe(339n);
    expect(cents('fee_collected') + cents('commission') + cents('credited') + cents('held')).toBe(339n);
    expect(cents('unmatched')).toBe(2n);
    expect(
      BigInt(await walletBalance(db, mara.accountId)) + BigInt(await walletBalance(db, other.accountId)),
    ).toBe(cents('credited'));
    expect(await balanceOf(db, PLATFORM_ACCOUNTS.storeReceivables)).toBe(receivables - 341);
    const allocated = await db.query<{ sum: string }>(
      'SELECT SUM(amount_micro)::text AS sum FROM period_allocations WHERE period_id = $1',
      [id],
    );
    expect(BigInt(allocated.rows[0]!.sum)).toBe(micro('revenue'));

    // A second run of the job, and a replayed request, change nothing.
    expect(await closePeriod(db, id, deps)).toBe('SKIPPED');
    await startClose(db, jobs, id, 'k1', 'EUR');
    await expect(startClose(db, jobs, id, 'k2', 'EUR')).rejects.toMatchObject({ statusCode: 409 });
    expect(await balanceOf(db, PLATFORM_ACCOUNTS.storeReceivables)).toBe(receivables - 341);
  });

  it('is refused by the database once closed: no line enters or leaves it, the period never changes', async () => {
    const owner = track();
    const [periodId] = await file([{ day: '2022-05-05', ...owner, streams: 3, revenueMicro: 9_000n }]);
    const id = periodId!;
    expect(await closePeriod(db, id, deps, { allowOpen: true })).toBe('CLOSED');
    const insert = db.query(
      `INSERT INTO revenue_lines (period_id, platform, first_day, last_day, streams, revenue_micro, currency, matched)
       VALUES ($1, 'SPOTIFY', '2022-05-01', '2022-05-01', 1, 1, 'EUR', false)`,
      [id],
    );
    await expect(insert).rejects.toThrow(/not open/);
    await expect(db.query('DELETE FROM revenue_lines WHERE period_id = $1', [id])).rejects.toThrow(
      /not open/,
    );
    await expect(db.query(`UPDATE periods SET revenue_micro = 0 WHERE id = $1`, [id])).rejects.toThrow(
      /closed/,
    );
    const rate = db.query(
      `INSERT INTO period_exchange_rates (period_id, currency, rate_ppb) VALUES ($1, 'GBP', 1)`,
      [id],
    );
    await expect(rate).rejects.toThrow(/rates are fixed/);
  });

  it('leaves nothing behind when it fails half-way', async () => {
    const first = track();
    const second = track();
    const [periodId] = await file([
      { day: '2022-07-01', ...first, streams: 3, revenueMicro: 90_000n },
      { day: '2022-07-02', ...second, streams: 3, revenueMicro: 80_000n },
    ]);
    const id = periodId!;
    await startClose(db, jobs, id, 'crash', 'EUR');
    let calls = 0;
    const crashing: SplitsPort = {
      allocateOwnerShare: async (q, share) => {
        calls += 1;
        if (calls === 2) throw new Error('crash in the middle of the close');
        return ownerTakesAll.allocateOwnerShare(q, share);
      },
    };
    await expect(closePeriod(db, id, { ...deps, splits: crashing })).rejects.toThrow(/crash/);
    expect((await periodRow(id))['status']).toBe('CLOSING');
    const transfers = await db.query('SELECT 1 FROM ledger_transfers WHERE period_id = $1', [id]);
    expect(transfers.rowCount).toBe(0);
    const allocations = await db.query('SELECT 1 FROM period_allocations WHERE period_id = $1', [id]);
    expect(allocations.rowCount).toBe(0);
    // The retry starts over and closes it.
    expect(await closePeriod(db, id, deps)).toBe('CLOSED');
    expect(await walletBalance(db, first.accountId)).toBeGreaterThan(0);
  });

  it('sends held shares to held accounts and refuses a split that does not add up', async () => {
    const owner = track();
    const inviteKey = `held:${randomUUID()}`;
    const halfHeld: SplitsPort = {
      allocateOwnerShare: async (_q, share) => [
        { beneficiaryKey: `wallet:${share.ownerAccountId}`, amountMicro: share.amountMicro / 2n },
        { beneficiaryKey: inviteKey, amountMicro: share.amountMicro - share.amountMicro / 2n },
      ],
    };
    const [periodId] = await file([{ day: '2022-09-09', ...owner, streams: 10, revenueMicro: 1_000_000n }]);
    const id = periodId!;
    const lossy: SplitsPort = { allocateOwnerShare: async () => [] };
    await expect(closePeriod(db, id, { ...deps, splits: lossy }, { allowOpen: true })).rejects.toThrow(
      /allocated 0/,
    );
    expect(
      await closePeriod(
        db,
        id,
        { ...deps, splits: halfHeld, licensing: noLicensing(10_000) },
        { allowOpen: true },
      ),
    ).toBe('CLOSED');
    expect(await balanceOf(db, inviteKey)).toBe(50);
    expect(await walletBalance(db, owner.accountId)).toBe(50);
  });

  it('divides a late line by its own month: it does not pull the month’s revenue back to an older split', async () => {
    // The flaky splits journey: a report with a line of a month closed already is filed into the open month; the
    // split starting with the open month must still take its share of the open month's own revenue.
    const owner = track();
    const participant = `wallet:${randomUUID()}`;
    const splitFromMay: SplitsPort = {
      allocateOwnerShare: async (_q, share) =>
        share.firstDay >= '2022-05-01'
          ? [
              {
                beneficiaryKey: `wallet:${share.ownerAccountId}`,
                amountMicro: (share.amountMicro * 7n) / 10n,
              },
              {
                beneficiaryKey: participant,
                amountMicro: share.amountMicro - (share.amountMicro * 7n) / 10n,
              },
            ]
          : [{ beneficiaryKey: `wallet:${share.ownerAccountId}`, amountMicro: share.amountMicro }],
    };
    const [april] = await file([{ day: '2022-04-10', ...owner, streams: 1, revenueMicro: 10_000n }]);
    expect(
      await closePeriod(db, april!, { ...deps, licensing: noLicensing(10_000) }, { allowOpen: true }),
    ).toBe('CLOSED');
    const [may, late] = await file([
      { day: '2022-05-01', ...owner, streams: 100, revenueMicro: 1_000_000n },
      { day: '2022-04-30', ...owner, streams: 10, revenueMicro: 100_000n },
    ]);
    expect(late).toBe(may);
    const balanceBefore = await walletBalance(db, owner.accountId);
    expect(
      await closePeriod(
        db,
        may!,
        { ...deps, splits: splitFromMay, licensing: noLicensing(10_000) },
        { allowOpen: true },
      ),
    ).toBe('CLOSED');
    // May's 100 cents are split 70/30; April's late 10 cents stay with the owner.
    expect(await balanceOf(db, participant)).toBe(30);
    expect((await walletBalance(db, owner.accountId)) - balanceBefore).toBe(80);
    const { rows } = await db.query(
      'SELECT count(*)::int AS n FROM period_allocations WHERE period_id = $1 AND beneficiary_key = $2',
      [may, `wallet:${owner.accountId}`],
    );
    expect(rows[0].n).toBe(1);
  });
});
