import {
  endpoints,
  type Session,
  STATEMENT_BUCKETS,
  type StatementBucket,
  walletMutationPageSchema,
  walletStatementSchema,
} from '@tunehouse/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { fileRevenueLines, type RevenueLineFixture } from '../periods/index.js';
import { createClosingPeriods } from '../../composition.js';

let t: TestApp;
let mara: Session;
let other: Session;
let idle: Session;
let closedId: string;
let openId: string;
const [albumA, albumB, otherAlbum] = [randomUUID(), randomUUID(), randomUUID()];
const [track1, track2, track3, otherTrack] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];

beforeAll(async () => {
  t = await createTestApp();
  const users = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
  [mara, other, idle] = (await Promise.all(users.map((user) => login(t.app, user.email)))) as [
    Session,
    Session,
    Session,
  ];
  const [maraAccount, otherAccount] = users.map((user) => user.account.id) as [string, string];
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
      line(track1, albumA, maraAccount, 'SPOTIFY', 1_001, 3_333_337),
      line(track1, albumA, maraAccount, 'APPLE_MUSIC', 17, 1_234_567),
      line(track2, albumA, maraAccount, 'SPOTIFY', 333, 777_777),
      line(track3, albumB, maraAccount, 'APPLE_MUSIC', 12, 5_555_551),
      line(otherTrack, otherAlbum, otherAccount, 'SPOTIFY', 50, 9_999_999),
    ]),
  )) as [string];
  [openId] = (await withTransaction(t.db, (tx) =>
    fileRevenueLines(
      tx,
      [line(track1, albumA, maraAccount, 'SPOTIFY', 5, 1_000)].map((l) => ({ ...l, day: '2024-04-02' })),
    ),
  )) as [string];
  const periods = createClosingPeriods({ db: t.db, jobs: t.jobs, config: t.config });
  expect(await periods.closeNow(closedId)).toBe('CLOSED');
});
afterAll(() => t.close());

const statementOf = async (session: Session, bucket: StatementBucket, id = closedId) =>
  expectShape(
    walletStatementSchema,
    await t.app.inject(
      injectOf(endpoints.wallet.statement, { params: { id }, query: { bucket } }, { session }),
    ),
  );

const sumOf = (
  rows: { [field: string]: unknown }[],
  field: 'streams' | 'revenue' | 'feeCollected' | 'commission' | 'credited',
) => rows.reduce((sum, row) => sum + (row[field] as number), 0);

describe('GET /v1/wallet/periods/:id', () => {
  it('needs a session', async () => {
    expectError(
      await t.app.inject(injectOf(endpoints.wallet.statement, { params: { id: closedId }, query: {} })),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('answers 404 for a period that is open or does not exist', async () => {
    for (const id of [openId, randomUUID()])
      expectError(
        await t.app.inject(
          injectOf(endpoints.wallet.statement, { params: { id }, query: {} }, { session: mara }),
        ),
        404,
        'NOT_FOUND',
      );
  });

  it('has rows summing exactly to the same totals in every bucket, credited as the ledger moved it', async () => {
    const mutations = expectShape(
      walletMutationPageSchema,
      await t.app.inject(
        injectOf(endpoints.wallet.mutations, { query: { type: 'ROYALTIES' } }, { session: mara }),
      ),
    );
    const ledgerCredited = mutations.items.reduce((sum, item) => sum + item.amount, 0);
    const statements = await Promise.all(STATEMENT_BUCKETS.map((bucket) => statementOf(mara, bucket)));
    for (const statement of statements) {
      for (const field of ['streams', 'revenue', 'feeCollected', 'commission', 'credited'] as const)
        expect(sumOf(statement.rows, field)).toBe(statement.totals[field]);
      expect(statement.totals).toEqual(statements[0]!.totals);
      expect(statement).toMatchObject({ period: { id: closedId, month: '2024-03' }, currency: 'EUR' });
    }
    expect(statements[0]!.totals).toMatchObject({
      streams: 1_001 + 17 + 333 + 12,
      revenue: 3_333_337 + 1_234_567 + 777_777 + 5_555_551,
      credited: ledgerCredited,
    });
    expect(ledgerCredited).toBeGreaterThan(0);
  });

  it('groups by the bucket asked for', async () => {
    const keys = async (bucket: StatementBucket) =>
      (await statementOf(mara, bucket)).rows.map((row) => row.key).sort();
    expect(await keys('platform')).toEqual(['APPLE_MUSIC', 'SPOTIFY']);
    expect(await keys('territory')).toEqual(['DE']);
    expect(await keys('track')).toEqual([track1, track2, track3].sort());
    expect(await keys('release')).toEqual([albumA, albumB].sort());
    const byTrack = await statementOf(mara, 'track');
    expect(byTrack.rows.find((row) => row.key === track3)).toMatchObject({ streams: 12, revenue: 5_555_551 });
    // These tracks were never created in the catalogue: their rows are still named.
    expect(new Set(byTrack.rows.map((row) => row.label))).toEqual(new Set(['Unknown track']));
  });

  it('shows another account only its own tracks, and an account without revenue an empty statement', async () => {
    const theirs = await statementOf(other, 'track');
    expect(theirs.rows.map((row) => row.key)).toEqual([otherTrack]);
    expect(theirs.totals).toMatchObject({ streams: 50, revenue: 9_999_999 });
    expect(await statementOf(idle, 'platform')).toMatchObject({
      rows: [],
      totals: { streams: 0, revenue: 0, feeCollected: 0, commission: 0, credited: 0 },
    });
  });
});
