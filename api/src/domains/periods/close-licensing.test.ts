import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db.js';
import { createUser } from '../../testing/fixtures.js';
import { testConfig } from '../../testing/test-app.js';
import { testDatabasePool } from '../../testing/test-database.js';
import { PLATFORM_ACCOUNTS, balanceOf, walletBalance } from '../ledger/index.js';
import { licenceOnPublish } from '../licensing/index.js';
import { type CloseDeps, closePeriod } from './close.js';
import { ownerTakesAll } from './ports.js';
import { closePortsOfTunehouse } from '../../composition.js';
import { fileRevenueLines } from './revenue-fixtures.js';

const db = testDatabasePool();

describe('closing with the licensing domain', () => {
  it('collects the distribution fee from the royalties first, then credits the rest to the owner', async () => {
    const config = testConfig();
    const fee = config.plans.terms.STANDARD.distributionFee!;
    const owner = await createUser(db);
    const accountId = owner.account.id;
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO albums (account_id, title, release_date, status, review_status)
       VALUES ($1, 'Paid with streams', '2025-01-10', 'PUBLISHED', 'LIVE') RETURNING id`,
      [accountId],
    );
    const albumId = rows[0]!.id;
    await licenceOnPublish(db, config.plans, {
      accountId,
      albumId,
      releaseDate: '2025-01-10',
      chosen: 'STANDARD',
      now: new Date('2025-01-01T10:00:00Z'),
    });
    const streams = fee.numberOfStreams * 2;
    const revenueMicro = 40_000_000n;
    const [periodId] = await withTransaction(db, (tx) =>
      fileRevenueLines(tx, [
        { day: '2025-03-15', trackId: randomUUID(), albumId, accountId, streams, revenueMicro },
      ]),
    );
    const deps: CloseDeps = {
      licensing: closePortsOfTunehouse.licensing,
      splits: ownerTakesAll,
      defaultShare: config.plans.terms.STANDARD.share,
      platformCurrency: 'EUR',
    };
    expect(await closePeriod(db, periodId!, deps, { allowOpen: true })).toBe('CLOSED');

    // Half the streams pay the whole fee: half the royalties go to fee collection, the rest to the wallet.
    const collected = await db.query<{ streams: string; micro: string }>(
      `SELECT SUM(streams)::text AS streams, SUM(royalty_collected_micro)::text AS micro FROM stream_collections
       WHERE period_id = $1`,
      [periodId],
    );
    expect(collected.rows[0]).toEqual({ streams: String(fee.numberOfStreams), micro: '20000000' });
    const period = await db.query<{ fee: string; credited: string }>(
      'SELECT fee_collected_micro::text AS fee, credited_micro::text AS credited FROM periods WHERE id = $1',
      [periodId],
    );
    expect(period.rows[0]).toEqual({ fee: '20000000', credited: '20000000' });
    expect(await walletBalance(db, accountId)).toBe(2_000);
    expect(await balanceOf(db, PLATFORM_ACCOUNTS.feeCollection)).toBe(2_000);
  });
});
