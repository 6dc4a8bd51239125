import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { hashPassword } from '../../platform/passwords.js';
import { insertUser } from '../../domains/users/index.js';
import { createTestDatabase } from '../../testing/test-app.js';
import { buildLabelFacts, ensureLabel, type Label, type LabelBenchOptions } from './trends.js';
import { bulkBuildLabelFacts, TREND_TABLES } from './trends-bulk.js';

// A small label (releases spread over ten weeks across three months, so weeks straddle months and playlist adds
// happen) built through the loader in one database and by the bulk build in another.
const OPTIONS: LabelBenchOptions = { tracks: 14, days: 70, seed: 20240301, scale: 1, to: '2024-03-20' };
const quiet = () => undefined;

type Built = { db: Db; label: Label; drop: () => Promise<void> };
let loader: Built;
let bulk: Built;

async function labelIn(): Promise<Built> {
  const database = await createTestDatabase();
  const label = await ensureLabel(database.db, OPTIONS, { hashPassword, insertUser });
  return { db: database.db, label, drop: database.drop };
}

beforeAll(async () => {
  [loader, bulk] = await Promise.all([labelIn(), labelIn()]);
  await buildLabelFacts(loader.db, loader.label, {
    seed: OPTIONS.seed,
    scale: 1,
    chunkTracks: 5,
    log: quiet,
  });
  // Other chunks than the loader's: a track's facts depend on nothing else.
  await bulkBuildLabelFacts(bulk.db, bulk.label, {
    seed: OPTIONS.seed,
    scale: 1,
    chunkTracks: 4,
    log: quiet,
  });
}, 120_000);
afterAll(async () => {
  await Promise.all([loader?.drop(), bulk?.drop()]);
});

/**
 * Every row of a trends table, all columns in order. The account id differs between the two databases (the label
 * user is created in each): each row's is checked to be the label's and left out; a playlist is named by its
 * platform and external id (its uuid is made in each database).
 */
async function rowsOf({ db, label }: Built, table: string): Promise<unknown[][]> {
  const { rows: columns } = await db.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  const names = columns.map((c) => c.name).filter((name) => name !== 'account_id');
  const select = names.map((name) =>
    name === 'playlist_id'
      ? `(SELECT p.platform || ':' || p.external_id FROM playlists p WHERE p.id = t.playlist_id)`
      : `t.${name}::text`,
  );
  const { rows: accounts } = await db.query<{ account_id: string }>(
    `SELECT DISTINCT account_id::text FROM ${table}`,
  );
  expect(accounts.map((row) => row.account_id)).toEqual([label.accountId]);
  const { rows } = await db.query({
    text: `SELECT ${select.join(', ')} FROM ${table} t ORDER BY ${select.map((_, i) => i + 1).join(', ')}`,
    rowMode: 'array',
  });
  return rows as unknown[][];
}

describe('the bulk build of the benchmark label', () => {
  it.each(TREND_TABLES)('writes %s row for row as the loader does', async (table) => {
    const [expected, actual] = await Promise.all([rowsOf(loader, table), rowsOf(bulk, table)]);
    expect(expected.length).toBeGreaterThan(0);
    expect(actual.length).toBe(expected.length);
    expect(actual).toEqual(expected);
  });

  it('names the same playlists with the same details', async () => {
    const sql = `SELECT platform, external_id, title, author, followers, url, image_url
                   FROM playlists ORDER BY platform, external_id`;
    const [expected, actual] = await Promise.all([loader.db.query(sql), bulk.db.query(sql)]);
    expect(expected.rows.length).toBeGreaterThan(0);
    expect(actual.rows).toEqual(expected.rows);
  });

  it('builds once: a second run finds every chunk built and writes nothing', async () => {
    const before = await bulk.db.query('SELECT count(*)::int AS n FROM stream_facts');
    const again = await bulkBuildLabelFacts(bulk.db, bulk.label, {
      seed: OPTIONS.seed,
      scale: 1,
      chunkTracks: 4,
      log: quiet,
    });
    expect(again.loadedChunks).toBe(0);
    expect((await bulk.db.query('SELECT count(*)::int AS n FROM stream_facts')).rows).toEqual(before.rows);
  });
});
