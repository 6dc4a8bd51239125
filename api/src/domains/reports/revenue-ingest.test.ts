import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { createTestDatabase } from '../../testing/test-app.js';
import { type CatalogueEntry, createInMemoryCatalogue } from './catalogue.js';
import { parseCsv } from './csv-parser.js';
import { loadReportFile } from './loader.js';
import { normalizeCurrency, parseMicroUnits } from './revenue.js';
import { YOUTUBE_QUARTER_REPORT, youtubeQuarterReport } from './test-reports.js';
import { ReportParseError, type UsageRow } from './usage.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let dir: string;

const account = randomUUID();
const album = randomUUID();
const entry = (): CatalogueEntry => ({ trackId: randomUUID(), albumId: album, accountId: account });
const healing = entry();
const bitterEarth = entry();
const csvTrack = entry();
const catalogue = createInMemoryCatalogue([
  { ...healing, isrc: 'USSM19803037' },
  { ...bitterEarth, isrc: 'USRH10903879' },
  { ...csvTrack, isrc: 'SEREV2600001' },
]);

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-revenue-'));
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

async function csvRows(text: string): Promise<UsageRow[]> {
  const rows: UsageRow[] = [];
  for await (const row of parseCsv(Readable.from([text]), 'revenue.csv')) rows.push(row);
  return rows;
}

type LineRow = {
  month: string;
  track_id: string | null;
  streams: string;
  revenue_micro: string;
  currency: string;
  matched: boolean;
};

const linesOf = async (fileId: string) =>
  (
    await db.query<LineRow>(
      `SELECT p.month::text AS month, r.track_id, r.streams, r.revenue_micro, r.currency, r.matched
         FROM revenue_lines r JOIN periods p ON p.id = r.period_id
        WHERE r.report_file_id = $1 ORDER BY p.month, r.streams DESC`,
      [fileId],
    )
  ).rows;

describe('amounts', () => {
  it('decimal text becomes micro-units without floats, rounding half up past the sixth decimal', () => {
    expect(parseMicroUnits('2.0')).toBe(2_000_000);
    expect(parseMicroUnits('0.0035214')).toBe(3_521);
    expect(parseMicroUnits('0.0035215')).toBe(3_522);
    expect(parseMicroUnits('.5')).toBe(500_000);
    expect(parseMicroUnits('12')).toBe(12_000_000);
    expect(parseMicroUnits('0.1')).toBe(100_000);
    expect(parseMicroUnits('1234567.123456')).toBe(1_234_567_123_456);
    for (const bad of ['-1', '1,5', 'abc', '', '1e3', '9999999999999.9'])
      expect(parseMicroUnits(bad)).toBeNull();
    expect(normalizeCurrency(' usd ')).toBe('USD');
    expect(normalizeCurrency('EURO')).toBeNull();
  });
});

describe('the CSV revenue columns', () => {
  it('reads revenue and currency; a playlist line carries none; a bad amount or currency names its line', async () => {
    const rows = await csvRows(
      [
        'date,platform,isrc,streams,revenue,currency,playlist_id',
        '2026-03-01,SPOTIFY,SEREV2600001,1000,3.521,usd,',
        '2026-03-01,SPOTIFY,SEREV2600001,10,,,',
        '2026-03-01,SPOTIFY,SEREV2600001,200,0.70,,PL1',
      ].join('\n'),
    );
    expect(rows.map((row) => [row.revenueMicro, row.currency])).toEqual([
      [3_521_000, 'USD'],
      [null, null],
      [null, null],
    ]);
    await expect(
      csvRows('date,platform,isrc,streams,revenue\n2026-03-01,SPOTIFY,SEREV2600001,5,-1\n'),
    ).rejects.toThrow(
      new ReportParseError(
        'revenue.csv',
        2,
        'revenue "-1" is not an amount ≥ 0 (digits, a point, up to 6 decimals)',
      ),
    );
    await expect(
      csvRows('date,platform,isrc,streams,revenue,currency\n2026-03-01,SPOTIFY,SEREV2600001,5,1,EURO\n'),
    ).rejects.toThrow(/line|EURO/);
  });
});

