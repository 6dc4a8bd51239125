import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db.js';
import { testDatabasePool } from '../../testing/test-database.js';
import {
  InsufficientFundsError,
  PLATFORM_ACCOUNTS,
  balanceOf,
  transfer,
  walletKey,
} from '../ledger/index.js';
import { type CloseDeps, closePeriod } from './close.js';
import type { SplitsPort } from './ports.js';
import { fileRevenueLines } from './revenue-fixtures.js';

/** docs/decisions/0078-corrections-and-negative-balances.md */
const db = testDatabasePool();

const owner = randomUUID();
const kofi = randomUUID();
const track = { trackId: randomUUID(), albumId: randomUUID(), accountId: owner };
/** The split in force: 60 % owner, 40 % Kofi. */
const splits: SplitsPort = {
  allocateOwnerShare: async (_q, share) => {
    const kofiPart = (share.amountMicro * 4_000n) / 10_000n;
    return [
      { beneficiaryKey: walletKey(share.ownerAccountId), amountMicro: share.amountMicro - kofiPart },
      { beneficiaryKey: walletKey(kofi), amountMicro: kofiPart },
    ];
  },
};
const deps: CloseDeps = {
  licensing: {
    licenceForAlbum: async () => ({ share: 8_000 }),
    collectFeeFromRoyalties: async (_q, { revenueMicro }) => ({
      streamsCollected: 0,
      royaltyCollectedMicro: Number(revenueMicro / 10n),
    }),
  },
  splits,
  defaultShare: 10_000,
  platformCurrency: 'EUR',
};
const close = async (day: string) => {
  const [periodId] = await withTransaction(db, (tx) =>
    fileRevenueLines(tx, [{ day, ...track, streams: 0, revenueMicro: 0 }]),
  );
  expect(await closePeriod(db, periodId!, deps, { allowOpen: true })).toBe('CLOSED');
  return periodId!;
};

describe('a correction against a split track', () => {
  it('takes back from owner and participant in the split’s proportions, below zero after a payout', async () => {
    // January: €100 of revenue. Fee €10, commission 20 % of €90 = €18, owner share €72: owner €43.20, Kofi €28.80.
    await withTransaction(db, (tx) =>
      fileRevenueLines(tx, [{ day: '2031-01-10', ...track, streams: 1_000, revenueMicro: 100_000_000n }]),
    );
    await close('2031-01-11');
    expect(await balanceOf(db, walletKey(owner))).toBe(4_320);
    expect(await balanceOf(db, walletKey(kofi))).toBe(2_880);
    // Kofi is paid out in full.
    await transfer(db, {
      idempotencyKey: randomUUID(),
      debit: walletKey(kofi),
      credit: PLATFORM_ACCOUNTS.payoutsInFlight,
      amount: 2_880,
      kind: 'PAYOUT',
    });
    // February: a €50 chargeback for January's plays and €10 of new revenue.
    await withTransaction(db, (tx) =>
      fileRevenueLines(tx, [
        { day: '2031-02-03', ...track, streams: 100, revenueMicro: 10_000_000n },
        { day: '2031-02-04', ...track, streams: 0, revenueMicro: -50_000_000n },
      ]),
    );
    const february = await close('2031-02-05');
    const { rows } = await db.query<Record<string, string>>('SELECT * FROM periods WHERE id = $1', [
      february,
    ]);
    const row = rows[0]!;
    // Revenue €10 − €50 = −€40: fee €1 (no fee on the correction), commission €1.80 − €10, credited €7.20 − €40.
    expect(row['revenue_cents']).toBe('-4000');
    expect(row['fee_collected_cents']).toBe('100');
    expect(row['commission_cents']).toBe(String(180 - 1_000));
    expect(row['credited_cents']).toBe(String(720 - 4_000));
    // Owner: 43.20 + 4.32 − 24.00; Kofi: 0 + 2.88 − 16.00, below zero.
    expect(await balanceOf(db, walletKey(owner))).toBe(4_320 + 432 - 2_400);
    expect(await balanceOf(db, walletKey(kofi))).toBe(288 - 1_600);
    const { rows: corrections } = await db.query<{ debit_key: string; amount: string }>(
      `SELECT debit_key, amount::text FROM ledger_transfers WHERE period_id = $1 AND kind = 'CLOSE_CORRECTION'
       ORDER BY amount`,
      [february],
    );
    // The commission's part is taken back from the commission account, not from the artists.
    expect(corrections).toEqual([
      { debit_key: PLATFORM_ACCOUNTS.commission, amount: '1000' },
      { debit_key: walletKey(kofi), amount: '1600' },
      { debit_key: walletKey(owner), amount: '2400' },
    ]);
    const { rows: allocations } = await db.query<{ kind: string; amount_micro: string }>(
      `SELECT kind, amount_micro::text FROM period_allocations WHERE period_id = $1 AND correction ORDER BY amount_micro::bigint`,
      [february],
    );
    expect(allocations.map((a) => a.amount_micro)).toEqual(['-24000000', '-16000000', '-10000000']);

    // No payout from a negative balance: the ledger's guard holds for every kind but the close's correction.
    await expect(
      transfer(db, {
        idempotencyKey: randomUUID(),
        debit: walletKey(kofi),
        credit: PLATFORM_ACCOUNTS.payoutsInFlight,
        amount: 1,
        kind: 'PAYOUT',
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);

    // March: €50 of revenue; Kofi's €20 share covers his debt first.
    await withTransaction(db, (tx) =>
      fileRevenueLines(tx, [{ day: '2031-03-03', ...track, streams: 10, revenueMicro: 50_000_000n }]),
    );
    await close('2031-03-04');
    expect(await balanceOf(db, walletKey(kofi))).toBe(288 - 1_600 + 1_440);
  });
});
