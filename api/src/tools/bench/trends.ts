import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../platform/db.js';
import {
  type DemoTrack,
  demoBatches,
  generateDemoFacts,
  mulberry32,
  seedDemoTrends,
  seedOf,
} from '../../seed/demo-trends.js';
import {
  addDays,
  dayNumber,
  dayString,
  type LoadResult,
  loadResolvedRows,
} from '../../domains/reports/index.js';
import { formatBytes } from '../progress.js';
import { TREND_TABLES } from './trends-bulk.js';
import type { Label } from './label.js';

/**
 * Benchmark-size trends (`npm run ingest -- --scale N`): a synthetic catalogue of N × 1,000 tracks (albums of 1 to
 * 12 tracks, 20 tracks an account, releases over the two years before the last day), a year of demo facts loaded
 * through the loader, then one more day loaded on top (a daily report), table sizes, and the trends queries timed
 * on the daily facts and on the rollups.
 */

export type BenchOptions = {
  scale: number;
  seed: number;
  days: number;
  /** The last day generated (default: yesterday, UTC). */
  to?: string;
  log: (line: string) => void;
  onProgress?: (rows: number) => void;
};

function uuidFrom(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = '8';
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

export function syntheticCatalogue(tracks: number, seed: number, lastDay: string): DemoTrack[] {
  const random = mulberry32(seedOf(seed, 'catalogue'));
  const catalogue: DemoTrack[] = [];
  const accounts = Array.from({ length: Math.max(1, Math.ceil(tracks / 20)) }, () => uuidFrom(random));
  while (catalogue.length < tracks) {
    const albumId = uuidFrom(random);
    const accountId = accounts[Math.floor(random() * accounts.length)]!;
    const releaseDate = addDays(lastDay, -Math.floor(random() * 730));
    const size = random() < 0.45 ? 1 : 2 + Math.floor(random() * 11);
    for (let i = 0; i < size && catalogue.length < tracks; i += 1)
      catalogue.push({ trackId: uuidFrom(random), albumId, accountId, releaseDate });
  }
  return catalogue;
}

async function timed<T>(work: () => Promise<T>, runs = 3): Promise<{ ms: number; result: T }> {
  let best = Infinity;
  let result: T | undefined;
  for (let i = 0; i < runs; i += 1) {
    const started = process.hrtime.bigint();
    result = await work();
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e6);
  }
  return { ms: best, result: result as T };
}

async function sizeOf(db: Db, table: string, partitioned: boolean) {
  const { rows } = await db.query<{ bytes: string; rows: string }>(
    partitioned
      ? `SELECT coalesce(sum(pg_total_relation_size(inhrelid)), 0) AS bytes,
                coalesce(sum(c.reltuples::bigint), 0) AS rows
           FROM pg_inherits JOIN pg_class c ON c.oid = inhrelid WHERE inhparent = $1::regclass`
      : `SELECT pg_total_relation_size($1::regclass) AS bytes, c.reltuples::bigint AS rows
           FROM pg_class c WHERE c.oid = $1::regclass`,
    [table],
  );
  return { bytes: Number(rows[0]?.bytes ?? 0), rows: Number(rows[0]?.rows ?? 0) };
}

