import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { createTestDatabase } from '../../testing/test-app.js';
import { type CatalogueEntry, createInMemoryCatalogue } from './catalogue.js';
import { loadReportFile } from './loader.js';
import { existingPartitions } from './partitions.js';
import { YOUTUBE_QUARTER_REPORT, youtubeQuarterReport } from './test-reports.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let dir: string;

const account = randomUUID();
const album = randomUUID();
const entry = (): CatalogueEntry => ({ trackId: randomUUID(), albumId: album, accountId: account });
const healing = entry();
const bitterEarth = entry();
const single = entry();
const swedish = entry();
const catalogue = createInMemoryCatalogue([
  { ...healing, isrc: 'USSM19803037' },
  { ...bitterEarth, isrc: 'USRH10903879' },
  { ...single, isrc: 'SEABC2400009', upc: '602445790012' },
  { ...swedish, isrc: 'SEABC2400001' },
]);

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-trends-'));
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function writeFile(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: string }>(sql, params);
  return Number(rows[0]?.n ?? 0);
}

const sumOf = (table: string, where = 'true') =>
  count(`SELECT coalesce(sum(streams), 0) AS n FROM ${table} WHERE ${where}`);

describe('a DDEX DSR flat file', () => {
  it('loads once: facts spread over the period, partitions made, unmatched kept; the same file again is a no-op', async () => {
    const report = writeFile(YOUTUBE_QUARTER_REPORT, youtubeQuarterReport());
    const first = await loadReportFile(db, report, { catalogue });
    expect(first).toMatchObject({
      status: 'LOADED',
      format: 'DDEX_DSR',
      rows: 6,
      matched: 5,
      unmatched: 1,
      streams: 7810 + 18 + 4 + 258 + 75,
      firstDay: '2015-10-01',
      lastDay: '2015-12-31',
    });
    expect(first.partitionsCreated.sort()).toEqual([
      'stream_facts_p2015_10',
      'stream_facts_p2015_11',
      'stream_facts_p2015_12',
    ]);
    expect([...(await existingPartitions(db, 'stream_facts'))].sort()).toEqual(
      first.partitionsCreated.sort(),
    );
    // A range query reads only its months' partitions.
    const plan = await db.query(
      `EXPLAIN SELECT sum(streams) FROM stream_facts WHERE day BETWEEN '2015-11-03' AND '2015-11-20'`,
    );
    const planText = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(planText).toContain('stream_facts_p2015_11');
    expect(planText).not.toMatch(/stream_facts_p2015_(10|12)/);

    // 7810 over 92 days: 84 a day, the first 82 days one more; all of it in Iceland on YouTube.
    const { rows } = await db.query<{ day: string; streams: number }>(
      `SELECT day::text, streams FROM stream_facts WHERE track_id = $1 ORDER BY day`,
      [healing.trackId],
    );
    expect(rows).toHaveLength(92);
    expect(rows.slice(0, 2).map((row) => row.streams)).toEqual([85, 85]);
    expect(rows.at(-1)).toEqual({ day: '2015-12-31', streams: 84 });
    expect(await sumOf('stream_facts', `track_id = '${healing.trackId}'`)).toBe(7810);
    expect(await sumOf('stream_facts', `track_id = '${bitterEarth.trackId}'`)).toBe(18 + 4 + 258 + 75);
    expect(
      await count(`SELECT count(*) AS n FROM stream_facts WHERE platform <> 'YOUTUBE' OR territory <> 'IS'`),
    ).toBe(0);

    const unmatched = await db.query(
      'SELECT line, isrc, upc, platform, streams, raw FROM unmatched_report_lines WHERE file_id = $1',
      [first.fileId],
    );
    expect(unmatched.rows).toEqual([
      {
        line: 22,
        isrc: 'USUV71101875',
        upc: null,
        platform: 'YOUTUBE',
        streams: 2045,
        raw: 'SU03.01\t2\tU1\t1\tA726198037646795\t2045\t2.0\t20151001\t20151231',
      },
    ]);

    const before = await sumOf('stream_facts');
    const again = await loadReportFile(db, report, { catalogue });
    expect(again).toMatchObject({
      status: 'DUPLICATE',
      fileId: first.fileId,
      duplicateOf: { id: first.fileId },
    });
    expect(await sumOf('stream_facts')).toBe(before);
    expect(await count('SELECT count(*) AS n FROM report_files')).toBe(1);
    expect(await count('SELECT count(*) AS n FROM unmatched_report_lines')).toBe(1);
  });
});

