import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { createTestDatabase } from '../../testing/test-app.js';
import { balanceOf, walletKey } from '../ledger/index.js';
import { type CloseDeps, closePeriod, noLicensing, ownerTakesAll } from '../periods/index.js';
import { type CatalogueEntry, createInMemoryCatalogue } from './catalogue.js';
import { loadReportFile } from './loader.js';

/** docs/decisions/0079-restated-months.md */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let dir: string;

const account = randomUUID();
const track: CatalogueEntry = { trackId: randomUUID(), albumId: randomUUID(), accountId: account };
const catalogue = createInMemoryCatalogue([{ ...track, isrc: 'SERST2600001' }]);
const deps: CloseDeps = {
  licensing: noLicensing(10_000),
  splits: ownerTakesAll,
  defaultShare: 10_000,
  platformCurrency: 'EUR',
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-restated-'));
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** An October 2026 report of Spotify: Sweden and Germany for the track, and one line nothing matches. */
function october(name: string, se: [number, string], de: [number, string]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(
    file,
    [
      'date,platform,territory,isrc,streams,revenue',
      `2026-10,SPOTIFY,SE,SERST2600001,${se[0]},${se[1]}`,
      `2026-10,SPOTIFY,DE,SERST2600001,${de[0]},${de[1]}`,
      '2026-10,SPOTIFY,SE,SERST2699999,7,0.5',
    ].join('\n'),
  );
  return file;
}

const periodOf = async (month: string) =>
  (await db.query<{ id: string }>('SELECT id FROM periods WHERE month = $1', [month])).rows[0]!.id;

/** Everything a closed period is: its lines, its row, its allocations and its transfers. */
async function snapshot(periodId: string): Promise<unknown[]> {
  const queries = [
    'SELECT * FROM revenue_lines WHERE period_id = $1 ORDER BY id',
    'SELECT * FROM periods WHERE id = $1',
    'SELECT * FROM period_allocations WHERE period_id = $1 ORDER BY track_id, kind, beneficiary_key',
    'SELECT * FROM ledger_transfers WHERE period_id = $1 ORDER BY id',
  ];
  return Promise.all(queries.map(async (sql) => (await db.query(sql, [periodId])).rows));
}

type Line = {
  territory: string | null;
  streams: string;
  revenue: string;
  correction: boolean;
  restates: string;
};
async function adjustments(periodId: string): Promise<Line[]> {
  const { rows } = await db.query<Line>(
    `SELECT l.territory, l.streams::text, l.revenue_micro::text AS revenue, l.correction,
            to_char(p.month, 'YYYY-MM') AS restates
       FROM revenue_lines l JOIN periods p ON p.id = l.restates_period_id
       JOIN report_files f ON f.id = l.report_file_id
      WHERE l.period_id = $1 ORDER BY f.created_at, l.correction, l.territory`,
    [periodId],
  );
  return rows;
}

const octoberStreams = async () =>
  Number(
    (
      await db.query<{ n: string }>(
        `SELECT coalesce(sum(streams), 0)::text AS n FROM stream_facts
          WHERE day >= '2026-10-01' AND day < '2026-11-01'`,
      )
    ).rows[0]!.n,
  );

describe('a restated month', () => {
  it('loads only the difference into the open month, once, and leaves the closed month as it was', async () => {
    const first = await loadReportFile(db, october('spotify-2026-10.csv', [1_000, '10'], [500, '5']), {
      catalogue,
    });
    expect(first.status).toBe('LOADED');
    const oct = await periodOf('2026-10-01');
    expect(await closePeriod(db, oct, deps, { allowOpen: true })).toBe('CLOSED');
    expect(await balanceOf(db, walletKey(account))).toBe(1_500);
    const closed = await snapshot(oct);
    expect(await octoberStreams()).toBe(1_500);

    // Spotify restates October: Sweden +€2, Germany −€1, the unmatched line unchanged.
    const restated = october('spotify-2026-10-restated.csv', [1_000, '12'], [500, '4']);
    const second = await loadReportFile(db, restated, { catalogue });
    expect(second.status).toBe('LOADED');
    const nov = await periodOf('2026-11-01');
    expect(await adjustments(nov)).toEqual([
      { territory: 'SE', streams: '0', revenue: '2000000', correction: false, restates: '2026-10' },
      { territory: 'DE', streams: '0', revenue: '-1000000', correction: true, restates: '2026-10' },
    ]);
    const { rows: files } = await db.query<{ months: string[] }>(
      `SELECT array(SELECT to_char(m, 'YYYY-MM') FROM unnest(restated_months) m) AS months
         FROM report_files WHERE id = ANY($1::uuid[]) ORDER BY created_at`,
      [[first.fileId, second.fileId]],
    );
    expect(files.map((file) => file.months)).toEqual([[], ['2026-10']]);

    // The same file again is recognised: nothing is booked.
    const again = await loadReportFile(db, restated, { catalogue, name: 'copy.csv' });
    expect(again).toMatchObject({ status: 'DUPLICATE', duplicateOf: { id: second.fileId } });
    expect(await adjustments(nov)).toHaveLength(2);

    // A second, different restatement books only its new difference: Sweden 100 more streams and €0.50.
    await loadReportFile(db, october('spotify-2026-10-third.csv', [1_100, '12.5'], [500, '4']), {
      catalogue,
    });
    expect((await adjustments(nov)).slice(2)).toEqual([
      { territory: 'SE', streams: '100', revenue: '500000', correction: false, restates: '2026-10' },
    ]);
    // Trends keep the plays first reported: a restated month is never counted twice.
    expect(await octoberStreams()).toBe(1_500);

    expect(await closePeriod(db, nov, deps, { allowOpen: true })).toBe('CLOSED');
    // The wallet now holds the last restatement's €16.50: €15 in October, +€2.50 and −€1 in November.
    expect(await balanceOf(db, walletKey(account))).toBe(1_650);
    const { rows: transfers } = await db.query<{ kind: string; amount: string }>(
      'SELECT kind, amount::text FROM ledger_transfers WHERE period_id = $1 ORDER BY kind',
      [nov],
    );
    expect(transfers).toEqual([
      { kind: 'CLOSE_CORRECTION', amount: '100' },
      { kind: 'CLOSE_CREDIT', amount: '250' },
    ]);
    const { rows: allocations } = await db.query<{ amount: string; restates: string }>(
      `SELECT a.amount_micro::text AS amount, to_char(p.month, 'YYYY-MM') AS restates
         FROM period_allocations a LEFT JOIN periods p ON p.id = a.restates_period_id
        WHERE a.period_id = $1 ORDER BY a.amount_micro`,
      [nov],
    );
    expect(allocations).toEqual([
      { amount: '-1000000', restates: '2026-10' },
      { amount: '2500000', restates: '2026-10' },
    ]);
    // October never changed.
    expect(await snapshot(oct)).toEqual(closed);
  });
});
