import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { createUser } from '../../testing/fixtures.js';
import { createTestDatabase } from '../../testing/test-app.js';
import { createInMemoryCatalogue, createSqlCatalogue } from './catalogue.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.drop());

async function album(accountId: string, barcode: string | null, deleted = false): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO albums (account_id, barcode, deleted_at) VALUES ($1, $2, $3) RETURNING id`,
    [accountId, barcode, deleted ? new Date() : null],
  );
  return rows[0]!.id;
}
async function track(
  albumId: string,
  accountId: string,
  position: number,
  isrc: string | null,
  deleted = false,
) {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO tracks (album_id, account_id, position, isrc, deleted_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [albumId, accountId, position, isrc, deleted ? new Date() : null],
  );
  return rows[0]!.id;
}

describe('the catalogue lookup over the releases tables', () => {
  it('resolves ISRCs (live track first) and the UPCs of one-track releases (UPC-A and EAN-13 alike)', async () => {
    const { account } = await createUser(db);
    const ep = await album(account.id, '0602445790012');
    const one = await track(ep, account.id, 1, 'SEABC2400001');
    await track(ep, account.id, 2, 'SEABC2400002');
    const single = await album(account.id, '123456789012');
    const only = await track(single, account.id, 1, 'SEABC2400003');
    // A deleted track with the ISRC a live one now has.
    const old = await album(account.id, null, true);
    await track(old, account.id, 1, 'SEABC2400001', true);

    const lookup = createSqlCatalogue(db);
    const found = await lookup.resolve(
      ['SEABC2400001', 'SEABC2400003', 'QZZZZ9900000'],
      ['602445790012', '123456789012'],
    );
    expect(Object.fromEntries(found.byIsrc)).toEqual({
      SEABC2400001: { trackId: one, albumId: ep, accountId: account.id },
      SEABC2400003: { trackId: only, albumId: single, accountId: account.id },
    });
    // The EP has two tracks: its UPC alone cannot say which one streamed.
    expect(Object.fromEntries(found.byUpc)).toEqual({
      '123456789012': { trackId: only, albumId: single, accountId: account.id },
    });
    const none = await lookup.resolve([], []);
    expect(none.byIsrc.size + none.byUpc.size).toBe(0);
  });

  it('has an in-memory twin for tests and tools', async () => {
    const entry = { trackId: 't', albumId: 'a', accountId: 'c' };
    const lookup = createInMemoryCatalogue([
      { ...entry, isrc: 'SEABC2400001', upc: '602445790012' },
      { ...entry, trackId: 't2', isrc: 'SEABC2400002', upc: '602445790012' },
      { ...entry, trackId: 't3', isrc: 'SEABC2400003', upc: '123456789012' },
    ]);
    const found = await lookup.resolve(['SEABC2400001', 'NOPE'], ['602445790012', '123456789012']);
    expect([...found.byIsrc.keys()]).toEqual(['SEABC2400001']);
    expect([...found.byUpc.entries()]).toEqual([['123456789012', { ...entry, trackId: 't3' }]]);
  });
});