describe('CSV reports', () => {
  const header =
    'date,platform,territory,isrc,upc,streams,sub30,playlist_id,playlist_title,playlist_followers\n';

  it('adds a second report onto the same days, keeps rollups equal to the daily facts, and loads playlists', async () => {
    const a = writeFile(
      'a.csv',
      header +
        '2024-03-01,SPOTIFY,SE,SEABC2400001,,100,10,,,\n' +
        '2024-03-01,SPOTIFY,SE,SEABC2400001,,20,2,,,\n' + // same key in one file: summed
        '2024-02-26--2024-03-03,APPLE_MUSIC,,SEABC2400001,,70,7,,,\n' + // a week across two months
        '2024-03-01,SPOTIFY,,,0602445790012,5,0,,,\n' + // UPC of a one-track release
        '2024-03-02,SPOTIFY,NO,XXABC2400077,,9,1,,,\n' + // unknown ISRC
        '2024-03-01,SPOTIFY,SE,SEABC2400001,,40,0,pl1,Fresh Finds,1200\n',
    );
    const b = writeFile(
      'b.csv',
      header + '2024-03-01,SPOTIFY,SE,SEABC2400001,,30,3,,,\n2024-03-01,SPOTIFY,SE,SEABC2400001,,5,0,pl1,,\n',
    );
    const loadedA = await loadReportFile(db, a, { catalogue });
    expect(loadedA).toMatchObject({
      status: 'LOADED',
      format: 'CSV',
      rows: 6,
      matched: 5,
      unmatched: 1,
      streams: 195,
    });
    const loadedB = await loadReportFile(db, b, { catalogue });
    expect(loadedB).toMatchObject({ status: 'LOADED', rows: 2, matched: 2, unmatched: 0 });

    const { rows } = await db.query(
      `SELECT streams, sub30 FROM stream_facts WHERE track_id = $1 AND day = '2024-03-01' AND platform = 'SPOTIFY'`,
      [swedish.trackId],
    );
    expect(rows).toEqual([{ streams: 150, sub30: 15 }]);
    expect(await sumOf('stream_facts', `track_id = '${swedish.trackId}' AND platform = 'APPLE_MUSIC'`)).toBe(
      70,
    );
    expect(
      await count(`SELECT count(*) AS n FROM stream_facts WHERE track_id = $1 AND platform = 'APPLE_MUSIC'`, [
        swedish.trackId,
      ]),
    ).toBe(7);
    expect(await sumOf('stream_facts', `track_id = '${single.trackId}'`)).toBe(5);
    expect(
      await count(`SELECT count(*) AS n FROM stream_facts WHERE track_id = $1 AND territory = 'ZZ'`, [
        single.trackId,
      ]),
    ).toBe(1);

    // Rollups: per (track, platform, territory) the same totals as the days, by week and by month.
    for (const [table, bucket, column] of [
      ['stream_facts_weekly', `date_trunc('week', day)::date`, 'week'],
      ['stream_facts_monthly', `date_trunc('month', day)::date`, 'month'],
    ] as const) {
      const mismatches = await count(`SELECT count(*) AS n FROM (
          SELECT ${bucket} AS bucket, track_id, platform, territory, sum(streams) AS streams, sum(sub30) AS sub30
            FROM stream_facts GROUP BY 1, 2, 3, 4
        ) d FULL JOIN ${table} r
          ON r.${column} = d.bucket AND r.track_id = d.track_id AND r.platform = d.platform AND r.territory = d.territory
        WHERE r.streams IS DISTINCT FROM d.streams OR r.sub30 IS DISTINCT FROM d.sub30`);
      expect(mismatches, table).toBe(0);
    }
    const trackDaily = await count(`SELECT count(*) AS n FROM (
        SELECT day, track_id, sum(streams) AS streams, sum(sub30) AS sub30 FROM stream_facts GROUP BY 1, 2
      ) d FULL JOIN stream_facts_track_daily r ON r.day = d.day AND r.track_id = d.track_id
      WHERE r.streams IS DISTINCT FROM d.streams OR r.sub30 IS DISTINCT FROM d.sub30`);
    expect(trackDaily, 'stream_facts_track_daily').toBe(0);
    expect(await count('SELECT count(*) AS n FROM stream_facts_track_daily')).toBeGreaterThan(0);
    // Account rollups: per (account, platform, territory) the same totals as the days, by day, week and month.
    for (const [table, bucket, column] of [
      ['stream_facts_account_daily', 'day', 'day'],
      ['stream_facts_account_weekly', `date_trunc('week', day)::date`, 'week'],
      ['stream_facts_account_monthly', `date_trunc('month', day)::date`, 'month'],
    ] as const) {
      const mismatches = await count(`SELECT count(*) AS n FROM (
          SELECT ${bucket} AS bucket, account_id, platform, territory, sum(streams) AS streams, sum(sub30) AS sub30
            FROM stream_facts GROUP BY 1, 2, 3, 4
        ) d FULL JOIN ${table} r
          ON r.${column} = d.bucket AND r.account_id = d.account_id AND r.platform = d.platform
         AND r.territory = d.territory
        WHERE r.streams IS DISTINCT FROM d.streams OR r.sub30 IS DISTINCT FROM d.sub30`);
      expect(mismatches, table).toBe(0);
      expect(await count(`SELECT count(*) AS n FROM ${table}`), table).toBeGreaterThan(0);
    }
    expect(
      await count(
        `SELECT count(*) AS n FROM stream_facts_monthly WHERE track_id = $1 AND platform = 'APPLE_MUSIC'`,
        [swedish.trackId],
      ),
    ).toBe(2);

    const playlists = await db.query('SELECT platform, external_id, title, followers FROM playlists');
    expect(playlists.rows).toEqual([
      { platform: 'SPOTIFY', external_id: 'pl1', title: 'Fresh Finds', followers: 1200 },
    ]);
    expect(await sumOf('playlist_facts')).toBe(45);
    expect([...(await existingPartitions(db, 'playlist_facts'))]).toEqual(['playlist_facts_p2024_03']);
    expect([...(await existingPartitions(db, 'stream_facts'))]).toEqual(
      expect.arrayContaining(['stream_facts_p2024_02', 'stream_facts_p2024_03']),
    );
  });

  it('leaves nothing behind when the load fails mid-merge, and loads the file on the next try', async () => {
    const file = writeFile(
      'crash.csv',
      header + '2024-05-01,DEEZER,FR,SEABC2400001,,11,1,,,\n2024-05-02,DEEZER,FR,XXABC2400078,,3,0,,,\n',
    );
    const facts = await sumOf('stream_facts');
    const files = await count('SELECT count(*) AS n FROM report_files');
    await expect(
      loadReportFile(db, file, {
        catalogue,
        hooks: {
          afterMerge: async (tx) => {
            const merged = await tx.query(
              `SELECT count(*)::int AS n FROM stream_facts WHERE day = '2024-05-01'`,
            );
            expect(merged.rows[0].n).toBe(1); // inside the transaction the row is there
            throw new Error('power cut');
          },
        },
      }),
    ).rejects.toThrow('power cut');
    const nothingLeft = async () => {
      expect(await sumOf('stream_facts')).toBe(facts);
      for (const table of [
        'stream_facts_weekly',
        'stream_facts_monthly',
        'stream_facts_account_daily',
        'stream_facts_account_weekly',
        'stream_facts_account_monthly',
      ])
        expect(await count(`SELECT count(*) AS n FROM ${table} WHERE platform = 'DEEZER'`), table).toBe(0);
      expect(await count(`SELECT count(*) AS n FROM stream_facts_track_daily WHERE day = '2024-05-01'`)).toBe(
        0,
      );
      expect(await count('SELECT count(*) AS n FROM report_files')).toBe(files);
    };
    await nothingLeft();
    // Failing once every rollup has been added to (per track and per account) leaves nothing either.
    await expect(
      loadReportFile(db, file, {
        catalogue,
        hooks: {
          afterRollups: async (tx) => {
            for (const table of [
              'stream_facts_weekly',
              'stream_facts_monthly',
              'stream_facts_account_daily',
              'stream_facts_account_weekly',
              'stream_facts_account_monthly',
            ]) {
              const added = await tx.query(
                `SELECT coalesce(sum(streams), 0)::int AS n FROM ${table} WHERE platform = 'DEEZER'`,
              );
              expect(added.rows[0].n, table).toBe(11);
            }
            throw new Error('power cut');
          },
        },
      }),
    ).rejects.toThrow('power cut');
    await nothingLeft();
    expect(await count(`SELECT count(*) AS n FROM unmatched_report_lines WHERE isrc = 'XXABC2400078'`)).toBe(
      0,
    );
    // The month's partition was committed on its own: empty, harmless, reused.
    expect(await existingPartitions(db, 'stream_facts')).toContain('stream_facts_p2024_05');

    const retried = await loadReportFile(db, file, { catalogue });
    expect(retried).toMatchObject({ status: 'LOADED', matched: 1, unmatched: 1, partitionsCreated: [] });
    expect(await sumOf('stream_facts')).toBe(facts + 11);
  });

  it('fails a broken file naming the line and records nothing', async () => {
    const file = writeFile(
      'broken.csv',
      header + '2024-06-01,DEEZER,FR,SEABC2400001,,11,1,,,\n2024-06-02,DEEZER,FR,SEABC2400001,,-3,0,,,\n',
    );
    const files = await count('SELECT count(*) AS n FROM report_files');
    await expect(loadReportFile(db, file, { catalogue })).rejects.toThrow(
      'broken.csv:3: streams "-3" is not a whole number',
    );
    expect(await count('SELECT count(*) AS n FROM report_files')).toBe(files);
    expect(await count(`SELECT count(*) AS n FROM stream_facts WHERE day >= '2024-06-01'`)).toBe(0);
    // The connection went back to the pool usable.
    expect(await count('SELECT 1 AS n')).toBe(1);
  });
});