describe('revenue lines', () => {
  it('a DSR’s NetRevenue in its summary’s currency becomes revenue lines in the usage month’s period', async () => {
    const result = await loadReportFile(db, writeFile(YOUTUBE_QUARTER_REPORT, youtubeQuarterReport()), {
      catalogue,
    });
    expect(result.status).toBe('LOADED');
    expect(await linesOf(result.fileId)).toEqual([
      // 2015-10, most streams first: Quiet Harbour's quarter, the unmatched recording, Bitter Light's three usages
      // starting in October; 2015-12: its last usage.
      {
        month: '2015-10-01',
        track_id: healing.trackId,
        streams: '7810',
        revenue_micro: '2000000',
        currency: 'USD',
        matched: true,
      },
      {
        month: '2015-10-01',
        track_id: null,
        streams: '2045',
        revenue_micro: '2000000',
        currency: 'USD',
        matched: false,
      },
      {
        month: '2015-10-01',
        track_id: bitterEarth.trackId,
        streams: '280',
        revenue_micro: '6000000',
        currency: 'USD',
        matched: true,
      },
      {
        month: '2015-12-01',
        track_id: bitterEarth.trackId,
        streams: '75',
        revenue_micro: '2000000',
        currency: 'USD',
        matched: true,
      },
    ]);
  });

  it('a DSR’s negative NetRevenue loads as a correction line of its own, with no streams', async () => {
    // docs/decisions/0078-corrections-and-negative-balances.md: a chargeback no longer refuses the file.
    const text = youtubeQuarterReport()
      .split('\n')
      .map((line) =>
        line.startsWith('SU03.01\t') && line.includes('\t4\t2.0\t')
          ? line.replace('\t4\t2.0\t', '\t4\t-1.5\t')
          : line,
      )
      .join('\n');
    expect(text).toContain('\t-1.5\t');
    const name = 'DSR_TEST2_YouTube_AdSupport-music_2015-Q4_IS_1of1_20160121T150926.tsv';
    const result = await loadReportFile(db, writeFile(name, text), { catalogue });
    expect(result.status).toBe('LOADED');
    const { rows } = await db.query<{ streams: string; revenue_micro: string; correction: boolean }>(
      `SELECT streams::text, revenue_micro::text, correction FROM revenue_lines
        WHERE report_file_id = $1 AND track_id = $2 AND first_day < '2015-12-01' ORDER BY correction`,
      [result.fileId, bitterEarth.trackId],
    );
    expect(rows).toEqual([
      { streams: '276', revenue_micro: '4000000', correction: false },
      { streams: '0', revenue_micro: '-1500000', correction: true },
    ]);
  });

  it('CSV revenue without a currency is in the platform currency; a month no longer open sends it to the next open one', async () => {
    await db.query(`INSERT INTO periods (month, status, closing_at) VALUES ('2026-02-01', 'CLOSING', now())`);
    const file = writeFile(
      'late.csv',
      [
        'date,platform,territory,isrc,streams,revenue',
        '2026-02-10,SPOTIFY,SE,SEREV2600001,1000,3.5',
        '2026-02-11,SPOTIFY,SE,SEREV2600001,500,1.75',
        '2026-03-02,APPLE_MUSIC,SE,SEREV2600001,100,0.8',
        '2026-03-02,APPLE_MUSIC,SE,SEREV2699999,7,0.05',
      ].join('\n'),
    );
    const result = await loadReportFile(db, file, { catalogue, currency: 'SEK' });
    expect(await linesOf(result.fileId)).toEqual([
      // February is closing: its lines land in March (summed per track, platform and territory).
      {
        month: '2026-03-01',
        track_id: csvTrack.trackId,
        streams: '1500',
        revenue_micro: '5250000',
        currency: 'SEK',
        matched: true,
      },
      {
        month: '2026-03-01',
        track_id: csvTrack.trackId,
        streams: '100',
        revenue_micro: '800000',
        currency: 'SEK',
        matched: true,
      },
      {
        month: '2026-03-01',
        track_id: null,
        streams: '7',
        revenue_micro: '50000',
        currency: 'SEK',
        matched: false,
      },
    ]);
  });

  it('a load that fails leaves no revenue line behind', async () => {
    const before = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM revenue_lines');
    const file = writeFile(
      'broken.csv',
      [
        'date,platform,isrc,streams,revenue',
        '2026-04-01,SPOTIFY,SEREV2600001,10,0.1',
        '2026-04-02,SPOTIFY,SEREV2600001,10,x',
      ].join('\n'),
    );
    await expect(loadReportFile(db, file, { catalogue })).rejects.toBeInstanceOf(ReportParseError);
    const after = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM revenue_lines');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});

describe("revenue lines' references and open periods (checked once per statement, migrations 0021 and 0022)", () => {
  const insertLine = (periodId: string, fileId: string | null) =>
    db.query(
      `INSERT INTO revenue_lines (period_id, report_file_id, platform, first_day, last_day, streams, revenue_micro,
                                  currency, matched)
       VALUES ($1, $2, 'SPOTIFY', '2026-05-01', '2026-05-01', 1, 0, 'EUR', false)`,
      [periodId, fileId],
    );

  it('refuses a line naming a period or report file that does not exist, and keeps named ones from being deleted', async () => {
    const file = writeFile(
      'references.csv',
      'date,platform,isrc,streams,revenue\n2026-05-03,SPOTIFY,SEREV2600001,10,0.1\n',
    );
    const result = await loadReportFile(db, file, { catalogue });
    const { rows } = await db.query<{ period_id: string }>(
      'SELECT period_id FROM revenue_lines WHERE report_file_id = $1',
      [result.fileId],
    );
    const periodId = rows[0]!.period_id;

    await expect(insertLine(randomUUID(), result.fileId)).rejects.toMatchObject({
      code: '23503',
      message: 'revenue lines name a period that does not exist',
    });
    await expect(insertLine(periodId, randomUUID())).rejects.toMatchObject({
      code: '23503',
      message: 'revenue lines name a report file that does not exist',
    });
    await expect(
      db.query('UPDATE revenue_lines SET report_file_id = $2 WHERE report_file_id = $1', [
        result.fileId,
        randomUUID(),
      ]),
    ).rejects.toMatchObject({ code: '23503' });
    await expect(db.query('DELETE FROM report_files WHERE id = $1', [result.fileId])).rejects.toMatchObject({
      code: '23503',
    });
    await expect(db.query('DELETE FROM periods WHERE id = $1', [periodId])).rejects.toMatchObject({
      code: '23503',
    });
    // On insert, the period must also be open (0010's rule, checked in the same pass since migration 0022).
    const closing = await db.query<{ id: string }>(`SELECT id FROM periods WHERE month = '2026-02-01'`);
    await expect(insertLine(closing.rows[0]!.id, result.fileId)).rejects.toMatchObject({
      code: '23514',
      message: 'period 2026-02 is not open: its revenue lines cannot change',
    });
    // An insert of no rows checks nothing.
    await db.query('INSERT INTO revenue_lines SELECT * FROM revenue_lines WHERE false');
    // A line without a report file (the column may be null) needs only its period.
    await insertLine(periodId, null);
    const kept = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM revenue_lines WHERE period_id = $1',
      [periodId],
    );
    expect(kept.rows[0]!.n).toBe(2);
  });
});

describe('revenue lines summed per file', () => {
  it('hold, per track (or unmatched ISRC), platform and territory, exactly the streams and micro-units of its lines', async () => {
    const isrcs = ['USSM19803037', 'USRH10903879', 'SEREV2600001', 'SEREV2699998'];
    const trackOf = new Map([
      ['USSM19803037', healing.trackId],
      ['USRH10903879', bitterEarth.trackId],
      ['SEREV2600001', csvTrack.trackId],
    ]);
    const line = fc.record({
      day: fc.integer({ min: 1, max: 28 }),
      platform: fc.constantFrom('SPOTIFY', 'DEEZER'),
      territory: fc.constantFrom('SE', 'DE', ''),
      isrc: fc.constantFrom(...isrcs),
      streams: fc.integer({ min: 0, max: 100_000 }),
      // Up to a million units with all six decimals: sums that a float would round.
      micro: fc.integer({ min: 0, max: 1_000_000_000_000 }),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 30 }), async (lines) => {
        run += 1;
        const text = [
          'date,platform,territory,isrc,streams,revenue',
          ...lines.map(
            (l) =>
              `2026-07-${String(l.day).padStart(2, '0')},${l.platform},${l.territory},${l.isrc},${l.streams},` +
              `${Math.floor(l.micro / 1e6)}.${String(l.micro % 1e6).padStart(6, '0')}`,
          ),
          // A line of its own per run, so that no two runs load the same content (it would be a DUPLICATE).
          `2026-07-01,TIDAL,SE,SEREV26${String(run).padStart(5, '0')},1,0`,
        ].join('\n');
        const result = await loadReportFile(db, writeFile(`sums-${run}.csv`, text), { catalogue });
        expect(result.status).toBe('LOADED');
        const expected = new Map<string, { streams: number; micro: number }>();
        for (const l of lines) {
          const key = [trackOf.get(l.isrc) ?? l.isrc, l.platform, l.territory || null].join('|');
          const sum = expected.get(key) ?? { streams: 0, micro: 0 };
          sum.streams += l.streams;
          sum.micro += l.micro;
          expected.set(key, sum);
        }
        const { rows } = await db.query<{
          track_id: string | null;
          isrc: string | null;
          platform: string;
          territory: string | null;
          streams: string;
          revenue_micro: string;
        }>(
          `SELECT track_id, isrc, platform, territory, streams, revenue_micro FROM revenue_lines
            WHERE report_file_id = $1 AND platform <> 'TIDAL'`,
          [result.fileId],
        );
        const actual = new Map(
          rows.map((row) => [
            [row.track_id ?? row.isrc, row.platform, row.territory].join('|'),
            { streams: Number(row.streams), micro: Number(row.revenue_micro) },
          ]),
        );
        expect(rows).toHaveLength(expected.size);
        expect(actual).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });
});
