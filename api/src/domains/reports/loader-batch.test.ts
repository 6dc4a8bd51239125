import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { createTestDatabase } from '../../testing/test-app.js';
import { createInMemoryCatalogue } from './catalogue.js';
import { type FileOutcome, loadReportFiles } from './loader.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let dir: string;

const account = randomUUID();
const track = { trackId: randomUUID(), albumId: randomUUID(), accountId: account };
const other = { trackId: randomUUID(), albumId: randomUUID(), accountId: account };
const catalogue = createInMemoryCatalogue([
  { ...track, isrc: 'SEABC2400001' },
  { ...other, isrc: 'SEABC2400002' },
]);
const HEADER = 'date,platform,territory,isrc,upc,streams,sub30,playlist_id,playlist_title\n';

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-batch-'));
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function writeFile(name: string, lines: string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, HEADER + lines.join('\n') + '\n');
  return file;
}

async function number(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: string }>(sql, params);
  return Number(rows[0]?.n ?? 0);
}

function loaded(outcome: FileOutcome | undefined) {
  if (!outcome || 'error' in outcome) throw new Error(`not loaded: ${JSON.stringify(outcome)}`);
  return outcome.result;
}

describe('several report files in one load', () => {
  it('merges the good files at once, refuses a broken one alone and counts the same content once', async () => {
    const monday = writeFile('monday.csv', [
      '2024-06-03,SPOTIFY,SE,SEABC2400001,,100,10,,',
      '2024-06-03,SPOTIFY,NO,XXABC2400077,,9,1,,', // unknown ISRC: kept for the admins, under this file
    ]);
    const mondayAgain = writeFile('monday-copy.csv', [
      '2024-06-03,SPOTIFY,SE,SEABC2400001,,100,10,,',
      '2024-06-03,SPOTIFY,NO,XXABC2400077,,9,1,,',
    ]);
    const broken = writeFile('broken.csv', ['2024-06-04,SPOTIFY,SE,SEABC2400001,,ten,0,,']);
    const tuesday = writeFile('tuesday.csv', [
      '2024-06-04,SPOTIFY,SE,SEABC2400001,,50,5,,',
      '2024-06-04,DEEZER,FR,SEABC2400002,,7,0,,',
      '2024-06-04,SPOTIFY,SE,SEABC2400001,,20,0,pl9,Morning Mix',
    ]);
    const outcomes = await loadReportFiles(db, [monday, mondayAgain, broken, tuesday], { catalogue });

    expect(outcomes.map((outcome) => outcome.path)).toEqual([monday, mondayAgain, broken, tuesday]);
    const first = loaded(outcomes[0]);
    expect(first).toMatchObject({ status: 'LOADED', rows: 2, matched: 1, unmatched: 1, streams: 100 });
    expect(loaded(outcomes[1])).toMatchObject({ status: 'DUPLICATE', duplicateOf: { id: first.fileId } });
    const refused = outcomes[2]!;
    expect('error' in refused && refused.error.message).toMatch(/broken\.csv:2: streams "ten"/);
    const last = loaded(outcomes[3]);
    expect(last).toMatchObject({ status: 'LOADED', rows: 3, matched: 3, streams: 57 });

    // Only the two good files are rows, each with its own counts; nothing of the broken one is kept.
    const files = await db.query<{ name: string; status: string; rows: number; streams: string }>(
      'SELECT name, status, rows, streams FROM report_files ORDER BY name',
    );
    expect(files.rows).toEqual([
      { name: 'monday.csv', status: 'LOADED', rows: 2, streams: '100' },
      { name: 'tuesday.csv', status: 'LOADED', rows: 3, streams: '57' },
    ]);
    expect(await number('SELECT coalesce(sum(streams), 0) AS n FROM stream_facts')).toBe(157);
    expect(
      await number(`SELECT count(*) AS n FROM unmatched_report_lines WHERE file_id = $1`, [first.fileId]),
    ).toBe(1);
    expect(await number('SELECT count(*) AS n FROM unmatched_report_lines')).toBe(1);
    // Revenue lines name the file each came from.
    const revenue = await db.query<{ report_file_id: string; streams: string }>(
      'SELECT report_file_id, sum(streams)::text AS streams FROM revenue_lines GROUP BY 1 ORDER BY 2',
    );
    expect(revenue.rows).toEqual(
      expect.arrayContaining([
        { report_file_id: first.fileId, streams: '109' },
        { report_file_id: last.fileId, streams: '57' },
      ]),
    );
    expect(await number('SELECT coalesce(sum(streams), 0) AS n FROM playlist_facts')).toBe(20);

    // The rollups hold the same sums as the days: the week's two days were added in one upsert.
    for (const [table, bucket, column] of [
      ['stream_facts_weekly', `date_trunc('week', day)::date`, 'week'],
      ['stream_facts_monthly', `date_trunc('month', day)::date`, 'month'],
    ] as const) {
      const mismatches = await number(`SELECT count(*) AS n FROM (
          SELECT ${bucket} AS bucket, track_id, platform, territory, sum(streams) AS streams, sum(sub30) AS sub30
            FROM stream_facts GROUP BY 1, 2, 3, 4
        ) d FULL JOIN ${table} r
          ON r.${column} = d.bucket AND r.track_id = d.track_id AND r.platform = d.platform AND r.territory = d.territory
        WHERE r.streams IS DISTINCT FROM d.streams OR r.sub30 IS DISTINCT FROM d.sub30`);
      expect(mismatches, table).toBe(0);
    }
    for (const [table, bucket, column] of [
      ['stream_facts_track_weekly', `date_trunc('week', day)::date`, 'week'],
      ['stream_facts_track_monthly', `date_trunc('month', day)::date`, 'month'],
    ] as const) {
      const mismatches = await number(`SELECT count(*) AS n FROM (
          SELECT ${bucket} AS bucket, account_id, track_id, album_id, sum(streams) AS streams, sum(sub30) AS sub30
            FROM stream_facts GROUP BY 1, 2, 3, 4
        ) d FULL JOIN ${table} r
          ON r.${column} = d.bucket AND r.account_id = d.account_id AND r.track_id = d.track_id
         AND r.album_id = d.album_id
        WHERE r.streams IS DISTINCT FROM d.streams OR r.sub30 IS DISTINCT FROM d.sub30`);
      expect(mismatches, table).toBe(0);
      expect(await number(`SELECT count(*) AS n FROM ${table}`), table).toBe(2);
    }
    expect(
      await number(
        `SELECT streams AS n FROM stream_facts_account_weekly WHERE account_id = $1 AND platform = 'SPOTIFY'`,
        [account],
      ),
    ).toBe(150);

    // The broken file, mended, loads on its own later; the others are duplicates now.
    fs.writeFileSync(broken, HEADER + '2024-06-05,SPOTIFY,SE,SEABC2400001,,10,0,,\n');
    const again = await loadReportFiles(db, [monday, broken, tuesday], { catalogue });
    expect(again.map((outcome) => loaded(outcome).status)).toEqual(['DUPLICATE', 'LOADED', 'DUPLICATE']);
    expect(await number('SELECT coalesce(sum(streams), 0) AS n FROM stream_facts')).toBe(167);
  });
});