describe('malformed reports', () => {
  // July and August 2023, which no other test loads: "nothing half-loaded" is checked on July.
  const csvHeader = 'date,platform,territory,isrc,upc,streams,sub30\n';
  const csvGood = '2023-07-03,SPOTIFY,SE,SEABC2400001,,100,10\n2023-07-04,TIDAL,,XXABC2300001,,7,0\n';
  const dsrHead = [
    'HEAD\tdsrf/30\tBasicAudioProfile\t1.2\tM1\t2023-08-01T00:00:00Z\t1\t1\t2023-07-01\t2023-07-31\tPADPIDA0\tSpotify',
    '#SU02\tBlockId\tSummaryRecordId\tSalesTransactionId\tTransactedRelease\tTransactedResource\tIsRoyaltyBearing\tNumberOfStreams',
    'SY02\tS1\t\t\tSubscriptionModel\tOnDemandStream\tSE\tPremium\t100',
    'AS02\tB1\tA1\tdsp\tSEABC2400001\tOne',
    'SU02\tB1\tS1\tT1\t\tA1\ttrue\t310',
    'AS02\tB2\tA2\tdsp\tXXABC2300002\tUnknown',
    'SU02\tB2\tS1\tT2\t\tA2\ttrue\t9',
  ];
  const dsr = (...lines: string[]) => [...dsrHead, ...lines].join('\n') + '\n';

  const july = async () => ({
    facts: await count(
      `SELECT count(*) AS n FROM stream_facts WHERE day BETWEEN '2023-07-01' AND '2023-07-31'`,
    ),
    weekly: await count(
      `SELECT count(*) AS n FROM stream_facts_weekly WHERE week BETWEEN '2023-06-26' AND '2023-07-31'`,
    ),
    monthly: await count(`SELECT count(*) AS n FROM stream_facts_monthly WHERE month = '2023-07-01'`),
    trackDaily: await count(
      `SELECT count(*) AS n FROM stream_facts_track_daily WHERE day BETWEEN '2023-07-01' AND '2023-07-31'`,
    ),
    accountDaily: await count(
      `SELECT count(*) AS n FROM stream_facts_account_daily WHERE day BETWEEN '2023-07-01' AND '2023-07-31'`,
    ),
    accountWeekly: await count(
      `SELECT count(*) AS n FROM stream_facts_account_weekly WHERE week BETWEEN '2023-06-26' AND '2023-07-31'`,
    ),
    accountMonthly: await count(
      `SELECT count(*) AS n FROM stream_facts_account_monthly WHERE month = '2023-07-01'`,
    ),
    unmatched: await count(`SELECT count(*) AS n FROM unmatched_report_lines WHERE isrc LIKE 'XXABC23%'`),
  });

  it('refuses each one with its file and line, and leaves no facts, rollups, file row or unmatched lines', async () => {
    const cases: [string, string, string][] = [
      // The good lines come first, so each failure happens after rows were parsed, resolved and staged.
      [
        'wrong-columns.csv',
        csvHeader + csvGood + '2023-07-05,SPOTIFY,SE,SEABC2400001,,4,0,1\n',
        'wrong-columns.csv:4: Invalid Record Length: expect 7, got 8',
      ],
      [
        'bad-date.csv',
        csvHeader + csvGood + '2023-07-32,SPOTIFY,SE,SEABC2400001,,4,0\n',
        'bad-date.csv:4: date "2023-07-32" is not a day',
      ],
      [
        'negative.csv',
        csvHeader + csvGood + '2023-07-05,SPOTIFY,SE,SEABC2400001,,-4,0\n',
        'negative.csv:4: streams "-4" is not a whole number ≥ 0',
      ],
      [
        'truncated.csv',
        csvHeader + csvGood + '2023-07-05,SPOTIFY,SE,SEABC24',
        'truncated.csv:4: Invalid Record Length: expect 7, got 4',
      ],
      [
        'wrong-columns.tsv',
        dsr('SU02\tB1\tS1\tT3\t\tA1\ttrue\t4\t5', 'FOOT\t9'),
        'wrong-columns.tsv:8: the SU02 record has 8 fields, its # line names 7',
      ],
      [
        'bad-date.tsv',
        dsr('FOOT\t8').replace('2023-07-31', '2023-07-32'),
        'bad-date.tsv:1: the usage period 2023-07-01..2023-07-32 is not a pair of dates (or periods)',
      ],
      [
        // A negative count is a correction line (docs/decisions/0078-corrections-and-negative-balances.md); a
        // count that is no number at all is still refused.
        'not-a-count.tsv',
        dsr('SU02\tB1\tS1\tT3\t\tA1\ttrue\t-x4', 'FOOT\t9'),
        'not-a-count.tsv:8: the usage count "-x4" is not a whole number',
      ],
      [
        'truncated-line.tsv',
        dsr('SU02\tB1\tS1\tT3\t\tA'),
        'truncated-line.tsv:8: the SU02 record has 5 fields, 7 expected: the line is cut short',
      ],
      [
        'truncated-block.tsv',
        dsr('AS02\tB3\tA3\tdsp\tSEABC2400009\tThree'),
        'truncated-block.tsv:8: the file ends without its FOOT record: it is cut short (or not a whole DSR file)',
      ],
    ];
    const before = await july();
    const files = await count('SELECT count(*) AS n FROM report_files');
    for (const [name, text, message] of cases) {
      await expect(loadReportFile(db, writeFile(name, text), { catalogue }), name).rejects.toThrow(message);
      expect(await july(), name).toEqual(before);
      expect(await count('SELECT count(*) AS n FROM report_files'), name).toBe(files);
    }
    expect(before).toEqual({
      facts: 0,
      weekly: 0,
      monthly: 0,
      trackDaily: 0,
      accountDaily: 0,
      accountWeekly: 0,
      accountMonthly: 0,
      unmatched: 0,
    });
    // The good part alone loads (the refusals left nothing in the way), and only once.
    const good = await loadReportFile(db, writeFile('good.tsv', dsr('FOOT\t8')), { catalogue });
    expect(good).toMatchObject({ status: 'LOADED', rows: 2, matched: 1, unmatched: 1, streams: 310 });
    expect(await july()).toMatchObject({
      facts: 31,
      monthly: 1,
      trackDaily: 31,
      accountDaily: 31,
      accountMonthly: 1,
      unmatched: 1,
    });
  });

  it('loads a file again as a no-op, and its totals are the sums of its lines in every table', async () => {
    const lines: [string, string, string, string, number, number][] = [
      ['2023-08-07', 'SPOTIFY', 'SE', 'SEABC2400001', 1234, 100],
      ['2023-08-07', 'SPOTIFY', 'NO', 'SEABC2400001', 55, 5],
      ['2023-08-08', 'DEEZER', 'FR', 'USSM19803037', 77, 0],
      ['2023-08-09--2023-08-15', 'APPLE_MUSIC', '', 'USRH10903879', 701, 13], // spread over 7 days
      ['2023-08-16', 'TIDAL', 'DE', 'XXABC2300003', 40, 0], // unmatched: not in the facts
    ];
    const text =
      csvHeader + lines.map(([d, p, t, isrc, s, u]) => `${d},${p},${t},${isrc},,${s},${u}`).join('\n') + '\n';
    const file = writeFile('totals.csv', text);
    const factsBefore = await sumOf('stream_facts');
    const matched = lines.filter(([, , , isrc]) => !isrc.startsWith('XX'));
    const expected = matched.reduce((total, line) => total + line[4], 0);
    const expectedSub30 = matched.reduce((total, line) => total + line[5], 0);

    const first = await loadReportFile(db, file, { catalogue });
    expect(first).toMatchObject({ status: 'LOADED', rows: 5, matched: 4, unmatched: 1, streams: expected });
    const range = `BETWEEN '2023-08-07' AND '2023-08-16'`;
    const sums = async () => ({
      facts: await sumOf('stream_facts', `day ${range}`),
      sub30: await count(`SELECT coalesce(sum(sub30), 0) AS n FROM stream_facts WHERE day ${range}`),
      trackDaily: await sumOf('stream_facts_track_daily', `day ${range}`),
      weekly: await sumOf('stream_facts_weekly', `week BETWEEN '2023-08-07' AND '2023-08-14'`),
      monthly: await sumOf('stream_facts_monthly', `month = '2023-08-01'`),
      accountDaily: await sumOf('stream_facts_account_daily', `day ${range}`),
      accountWeekly: await sumOf('stream_facts_account_weekly', `week BETWEEN '2023-08-07' AND '2023-08-14'`),
      accountMonthly: await sumOf('stream_facts_account_monthly', `month = '2023-08-01'`),
      file: await count('SELECT streams AS n FROM report_files WHERE id = $1', [first.fileId]),
      unmatched: await sumOf('unmatched_report_lines', `file_id = '${first.fileId}'`),
    });
    const loaded = await sums();
    expect(loaded).toEqual({
      facts: expected,
      sub30: expectedSub30,
      trackDaily: expected,
      weekly: expected,
      monthly: expected,
      accountDaily: expected,
      accountWeekly: expected,
      accountMonthly: expected,
      file: expected,
      unmatched: 40,
    });
    expect(await sumOf('stream_facts')).toBe(factsBefore + expected);

    const again = await loadReportFile(db, file, { catalogue });
    expect(again).toMatchObject({ status: 'DUPLICATE', fileId: first.fileId, rows: 0 });
    // The same content under another name is the same report.
    const copy = await loadReportFile(db, writeFile('totals-copy.csv', text), { catalogue });
    expect(copy).toMatchObject({ status: 'DUPLICATE', fileId: first.fileId });
    expect(await sums()).toEqual(loaded);
  });
});

describe('an upload recorded before its load', () => {
  it('is loaded under the content hash and size recorded at upload, without unpacking it again to hash it', async () => {
    // The upload unpacked and hashed the report already (packed-upload.ts); the job's load takes the row's.
    // The same report as the first test loaded: hashed again, it would be answered as a duplicate of that load.
    const report = path.join(dir, `${randomUUID()}.tsv.gz`);
    fs.writeFileSync(report, zlib.gzipSync(youtubeQuarterReport()));
    const recorded = 'a'.repeat(64);
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO report_files (sha256, name, format, size) VALUES ($1, $2, 'DDEX_DSR', 4321) RETURNING id`,
      [recorded, YOUTUBE_QUARTER_REPORT.replace('.tsv', '.tsv.gz')],
    );
    const result = await loadReportFile(db, report, {
      catalogue,
      fileId: rows[0]!.id,
      name: YOUTUBE_QUARTER_REPORT.replace('.tsv', '.tsv.gz'),
      format: 'DDEX_DSR',
    });
    expect(result).toMatchObject({ status: 'LOADED', fileId: rows[0]!.id, sha256: recorded });
    expect(await count(`SELECT size AS n FROM report_files WHERE id = $1`, [rows[0]!.id])).toBe(4321);
  });
});