function describeLoad(result: LoadResult, phases: [string, number][]): string {
  const seconds = result.milliseconds / 1000;
  return (
    `${result.rows.toLocaleString('en-US')} rows in ${seconds.toFixed(1)} s ` +
    `(${Math.round(result.rows / seconds).toLocaleString('en-US')} rows/s): ` +
    phases.map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)} s`).join(', ')
  );
}

export async function runTrendsBenchmark(db: Db, options: BenchOptions): Promise<void> {
  const { log } = options;
  const to = options.to ?? addDays(new Date().toISOString().slice(0, 10), -1);
  const from = addDays(to, -(options.days - 1));
  const tracks = Math.max(1, Math.round(options.scale * 1000));
  const catalogue = syntheticCatalogue(tracks, options.seed, to);
  log(
    `Benchmark: ${tracks.toLocaleString('en-US')} tracks, ${from}..${to} (${options.days} days), seed ${options.seed}`,
  );

  const phases: [string, number][] = [];
  const load = await seedDemoTrends(db, catalogue, {
    seed: options.seed,
    from,
    to,
    onProgress: ({ rows }) => options.onProgress?.(rows),
    onPhase: (phase, ms) => phases.push([phase, ms]),
  });
  log(`Year load: ${describeLoad(load, phases)}`);

  // A daily report on top of a full year: the incremental cost (merge into big tables, rollups upserted).
  const dayPhases: [string, number][] = [];
  const nextDay = addDays(to, 1);
  const daily = await seedDemoTrends(db, catalogue, {
    seed: options.seed + 1,
    from: nextDay,
    to: nextDay,
    onPhase: (phase, ms) => dayPhases.push([phase, ms]),
  });
  log(`One more day: ${describeLoad(daily, dayPhases)}`);
  await db.query(
    'ANALYZE stream_facts; ANALYZE stream_facts_weekly; ANALYZE stream_facts_monthly; ANALYZE stream_facts_track_daily; ANALYZE playlist_facts',
  );

  for (const [table, partitioned] of [
    ['stream_facts', true],
    ['stream_facts_weekly', false],
    ['stream_facts_monthly', false],
    ['stream_facts_track_daily', false],
    ['playlist_facts', true],
  ] as const) {
    const size = await sizeOf(db, table, partitioned);
    log(
      `  ${table.padEnd(22)} ${size.rows.toLocaleString('en-US').padStart(12)} rows ${formatBytes(size.bytes).padStart(10)}` +
        (size.rows ? ` (${Math.round(size.bytes / size.rows)} B/row with indexes)` : ''),
    );
  }

  // What a materialized view would redo on every load: the monthly rollup from all the daily facts.
  const recompute = await timed(
    () =>
      db.query(`SELECT count(*) FROM (
        SELECT day - (extract(day FROM day)::int - 1) AS month, track_id, platform, territory, sum(streams), sum(sub30)
          FROM stream_facts GROUP BY 1, 2, 3, 4) m`),
    1,
  );
  log(
    `Monthly rollup recomputed from all the daily facts (a materialized view's refresh): ${(recompute.ms / 1000).toFixed(1)} s`,
  );

  const { rows: busiest } = await db.query<{ account_id: string; tracks: number }>(
    `SELECT account_id, count(DISTINCT track_id)::int AS tracks FROM stream_facts_monthly
      GROUP BY 1 ORDER BY sum(streams) DESC LIMIT 1`,
  );
  const account = busiest[0]?.account_id;
  if (!account) return;
  const monthStart = (day: string) => `${day.slice(0, 8)}01`;
  const firstFull = from.endsWith('-01') ? from : monthStart(addDays(monthStart(from), 32));
  const lastFullEnd = addDays(monthStart(addDays(to, 1)), -1);
  const queries: [string, string, unknown[]][] = [
    [
      'account total, 365 days, daily facts',
      `SELECT sum(streams), sum(sub30) FROM stream_facts WHERE account_id = $1 AND day BETWEEN $2 AND $3`,
      [account, from, to],
    ],
    [
      'account total, 365 days, monthly rollup + ragged days',
      `SELECT sum(s), sum(u) FROM (
         SELECT sum(streams) s, sum(sub30) u FROM stream_facts_monthly
          WHERE account_id = $1 AND month >= $4 AND month <= $5
         UNION ALL
         SELECT sum(streams), sum(sub30) FROM stream_facts
          WHERE account_id = $1 AND day BETWEEN $2 AND $3 AND (day < $4 OR day > $6)) parts`,
      [account, from, to, firstFull, monthStart(lastFullEnd), lastFullEnd],
    ],
    [
      'account total, 365 days, track-daily rollup',
      `SELECT sum(streams), sum(sub30) FROM stream_facts_track_daily WHERE account_id = $1 AND day BETWEEN $2 AND $3`,
      [account, from, to],
    ],
    [
      'account by track, 365 days, track-daily rollup',
      `SELECT track_id, sum(streams), sum(sub30) FROM stream_facts_track_daily
        WHERE account_id = $1 AND day BETWEEN $2 AND $3 GROUP BY 1 ORDER BY 2 DESC`,
      [account, from, to],
    ],
    [
      'account daily series, 365 days, track-daily rollup',
      `SELECT day, sum(streams) FROM stream_facts_track_daily WHERE account_id = $1 AND day BETWEEN $2 AND $3
        GROUP BY 1 ORDER BY 1`,
      [account, from, to],
    ],
    [
      'account weekly series, 365 days, daily facts',
      `SELECT day - (extract(isodow FROM day)::int - 1) AS week, sum(streams) FROM stream_facts
        WHERE account_id = $1 AND day BETWEEN $2 AND $3 GROUP BY 1 ORDER BY 1`,
      [account, from, to],
    ],
    [
      'account weekly series, 365 days, weekly rollup',
      `SELECT week, sum(streams) FROM stream_facts_weekly WHERE account_id = $1 AND week BETWEEN $2 AND $3
        GROUP BY 1 ORDER BY 1`,
      [account, from, to],
    ],
    [
      'account by platform, last 30 days, daily facts',
      `SELECT platform, sum(streams), sum(sub30) FROM stream_facts
        WHERE account_id = $1 AND day BETWEEN $2 AND $3 GROUP BY 1 ORDER BY 2 DESC`,
      [account, addDays(to, -29), to],
    ],
    [
      'account by territory, 365 days, monthly rollup',
      `SELECT territory, sum(streams) FROM stream_facts_monthly WHERE account_id = $1 AND month BETWEEN $2 AND $3
        GROUP BY 1 ORDER BY 2 DESC`,
      [account, firstFull, monthStart(lastFullEnd)],
    ],
    [
      'all accounts, one month by platform, daily facts',
      `SELECT platform, sum(streams) FROM stream_facts WHERE day BETWEEN $1 AND $2 GROUP BY 1`,
      [monthStart(lastFullEnd), lastFullEnd],
    ],
    [
      'all accounts, one month by platform, monthly rollup',
      `SELECT platform, sum(streams) FROM stream_facts_monthly WHERE month = $1 GROUP BY 1`,
      [monthStart(lastFullEnd)],
    ],
  ];
  log(`Queries (best of 3, warm) for the busiest account (${busiest[0]!.tracks} tracks):`);
  for (const [label, sql, params] of queries) {
    const { ms } = await timed(() => db.query(sql, params));
    log(`  ${label.padEnd(52)} ${ms.toFixed(1).padStart(8)} ms`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// `npm run bench:trends` (api/bench/trends.mjs): one label account holding the whole catalogue, its facts built
// through the loader in chunks (resumable), DSR files generated from the same model, and the cleanup that keeps a
// kept database reusable. docs/decisions/0038-trends-api.md, "Benchmark".

export type LabelBenchOptions = {
  tracks: number;
  days: number;
  seed: number;
  scale: number;
  /** The last day of the data (default: yesterday, UTC); pinned in a kept database. */
  to: string;
};

export type { Label };

export const LABEL_EMAIL = 'label@bench.tunehouse.test';
export const LABEL_PASSWORD = 'bench label password 1234';

/** EAN-13 with its check digit, from a 12-digit body. */
function ean13(body: string): string {
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/**
 * The label's catalogue: albums of 1 to 12 tracks released evenly over the range (so 2,000 tracks over 730 days
 * give about 50 M daily fact rows, the label), ISRCs QZTHBYYNNNNN and EAN-13 barcodes in the in-store
 * range 200.
 */
export function labelCatalogue(options: LabelBenchOptions): Label['catalogue'] {
  const random = mulberry32(seedOf(options.seed, 'label', options.tracks));
  const from = addDays(options.to, -(options.days - 1));
  const catalogue: Label['catalogue'] = [];
  let albumNo = 0;
  while (catalogue.length < options.tracks) {
    albumNo += 1;
    const albumId = uuidFrom(random);
    const releaseDate = addDays(from, Math.floor(random() * options.days));
    const barcode = ean13(`200${String(albumNo).padStart(9, '0')}`);
    const size = random() < 0.45 ? 1 : 2 + Math.floor(random() * 11);
    for (let i = 0; i < size && catalogue.length < options.tracks; i += 1) {
      const n = catalogue.length;
      const isrc = `QZTHB${String(20 + Math.floor(n / 100_000)).padStart(2, '0')}${String(n % 100_000).padStart(5, '0')}`;
      catalogue.push({ trackId: uuidFrom(random), albumId, accountId: '', releaseDate, isrc, barcode });
    }
  }
  return catalogue;
}

/**
 * The label user and its catalogue (albums and tracks PUBLISHED × LIVE), created once; a kept database must hold
 * the same build (tracks, days, seed, scale, last day — recorded in `bench_label`), else this refuses.
 */
export async function ensureLabel(
  db: Db,
  options: LabelBenchOptions,
  deps: {
    hashPassword: (password: string) => Promise<string>;
    insertUser: (
      db: Db,
      user: {
        email: string;
        passwordHash: string;
        firstName: string;
        lastName: string;
        emailVerified: boolean;
      },
    ) => Promise<unknown>;
  },
): Promise<Label> {
  await db.query(`CREATE TABLE IF NOT EXISTS bench_label (
    id int PRIMARY KEY CHECK (id = 1), tracks int NOT NULL, days int NOT NULL, seed int NOT NULL,
    scale double precision NOT NULL, last_day date NOT NULL)`);
  const { rows: kept } = await db.query<{
    tracks: number;
    days: number;
    seed: number;
    scale: number;
    last_day: string;
  }>('SELECT tracks, days, seed, scale, last_day::text FROM bench_label');
  const built = kept[0];
  if (built) {
    if (
      built.tracks !== options.tracks ||
      built.days !== options.days ||
      built.seed !== options.seed ||
      built.scale !== options.scale
    )
      throw new Error(
        `This database holds a label of ${built.tracks} tracks × ${built.days} days (seed ${built.seed}, scale ` +
          `${built.scale}); use those options or another --keep folder`,
      );
    options = { ...options, to: built.last_day };
  } else {
    await db.query(
      'INSERT INTO bench_label (id, tracks, days, seed, scale, last_day) VALUES (1, $1, $2, $3, $4, $5)',
      [options.tracks, options.days, options.seed, options.scale, options.to],
    );
  }
  const catalogue = labelCatalogue(options);
  await deps.insertUser(db, {
    email: LABEL_EMAIL,
    passwordHash: await deps.hashPassword(LABEL_PASSWORD),
    firstName: 'Bench',
    lastName: 'Label',
    emailVerified: true,
  });
  const { rows } = await db.query<{ account_id: string }>('SELECT account_id FROM users WHERE email = $1', [
    LABEL_EMAIL,
  ]);
  const accountId = rows[0]!.account_id;
  for (const track of catalogue) track.accountId = accountId;
  const albums = [...new Map(catalogue.map((track) => [track.albumId, track])).values()];
  await db.query(
    `INSERT INTO albums (id, account_id, title, barcode, release_date, format, status, review_status)
     SELECT id, $1, 'Bench album ' || n, barcode, release_date, 'ALBUM', 'PUBLISHED', 'LIVE'
       FROM unnest($2::uuid[], $3::text[], $4::date[]) WITH ORDINALITY AS a(id, barcode, release_date, n)
     ON CONFLICT (id) DO NOTHING`,
    [accountId, albums.map((a) => a.albumId), albums.map((a) => a.barcode), albums.map((a) => a.releaseDate)],
  );
  await db.query(
    `INSERT INTO tracks (id, album_id, account_id, position, title, isrc)
     SELECT id, album_id, $1, row_number() OVER (PARTITION BY album_id ORDER BY n), 'Bench track ' || n, isrc
       FROM unnest($2::uuid[], $3::uuid[], $4::text[]) WITH ORDINALITY AS t(id, album_id, isrc, n)
     ON CONFLICT (id) DO NOTHING`,
    [
      accountId,
      catalogue.map((t) => t.trackId),
      catalogue.map((t) => t.albumId),
      catalogue.map((t) => t.isrc),
    ],
  );
  return {
    accountId,
    email: LABEL_EMAIL,
    password: LABEL_PASSWORD,
    from: addDays(options.to, -(options.days - 1)),
    to: options.to,
    catalogue,
  };
}

/**
 * The label's facts through the loader (COPY, spread, merge, rollups), `chunkTracks` tracks a load: each chunk is
 * one DEMO report file of its own identity, so an interrupted build resumes where it stopped and a built database
 * is not loaded twice. A track's figures do not depend on the other tracks, so the chunking changes nothing.
 */
export async function buildLabelFacts(
  db: Db,
  label: Label,
  options: { seed: number; scale: number; chunkTracks: number; log: (line: string) => void },
): Promise<{ rows: number; loadedChunks: number; seconds: number }> {
  const chunks: DemoTrack[][] = [];
  for (let i = 0; i < label.catalogue.length; i += options.chunkTracks)
    chunks.push(label.catalogue.slice(i, i + options.chunkTracks));
  const started = Date.now();
  let rows = 0;
  let loadedChunks = 0;
  for (const [index, chunk] of chunks.entries()) {
    const identity = JSON.stringify({
      bench: 'label',
      seed: options.seed,
      scale: options.scale,
      from: label.from,
      to: label.to,
      tracks: chunk.map((track) => track.trackId),
    });
    const sha256 = createHash('sha256').update(identity).digest('hex');
    const facts = generateDemoFacts({
      seed: options.seed,
      catalogue: chunk,
      from: label.from,
      to: label.to,
      scale: options.scale,
    });
    const result = await loadResolvedRows(
      db,
      { name: `bench label facts ${index + 1}/${chunks.length}`, format: 'DEMO', sha256, size: 0 },
      demoBatches(facts),
    );
    const seconds = (Date.now() - started) / 1000;
    if (result.status === 'DUPLICATE') {
      options.log(`  chunk ${index + 1}/${chunks.length}: already built`);
      continue;
    }
    rows += result.rows;
    loadedChunks += 1;
    const left = chunks.length - index - 1;
    const perChunk = seconds / loadedChunks;
    options.log(
      `  chunk ${index + 1}/${chunks.length}: ${result.rows.toLocaleString('en-US')} rows in ` +
        `${(result.milliseconds / 1000).toFixed(0)} s; ${rows.toLocaleString('en-US')} rows so far ` +
        `(${Math.round(rows / seconds).toLocaleString('en-US')} rows/s), ~${Math.round((left * perChunk) / 60)} min left`,
    );
  }
  if (loadedChunks) {
    for (const table of TREND_TABLES) await db.query(`VACUUM ANALYZE ${table}`);
  }
  return { rows, loadedChunks, seconds: (Date.now() - started) / 1000 };
}

/** Row counts and sizes of the trends tables. */
export async function trendTableSizes(db: Db): Promise<string[]> {
  const lines: string[] = [];
  for (const [table, partitioned] of [
    ['stream_facts', true],
    ['stream_facts_weekly', false],
    ['stream_facts_monthly', false],
    ['stream_facts_track_daily', false],
    ['stream_facts_track_weekly', false],
    ['stream_facts_track_monthly', false],
    ['stream_facts_account_daily', false],
    ['stream_facts_account_weekly', false],
    ['stream_facts_account_monthly', false],
    ['playlist_facts', true],
  ] as const) {
    const size = await sizeOf(db, table, partitioned);
    lines.push(
      `  ${table.padEnd(28)} ${size.rows.toLocaleString('en-US').padStart(12)} rows ${formatBytes(size.bytes).padStart(10)}`,
    );
  }
  return lines;
}

/** The DSR files of the ingest benchmark and the same rows as a COPY text file (the facts' columns). */
export type IngestFiles = {
  files: string[];
  copyFile: string;
  lines: number;
  firstDay: string;
  lastDay: string;
};

/** The column-header lines of a DSR flat file, as the bench's files carry them. */
export const DSR_HEADERS = [
  '#HEAD\tMessageVersion\tProfile\tProfileVersion\tMessageId\tMessageCreatedDateTime\tFileNumber\tNumberOfFiles\tUsageStartDate\tUsageEndDate\tSenderPartyId\tSenderName\tServiceDescription\tRecipientPartyId\tRecipientName',
  '#SY02\tSummaryRecordId\tDistributionChannel\tDistributionChannelDPID\tCommercialModel\tUseType\tTerritory\tServiceDescription\tUsages',
  '#RE01\tBlockId\tReleaseReference\tDspReleaseId\tProprietaryReleaseId\tCatalogNumber\tICPN',
  '#AS02\tBlockId\tResourceReference\tDspResourceId\tISRC\tTitle\tSubTitle',
  '#SU02\tBlockId\tSummaryRecordId\tSalesTransactionId\tTransactedRelease\tTransactedResource\tIsRoyaltyBearing\tNumberOfStreams\tStreamsUnder30Seconds',
  '#FOOT\tNumberOfLinesInFile\tNumberOfSummaryRecords\tNumberOfBlocksInFile',
].join('\n');

/**
 * Where the ingest benchmark puts its days: `count` days ending 70 days before the label's first day, so their
 * weeks and months hold nothing else and removing them afterwards is exact.
 */
export function ingestRange(label: Label, count: number): { firstDay: string; lastDay: string } {
  const lastDay = addDays(label.from, -70);
  return { firstDay: addDays(lastDay, -(count - 1)), lastDay };
}

/**
 * DSR flat files (BasicAudioProfile 1.2 records: HEAD, SY02 per service and territory, RE01/AS02/SU02 blocks per
 * recording, FOOT; one file a day, several services in a file as an aggregator sends them) holding about `lines`
 * usage lines: the model's last days of the label, moved to {@link ingestRange}. Also writes the same rows, resolved,
 * as COPY text for the raw COPY they are compared with.
 */
export async function writeIngestFiles(
  db: Db,
  label: Label,
  options: { seed: number; scale: number; lines: number; dir: string },
): Promise<IngestFiles> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM stream_facts WHERE account_id = $1 AND day = $2',
    [label.accountId, label.to],
  );
  const perDay = Math.max(1, rows[0]?.n ?? 1);
  const count = Math.max(1, Math.min(120, Math.ceil(options.lines / perDay)));
  const sourceFrom = addDays(label.to, -(count - 1));
  const range = ingestRange(label, count);
  const shift = dayNumber(range.firstDay) - dayNumber(sourceFrom);
  const byTrack = new Map(label.catalogue.map((track) => [track.trackId, track]));

  type DayFile = { summaries: Map<string, { id: number; usages: number }>; blocks: string[] };
  const days = new Map<string, DayFile>();
  const copyStream = fs.createWriteStream(path.join(options.dir, 'raw-copy.txt'));
  let block: { day: string; trackId: string; text: string[] } | null = null;
  let lines = 0;
  const flush = () => {
    if (!block) return;
    days.get(block.day)!.blocks.push(block.text.join('\n'));
    block = null;
  };
  let pending = '';
  for (const fact of generateDemoFacts({
    seed: options.seed + 1,
    catalogue: label.catalogue,
    from: sourceFrom,
    to: label.to,
    scale: options.scale,
  })) {
    if (fact.kind !== 'stream') continue;
    const day = dayString(dayNumber(fact.day) + shift);
    let file = days.get(day);
    if (!file) days.set(day, (file = { summaries: new Map(), blocks: [] }));
    const track = byTrack.get(fact.entry.trackId)!;
    if (!block || block.day !== day || block.trackId !== track.trackId) {
      flush();
      const blockId = file.blocks.length + 1;
      block = {
        day,
        trackId: track.trackId,
        text: [
          `RE01\t${blockId}\tR${blockId}\tDSPREL${track.albumId.slice(0, 8)}\t\t\t${track.barcode}`,
          `AS02\t${blockId}\tA${blockId}\tDSPRES${track.trackId.slice(0, 8)}\t${track.isrc}\t${track.isrc}\t`,
        ],
      };
    }
    const key = `${fact.platform}\t${fact.territory}`;
    let summary = file.summaries.get(key);
    if (!summary) file.summaries.set(key, (summary = { id: file.summaries.size + 1, usages: 0 }));
    summary.usages += fact.streams;
    lines += 1;
    const blockId = file.blocks.length + 1;
    block.text.push(
      `SU02\t${blockId}\t${summary.id}\tT${lines}\tR${blockId}\tA${blockId}\tY\t${fact.streams}\t${fact.sub30}`,
    );
    pending += `${day}\t${track.trackId}\t${track.albumId}\t${track.accountId}\t${fact.platform}\t${fact.territory}\t${fact.streams}\t${fact.sub30}\n`;
    if (pending.length > 1 << 20) {
      if (!copyStream.write(pending))
        await new Promise<void>((resolve) => copyStream.once('drain', () => resolve()));
      pending = '';
    }
  }
  flush();
  copyStream.end(pending);
  await new Promise<void>((resolve, reject) =>
    copyStream.once('finish', () => resolve()).once('error', reject),
  );

  const files: string[] = [];
  for (const [day, file] of [...days].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const compact = day.replaceAll('-', '');
    const name = path.join(
      options.dir,
      `DSR_PADPIDA2025BENCHR_PADPIDA2025BENCHS_Multi_${day}_WW_1of1_${compact}T060000.tsv`,
    );
    const summaries = [...file.summaries].map(
      ([key, s]) =>
        `SY02\t${s.id}\tBench Aggregator\t\tSubscriptionModel\tOnDemandStream\t${key.split('\t')[1]}\t${key.split('\t')[0]}\t${s.usages}`,
    );
    const body = [
      `HEAD\tdsrf/30\tBasicAudioProfile\t1.2\tBENCH-${compact}\t${day}T06:00:00Z\t1\t1\t${day}\t${day}\tPADPIDA2025BENCHS\tBench Aggregator\tMulti\tPADPIDA2025BENCHR\tTunehouse`,
      DSR_HEADERS,
      ...summaries,
      ...file.blocks,
    ].join('\n');
    const lineCount = body.split('\n').length + 1;
    await fs.promises.writeFile(
      name,
      `${body}\nFOOT\t${lineCount}\t${summaries.length}\t${file.blocks.length}\n`,
    );
    files.push(name);
  }
  return { files, copyFile: path.join(options.dir, 'raw-copy.txt'), lines, ...range };
}

/** Removes what the ingest benchmark loaded (its days, weeks and months hold nothing else) and its COPY table. */
export async function clearIngestRange(db: Db, range: { firstDay: string; lastDay: string }): Promise<void> {
  const weekStart = addDays(range.firstDay, -6);
  const monthStart = `${range.firstDay.slice(0, 7)}-01`;
  await db.query('DELETE FROM stream_facts WHERE day BETWEEN $1 AND $2', [range.firstDay, range.lastDay]);
  await db.query('DELETE FROM stream_facts_track_daily WHERE day BETWEEN $1 AND $2', [
    range.firstDay,
    range.lastDay,
  ]);
  await db.query('DELETE FROM stream_facts_weekly WHERE week BETWEEN $1 AND $2', [weekStart, range.lastDay]);
  await db.query('DELETE FROM stream_facts_monthly WHERE month BETWEEN $1 AND $2', [
    monthStart,
    range.lastDay,
  ]);
  await db.query('DELETE FROM stream_facts_account_daily WHERE day BETWEEN $1 AND $2', [
    range.firstDay,
    range.lastDay,
  ]);
  await db.query('DELETE FROM stream_facts_account_weekly WHERE week BETWEEN $1 AND $2', [
    weekStart,
    range.lastDay,
  ]);
  await db.query('DELETE FROM stream_facts_account_monthly WHERE month BETWEEN $1 AND $2', [
    monthStart,
    range.lastDay,
  ]);
  for (const [table, column, start] of [
    ['stream_facts_track_weekly', 'week', weekStart],
    ['stream_facts_track_monthly', 'month', monthStart],
  ] as const)
    await db.query(`DELETE FROM ${table} WHERE ${column} BETWEEN $1 AND $2`, [start, range.lastDay]);
  // The files' revenue lines (in open periods) reference them: removed first.
  await db.query(`DELETE FROM revenue_lines WHERE report_file_id IN
    (SELECT id FROM report_files WHERE name LIKE 'DSR\\_PADPIDA2025BENCHR\\_%')`);
  await db.query(`DELETE FROM report_files WHERE name LIKE 'DSR\\_PADPIDA2025BENCHR\\_%'`);
  await db.query('DROP TABLE IF EXISTS bench_raw_copy, bench_raw_copy_indexed');
  // The months' partitions the load created, so that every run creates them alike.
  for (let month = monthStart; month <= range.lastDay; month = `${addDays(month, 32).slice(0, 7)}-01`)
    await db.query(`DROP TABLE IF EXISTS stream_facts_p${month.slice(0, 4)}_${month.slice(5, 7)}`);
}
