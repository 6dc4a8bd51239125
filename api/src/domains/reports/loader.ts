import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../../platform/db.js';
import type { CatalogueEntry, CatalogueLookup } from './catalogue.js';
import { parseCsv } from './csv-parser.js';
import { type DsrParseStats, parseDsrBatches } from './dsr-parser.js';
import { periodForUsage } from '../periods/index.js';
import { ensureMonthlyPartitions } from './partitions.js';
import { NO_TERRITORY, type ReportFormat, type UsageRow } from './usage.js';

/**
 * The one load path for platform reports and demo data (docs/decisions/0037-stream-facts.md):
 * parse (streaming) → resolve ISRC/UPC in batches → COPY into a temporary staging table → create the months'
 * partitions → in the same transaction: spread periods over days, merge into the facts (adding to existing rows),
 * add to the rollups (weekly, monthly and daily per track; daily, weekly and monthly per account), upsert
 * playlists and playlist facts, file the revenue lines into their periods, keep unmatched lines, record the file as
 * LOADED. A failure anywhere rolls all of
 * it back. The file's SHA-256 makes a second load a no-op.
 */

/** A usage line ready for staging: resolved (entry) or not (kept as unmatched). */
export type StagedRow = Omit<UsageRow, 'raw'> & { entry: CatalogueEntry | null; raw: string | null };

export type LoadHooks = {
  /** Runs inside the load's transaction right after the facts are merged (tests use it to fail mid-load). */
  afterMerge?: (tx: pg.PoolClient) => Promise<void>;
  /** Runs inside the load's transaction right after every rollup was added to (before playlists and the file row). */
  afterRollups?: (tx: pg.PoolClient) => Promise<void>;
};

export type LoadProgress = { rows: number };

export type LoadOptions = {
  /** The report_files row an upload made (PENDING); without it the loader records the file itself. */
  fileId?: string;
  uploadedBy?: string | null;
  onProgress?: (progress: LoadProgress) => void;
  /** Told how long each phase took (stage, partitions, spread, facts, rollups, playlists, revenue, finish). */
  onPhase?: (phase: string, milliseconds: number) => void;
  /** The currency of revenue on lines whose report names none: the platform currency (default EUR). */
  currency?: string;
  hooks?: LoadHooks;
};

export type ReportFileOptions = LoadOptions & {
  catalogue: CatalogueLookup;
  /** The name to record (default: the file's base name); also what the DSR parser reads the period from. */
  name?: string;
  format?: Exclude<ReportFormat, 'DEMO'>;
  /** Wraps the file's byte stream, e.g. to count the bytes read for a progress bar. */
  wrapInput?: (input: Readable) => Readable;
  /** Identifiers resolved per catalogue call. */
  batchSize?: number;
};

export type LoadResult = {
  fileId: string;
  name: string;
  format: ReportFormat;
  sha256: string;
  /** DUPLICATE: the same content was loaded before (duplicateOf); nothing was changed. */
  status: 'LOADED' | 'DUPLICATE';
  duplicateOf?: { id: string; name: string; loadedAt: Date | null };
  rows: number;
  matched: number;
  unmatched: number;
  skipped: number;
  streams: number;
  firstDay: string | null;
  lastDay: string | null;
  partitionsCreated: string[];
  milliseconds: number;
};

type FileMeta = {
  name: string;
  format: ReportFormat;
  sha256: string;
  size: number;
};

const LOAD_WORK_MEM = '256MB';

/** Any number, the same in every process: one load merges at a time (rollup upserts never deadlock). */
const MERGE_LOCK_KEY = 7_130_417_302;

export async function hashFile(filePath: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(filePath)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** CSV by extension (.csv) or by content (a comma in the first line); DSR flat files otherwise (.tsv, HEAD, #). */
export async function detectFormat(
  filePath: string,
  name = path.basename(filePath),
): Promise<'DDEX_DSR' | 'CSV'> {
  if (/\.csv$/i.test(name)) return 'CSV';
  if (/\.(tsv|txt)$/i.test(name) || /^DSR_/i.test(name)) return 'DDEX_DSR';
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    const first =
      buffer
        .subarray(0, bytesRead)
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)[0] ?? '';
    return first.includes('\t') || first.startsWith('#') ? 'DDEX_DSR' : 'CSV';
  } finally {
    await handle.close();
  }
}

/**
 * Resolves usage rows in batches, remembering answers (a report names the same ISRC in many territories). Takes
 * rows one by one or already in arrays (the DSR parser hands over a chunk's rows at once).
 */
export async function* resolveRows(
  rows: AsyncIterable<UsageRow | readonly UsageRow[]>,
  catalogue: CatalogueLookup,
  batchSize = 5000,
): AsyncGenerator<StagedRow[]> {
  const isrcs = new Map<string, CatalogueEntry | null>();
  const upcs = new Map<string, CatalogueEntry | null>();
  let batch: UsageRow[] = [];
  const flush = async (): Promise<StagedRow[]> => {
    const newIsrcs = new Set<string>();
    const newUpcs = new Set<string>();
    for (const row of batch) {
      if (row.isrc) {
        if (!isrcs.has(row.isrc)) newIsrcs.add(row.isrc);
      } else if (row.upc && !upcs.has(row.upc)) newUpcs.add(row.upc);
    }
    if (newIsrcs.size || newUpcs.size) {
      const found = await catalogue.resolve([...newIsrcs], [...newUpcs]);
      for (const isrc of newIsrcs) isrcs.set(isrc, found.byIsrc.get(isrc) ?? null);
      for (const upc of newUpcs) upcs.set(upc, found.byUpc.get(upc) ?? null);
    }
    // The rows become staged rows in place (no copy per line): nothing else holds them.
    const staged = batch as unknown as StagedRow[];
    for (const row of staged) {
      const entry = row.isrc ? (isrcs.get(row.isrc) ?? null) : row.upc ? (upcs.get(row.upc) ?? null) : null;
      row.entry = entry;
      // The raw line is kept only where an admin will read it.
      if (entry) row.raw = null;
    }
    batch = [];
    return staged;
  };
  for await (const item of rows) {
    if (Array.isArray(item)) for (const row of item as readonly UsageRow[]) batch.push(row);
    else batch.push(item as UsageRow);
    if (batch.length >= batchSize) yield await flush();
  }
  if (batch.length) yield await flush();
}

/** A report file ready to stage: hashed, its format known, already-loaded content answered at once. */
async function prepareFile(
  db: Db,
  filePath: string,
  options: ReportFileOptions,
  started: number,
): Promise<{ file: FileToStage } | { duplicate: LoadResult }> {
  const name = options.name ?? path.basename(filePath);
  const [{ sha256, size }, format] = await Promise.all([
    hashFile(filePath),
    options.format ? Promise.resolve(options.format) : detectFormat(filePath, name),
  ]);
  const meta: FileMeta = { name, format, sha256, size };
  const earlier = await findLoaded(db, sha256);
  if (earlier) return { duplicate: duplicateResult(meta, earlier, started) };
  const stats: DsrParseStats = { skipped: 0 };
  let input: Readable | null = null;
  return {
    file: {
      meta,
      stats,
      ...(options.fileId ? { fileId: options.fileId } : {}),
      rows: () => {
        input = fs.createReadStream(filePath);
        if (options.wrapInput) input = options.wrapInput(input);
        const rows = format === 'CSV' ? parseCsv(input, name) : parseDsrBatches(input, name, stats);
        return resolveRows(rows, options.catalogue, options.batchSize);
      },
      close: () => input?.destroy(),
    },
  };
}

function onlyResult(outcome: LoadResult | Error | undefined): LoadResult {
  if (!outcome) throw new Error('The load answered nothing');
  if (outcome instanceof Error) throw outcome;
  return outcome;
}

/**
 * Loads one report file (DDEX DSR flat or our CSV). Needs a pool with at least two connections: partitions are
 * created on a second one while the load's transaction is open.
 */
export async function loadReportFile(
  db: Db,
  filePath: string,
  options: ReportFileOptions,
): Promise<LoadResult> {
  const started = Date.now();
  const prepared = await prepareFile(db, filePath, options, started);
  if ('duplicate' in prepared) return prepared.duplicate;
  return onlyResult((await loadStaged(db, [prepared.file], options, started, false))[0]);
}

/**
 * Loads several report files in one transaction with one merge (docs/decisions/0051-ingest-one-merge.md): a
 * day's files from an aggregator, or `npm run ingest` given many. Each file is all or nothing: one that fails
 * to parse is rolled back alone and answered with its error, the others are loaded; the merge is one for all of
 * them, so every loaded file becomes visible at the same commit. Answers each file's outcome, in order.
 */
export async function loadReportFiles(
  db: Db,
  filePaths: readonly string[],
  options: Omit<ReportFileOptions, 'fileId' | 'name'>,
): Promise<FileOutcome[]> {
  const started = Date.now();
  const outcomes: Array<FileOutcome | null> = filePaths.map(() => null);
  const toStage: FileToStage[] = [];
  const stagedAt: number[] = [];
  for (const [index, filePath] of filePaths.entries()) {
    try {
      const prepared = await prepareFile(db, filePath, options, started);
      if ('duplicate' in prepared) outcomes[index] = { path: filePath, result: prepared.duplicate };
      else {
        toStage.push(prepared.file);
        stagedAt.push(index);
      }
    } catch (error) {
      outcomes[index] = { path: filePath, error: error instanceof Error ? error : new Error(String(error)) };
    }
  }
  if (toStage.length) {
    const results = await loadStaged(db, toStage, options, started, true);
    for (const [at, result] of results.entries()) {
      const filePath = filePaths[stagedAt[at]!]!;
      outcomes[stagedAt[at]!] =
        result instanceof Error ? { path: filePath, error: result } : { path: filePath, result };
    }
  }
  return outcomes.map(
    (outcome, index) => outcome ?? { path: filePaths[index]!, error: new Error('not loaded') },
  );
}

/** Loads rows already resolved to the catalogue (the demo generator) through the same staging and merge. */
export async function loadResolvedRows(
  db: Db,
  meta: FileMeta,
  batches: AsyncIterable<StagedRow[]> | Iterable<StagedRow[]>,
  options: LoadOptions = {},
): Promise<LoadResult> {
  const started = Date.now();
  const earlier = await findLoaded(db, meta.sha256);
  if (earlier) return duplicateResult(meta, earlier, started);
  const file: FileToStage = {
    meta,
    stats: { skipped: 0 },
    ...(options.fileId ? { fileId: options.fileId } : {}),
    rows: () => batches,
  };
  return onlyResult((await loadStaged(db, [file], options, started, false))[0]);
}

type Earlier = { id: string; name: string; loadedAt: Date | null };

async function findLoaded(db: Db, sha256: string): Promise<Earlier | null> {
  const { rows } = await db.query<{ id: string; name: string; loaded_at: Date | null }>(
    `SELECT id, name, loaded_at FROM report_files WHERE sha256 = $1 AND status = 'LOADED'`,
    [sha256],
  );
  return rows[0] ? { id: rows[0].id, name: rows[0].name, loadedAt: rows[0].loaded_at } : null;
}

function duplicateResult(meta: FileMeta, earlier: Earlier, started: number): LoadResult {
  return {
    fileId: earlier.id,
    name: meta.name,
    format: meta.format,
    sha256: meta.sha256,
    status: 'DUPLICATE',
    duplicateOf: earlier,
    rows: 0,
    matched: 0,
    unmatched: 0,
    skipped: 0,
    streams: 0,
    firstDay: null,
    lastDay: null,
    partitionsCreated: [],
    milliseconds: Date.now() - started,
  };
}

const STAGING_COLUMNS = [
  'file_id',
  'file_order',
  'line',
  'first_day',
  'last_day',
  'platform',
  'territory',
  'isrc',
  'upc',
  'track_id',
  'album_id',
  'account_id',
  'streams',
  'sub30',
  'revenue_micro',
  'currency',
  'playlist_ext',
  'playlist_title',
  'playlist_author',
  'playlist_followers',
  'playlist_url',
  'playlist_image',
  'raw',
] as const;

const STAGING_TABLE = `CREATE TEMPORARY TABLE trend_staging (
  file_id uuid NOT NULL,
  file_order integer NOT NULL,
  line integer NOT NULL,
  first_day date NOT NULL,
  last_day date NOT NULL,
  platform text NOT NULL,
  territory char(2),
  isrc text,
  upc text,
  track_id uuid,
  album_id uuid,
  account_id uuid,
  streams integer NOT NULL,
  sub30 integer NOT NULL,
  revenue_micro bigint,
  currency char(3),
  playlist_ext text,
  playlist_title text,
  playlist_author text,
  playlist_followers integer,
  playlist_url text,
  playlist_image text,
  raw text
) ON COMMIT DROP`;

const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A value in COPY's text format: \N for null, backslash escapes for the four special characters. */
function copyText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  const text = String(value);
  return NEEDS_ESCAPE.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!) : text;
}

/**
 * A staged row as a line of COPY text, in STAGING_COLUMNS order. Written out field by field rather than through an
 * array (this runs once per usage line; docs/decisions/0051-ingest-one-merge.md, "Second pass"). Ids, days and
 * counts need no escaping; every text a report supplies goes through copyText.
 */
function copyLine(fileId: string, order: number, row: StagedRow): string {
  const { entry, playlist } = row;
  const ids = entry ? `${entry.trackId}\t${entry.albumId}\t${entry.accountId}` : '\\N\t\\N\t\\N';
  const playlistText = playlist
    ? `${copyText(playlist.externalId)}\t${copyText(playlist.title)}\t${copyText(playlist.author)}\t` +
      `${copyText(playlist.followers)}\t${copyText(playlist.url)}\t${copyText(playlist.imageUrl)}`
    : '\\N\t\\N\t\\N\t\\N\t\\N\t\\N';
  return (
    `${fileId}\t${order}\t${row.line}\t${row.firstDay}\t${row.lastDay}\t${copyText(row.platform)}\t` +
    `${copyText(row.territory)}\t${copyText(row.isrc)}\t${copyText(row.upc)}\t${ids}\t${row.streams}\t` +
    `${row.sub30}\t${copyText(row.revenueMicro)}\t${copyText(row.currency)}\t${playlistText}\t` +
    `${copyText(row.raw)}\n`
  );
}

async function claimFile(tx: pg.PoolClient, meta: FileMeta, options: LoadOptions): Promise<string | null> {
  if (options.fileId) {
    const { rows } = await tx.query<{ status: string }>(
      'SELECT status FROM report_files WHERE id = $1 FOR UPDATE',
      [options.fileId],
    );
    if (!rows[0]) throw new Error(`Report file ${options.fileId} does not exist`);
    return rows[0].status === 'LOADED' ? null : options.fileId;
  }
  // A concurrent load of the same content waits here for the other one's commit, then finds it LOADED.
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO report_files (sha256, name, format, size, uploaded_by)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (sha256) DO UPDATE SET name = EXCLUDED.name, format = EXCLUDED.format, error = NULL
       WHERE report_files.status <> 'LOADED'
     RETURNING id`,
    [meta.sha256, meta.name, meta.format, meta.size, options.uploadedBy ?? null],
  );
  return rows[0]?.id ?? null;
}

/**
 * Revenue lines (docs/decisions/0043-plans-and-fees.md): every usage line but playlist breakdowns, matched or not,
 * filed into the period of its first day's month while that is open, else the next open one (periodForUsage, which
 * also keeps those periods from starting to close until this load commits). Lines of one track (or unmatched
 * identifier), platform, territory and currency in one period are summed into one line: a daily demo data set
 * becomes monthly lines, a monthly report keeps its lines. Lines without revenue still count their streams (a
 * distribution fee is paid in streams).
 */
async function fileRevenueLines(client: pg.PoolClient, currency: string): Promise<void> {
  const { rows: months } = await client.query<{ month: string }>(
    // The distinct days first (a few per load), their months from those: no per-line date arithmetic.
    `SELECT DISTINCT (day - (extract(day FROM day)::int - 1))::text AS month
       FROM (SELECT DISTINCT first_day AS day FROM trend_staging WHERE playlist_ext IS NULL) AS days ORDER BY 1`,
  );
  if (months.length === 0) return;
  const periods: string[] = [];
  for (const { month } of months) periods.push(await periodForUsage(client, month));
  await client.query(
    `INSERT INTO revenue_lines (period_id, report_file_id, track_id, album_id, account_id, isrc, upc, platform,
                                territory, first_day, last_day, streams, revenue_micro, currency, matched)
     SELECT p.period_id, s.file_id, s.track_id, any_value(s.album_id), any_value(s.account_id), s.isrc, s.upc,
            s.platform, s.territory, min(s.first_day), max(s.last_day), sum(s.streams),
            sum(coalesce(s.revenue_micro, 0)), coalesce(s.currency, $1), s.track_id IS NOT NULL
       FROM trend_staging s
       JOIN unnest($2::date[], $3::uuid[]) AS p(month, period_id)
         -- The month by day arithmetic: date_trunc would go through a timestamp with time zone on every line.
         ON p.month = s.first_day - (extract(day FROM s.first_day)::int - 1)
      WHERE s.playlist_ext IS NULL
      -- A track's album and account are the same on all its lines of a file (one catalogue answer per file), so
      -- they are carried, not grouped by: fewer keys to hash.
      GROUP BY p.period_id, s.file_id, s.track_id, s.isrc, s.upc, s.platform, s.territory, coalesce(s.currency, $1)`,
    [currency, months.map((row) => row.month), periods],
  );
}

/** One file of a load: its identity, its rows (opened only when its turn comes) and where its counts go. */
type FileToStage = {
  meta: FileMeta;
  rows: () => AsyncIterable<StagedRow[]> | Iterable<StagedRow[]>;
  stats: DsrParseStats;
  fileId?: string;
  /** Ends the file's input once it is staged or failed. */
  close?: () => void;
};

/** A file's outcome in a load of several: its result, or why it was not loaded (nothing of it was kept). */
export type FileOutcome = { path: string; result: LoadResult } | { path: string; error: Error };

/**
 * The load itself, for one file or several in one transaction: each file is staged (claimed, parsed, resolved,
 * COPYed) under a savepoint of its own, then every staged file is merged at once — one spread, one upsert into
 * the facts and one into each rollup, however many files (docs/decisions/0051-ingest-one-merge.md). With
 * `isolate`, a file that fails while staging is rolled back to its savepoint and reported, and the others go on;
 * without, its error ends the load. A failure in the merge rolls everything back.
 */
async function loadStaged(
  db: Db,
  files: readonly FileToStage[],
  options: LoadOptions,
  started: number,
  isolate: boolean,
): Promise<Array<LoadResult | Error>> {
  const client = await db.connect();
  let broken = false;
  let phaseStart = Date.now();
  const phase = (name: string) => {
    const now = Date.now();
    options.onPhase?.(name, now - phaseStart);
    phaseStart = now;
  };
  const outcomes: Array<LoadResult | Error | null> = files.map(() => null);
  const staged = new Map<string, number>();
  try {
    await client.query('BEGIN');
    // Sorts and groupings of a large load stay in memory (the server default is 4 MB).
    await client.query(`SET LOCAL work_mem = '${LOAD_WORK_MEM}'`);
    await client.query(STAGING_TABLE);
    let rowsRead = 0;
    for (const [index, file] of files.entries()) {
      const { meta } = file;
      await client.query('SAVEPOINT staging_file');
      try {
        // The same content twice in one load counts once, as it does across loads.
        const first = [...staged].find(([, at]) => files[at]!.meta.sha256 === meta.sha256);
        const fileId = first ? null : await claimFile(client, meta, { ...options, ...pick(file) });
        if (!fileId) {
          await client.query('ROLLBACK TO SAVEPOINT staging_file');
          const earlier = first
            ? { id: first[0], name: files[first[1]]!.meta.name, loadedAt: null }
            : await findLoaded(db, meta.sha256);
          outcomes[index] = duplicateResult(
            meta,
            earlier ?? { id: file.fileId ?? '', name: meta.name, loadedAt: null },
            started,
          );
          continue;
        }
        async function* encode(): AsyncGenerator<string> {
          for await (const batch of file.rows()) {
            rowsRead += batch.length;
            let text = '';
            for (const row of batch) text += copyLine(fileId!, index, row);
            if (text) yield text;
            options.onProgress?.({ rows: rowsRead });
          }
        }
        await pipeline(
          Readable.from(encode()),
          client.query(copyFrom(`COPY trend_staging (${STAGING_COLUMNS.join(', ')}) FROM STDIN`)),
        );
        await client.query('RELEASE SAVEPOINT staging_file');
        staged.set(fileId, index);
      } catch (error) {
        if (!isolate) throw error;
        await client.query('ROLLBACK TO SAVEPOINT staging_file');
        outcomes[index] = error instanceof Error ? error : new Error(String(error));
      } finally {
        file.close?.();
      }
    }
    await client.query('ANALYZE trend_staging');
    phase('stage');

    const partitionsCreated = staged.size ? await mergeStaged(db, client, options, phase) : [];
    if (staged.size) {
      await fileRevenueLines(client, options.currency ?? 'EUR');
      phase('revenue');
    }

    const totals = await finishFiles(client, files, staged);
    await client.query('COMMIT');
    phase('finish');
    for (const [fileId, index] of staged) {
      const file = files[index]!;
      const total = totals.get(fileId) ?? EMPTY_TOTALS;
      outcomes[index] = {
        fileId,
        name: file.meta.name,
        format: file.meta.format,
        sha256: file.meta.sha256,
        status: 'LOADED',
        rows: total.rows,
        matched: total.matched,
        unmatched: total.rows - total.matched,
        skipped: file.stats.skipped,
        streams: Number(total.streams),
        firstDay: total.first_day,
        lastDay: total.last_day,
        partitionsCreated,
        milliseconds: Date.now() - started,
      };
    }
    return outcomes.map((outcome) => outcome ?? new Error('not loaded'));
  } catch (error) {
    await client.query('ROLLBACK').catch(() => (broken = true));
    throw error;
  } finally {
    for (const file of files) file.close?.();
    client.release(broken);
  }
}

function pick(file: FileToStage): Pick<LoadOptions, 'fileId'> {
  return file.fileId ? { fileId: file.fileId } : {};
}

/**
 * Every staged file into the facts and rollups at once: the months' partitions (committed on another connection;
 * they outlive a failed load, empty), the periods spread over their days, one upsert into the facts, one into each
 * rollup, playlists and playlist facts. Answers the partitions created.
 */
async function mergeStaged(
  db: Db,
  client: pg.PoolClient,
  options: LoadOptions,
  phase: (name: string) => void,
): Promise<string[]> {
  const { rows: ranges } = await client.query<{ kind: string; first_day: string; last_day: string }>(
    `SELECT CASE WHEN playlist_ext IS NULL THEN 'stream' ELSE 'playlist' END AS kind,
            min(first_day)::text AS first_day, max(last_day)::text AS last_day
       FROM trend_staging WHERE track_id IS NOT NULL GROUP BY 1`,
  );
  const partitionsCreated: string[] = [];
  for (const range of ranges) {
    const table = range.kind === 'stream' ? 'stream_facts' : 'playlist_facts';
    partitionsCreated.push(...(await ensureMonthlyPartitions(db, table, range.first_day, range.last_day)));
  }

  phase('partitions');
  await client.query('SELECT pg_advisory_xact_lock($1)', [MERGE_LOCK_KEY]);
  // Periods spread evenly over their days: the remainder goes one stream a day to the first days, so the days
  // add up to the line exactly (and sub30 stays ≤ streams on every day).
  await client.query(`CREATE TEMPORARY TABLE trend_delta ON COMMIT DROP AS
    SELECT s.first_day + g.i AS day, s.track_id, s.album_id, s.account_id, s.platform,
           coalesce(s.territory, '${NO_TERRITORY}')::char(2) AS territory,
           sum(s.streams / s.n + (g.i < s.streams % s.n)::int) AS streams,
           sum(s.sub30 / s.n + (g.i < s.sub30 % s.n)::int) AS sub30
      FROM (SELECT *, last_day - first_day + 1 AS n FROM trend_staging
             WHERE track_id IS NOT NULL AND playlist_ext IS NULL) s
      CROSS JOIN LATERAL generate_series(0, s.n - 1) AS g(i)
     GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(s.streams / s.n + (g.i < s.streams % s.n)::int) > 0
     -- In index order within each month's partition: a large load appends to the B-trees instead of hopping.
     ORDER BY s.first_day + g.i - (extract(day FROM s.first_day + g.i)::int - 1), 2, 1, 5, 6`);
  phase('spread');
  await client.query(`INSERT INTO stream_facts AS f (day, track_id, album_id, account_id, platform, territory, streams, sub30)
    SELECT day, track_id, album_id, account_id, platform, territory, streams, sub30
      FROM trend_delta
    ON CONFLICT (track_id, day, platform, territory)
    DO UPDATE SET streams = f.streams + EXCLUDED.streams, sub30 = f.sub30 + EXCLUDED.sub30`);
  phase('facts');
  await options.hooks?.afterMerge?.(client);
  for (const [table, bucket, column] of [
    ['stream_facts_weekly', `day - (extract(isodow FROM day)::int - 1)`, 'week'],
    ['stream_facts_monthly', `day - (extract(day FROM day)::int - 1)`, 'month'],
  ] as const) {
    await client.query(`INSERT INTO ${table} AS r (${column}, track_id, album_id, account_id, platform, territory, streams, sub30)
      SELECT ${bucket}, track_id, album_id, account_id, platform, territory, sum(streams), sum(sub30)
        FROM trend_delta GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 2, 1, 5, 6
      ON CONFLICT (track_id, ${column}, platform, territory)
      DO UPDATE SET streams = r.streams + EXCLUDED.streams, sub30 = r.sub30 + EXCLUDED.sub30`);
  }
  await client.query(`INSERT INTO stream_facts_track_daily AS r (day, track_id, album_id, account_id, streams, sub30)
    SELECT day, track_id, album_id, account_id, sum(streams), sum(sub30)
      FROM trend_delta GROUP BY 1, 2, 3, 4 ORDER BY 2, 1
    ON CONFLICT (track_id, day)
    DO UPDATE SET streams = r.streams + EXCLUDED.streams, sub30 = r.sub30 + EXCLUDED.sub30`);
  // Its weeks and months (migration 0020): totals and per-track figures over long ranges read these.
  for (const [table, bucket, column] of [
    ['stream_facts_track_weekly', `day - (extract(isodow FROM day)::int - 1)`, 'week'],
    ['stream_facts_track_monthly', `day - (extract(day FROM day)::int - 1)`, 'month'],
  ] as const) {
    await client.query(`INSERT INTO ${table} AS r (account_id, ${column}, track_id, album_id, streams, sub30)
      SELECT account_id, ${bucket}, track_id, album_id, sum(streams), sum(sub30)
        FROM trend_delta GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3
      ON CONFLICT (account_id, ${column}, track_id)
      DO UPDATE SET streams = r.streams + EXCLUDED.streams, sub30 = r.sub30 + EXCLUDED.sub30`);
  }
  // The account rollups (no track dimension): what the trends screens read without a catalogue filter.
  for (const [table, bucket, column] of [
    ['stream_facts_account_daily', 'day', 'day'],
    ['stream_facts_account_weekly', `day - (extract(isodow FROM day)::int - 1)`, 'week'],
    ['stream_facts_account_monthly', `day - (extract(day FROM day)::int - 1)`, 'month'],
  ] as const) {
    await client.query(`INSERT INTO ${table} AS r (account_id, ${column}, platform, territory, streams, sub30)
      SELECT account_id, ${bucket}, platform, territory, sum(streams), sum(sub30)
        FROM trend_delta GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (account_id, ${column}, platform, territory)
      DO UPDATE SET streams = r.streams + EXCLUDED.streams, sub30 = r.sub30 + EXCLUDED.sub30`);
  }
  await options.hooks?.afterRollups?.(client);
  phase('rollups');

  await client.query(`INSERT INTO playlists AS p (platform, external_id, title, author, followers, url, image_url)
    SELECT DISTINCT ON (platform, playlist_ext) platform, playlist_ext, coalesce(playlist_title, ''),
           coalesce(playlist_author, ''), playlist_followers, playlist_url, playlist_image
      FROM trend_staging WHERE playlist_ext IS NOT NULL
     -- A later report's details win: the last file staged, its last line.
     ORDER BY platform, playlist_ext, file_order DESC, line DESC
    ON CONFLICT (platform, external_id) DO UPDATE SET
      title = coalesce(nullif(EXCLUDED.title, ''), p.title),
      author = coalesce(nullif(EXCLUDED.author, ''), p.author),
      followers = coalesce(EXCLUDED.followers, p.followers),
      url = coalesce(EXCLUDED.url, p.url),
      image_url = coalesce(EXCLUDED.image_url, p.image_url),
      updated_at = now()`);
  await client.query(`INSERT INTO playlist_facts AS f (day, playlist_id, track_id, album_id, account_id, streams)
    SELECT s.first_day + g.i, p.id, s.track_id, s.album_id, s.account_id,
           sum(s.streams / s.n + (g.i < s.streams % s.n)::int)
      FROM (SELECT *, last_day - first_day + 1 AS n FROM trend_staging
             WHERE track_id IS NOT NULL AND playlist_ext IS NOT NULL) s
      JOIN playlists p ON p.platform = s.platform AND p.external_id = s.playlist_ext
      CROSS JOIN LATERAL generate_series(0, s.n - 1) AS g(i)
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(s.streams / s.n + (g.i < s.streams % s.n)::int) > 0
    ON CONFLICT (track_id, day, playlist_id) DO UPDATE SET streams = f.streams + EXCLUDED.streams`);
  phase('playlists');
  return partitionsCreated;
}

type FileTotals = {
  rows: number;
  matched: number;
  streams: string;
  first_day: string | null;
  last_day: string | null;
};
const EMPTY_TOTALS: FileTotals = { rows: 0, matched: 0, streams: '0', first_day: null, last_day: null };

/** Each staged file's unmatched lines kept, its counts recorded and its row marked LOADED. */
async function finishFiles(
  client: pg.PoolClient,
  files: readonly FileToStage[],
  staged: ReadonlyMap<string, number>,
): Promise<Map<string, FileTotals>> {
  if (staged.size === 0) return new Map();
  await client.query(
    `INSERT INTO unmatched_report_lines (file_id, line, isrc, upc, platform, territory, first_day, last_day, streams, raw)
     SELECT file_id, line, isrc, upc, platform, territory, first_day, last_day, streams, coalesce(raw, '')
       FROM trend_staging WHERE track_id IS NULL`,
  );
  const { rows } = await client.query<FileTotals & { file_id: string }>(
    `SELECT file_id, count(*)::int AS rows, count(track_id)::int AS matched,
            coalesce(sum(streams) FILTER (WHERE track_id IS NOT NULL AND playlist_ext IS NULL), 0) AS streams,
            min(first_day)::text AS first_day, max(last_day)::text AS last_day
       FROM trend_staging GROUP BY file_id`,
  );
  const totals = new Map(rows.map((row) => [row.file_id, row]));
  const ids = [...staged.keys()];
  const of = (id: string) => totals.get(id) ?? EMPTY_TOTALS;
  await client.query(
    `UPDATE report_files f SET status = 'LOADED', rows = t.rows, matched = t.matched,
            unmatched = t.rows - t.matched, skipped = t.skipped, streams = t.streams, first_day = t.first_day,
            last_day = t.last_day, error = NULL, loaded_at = now()
       FROM unnest($1::uuid[], $2::int[], $3::int[], $4::int[], $5::bigint[], $6::date[], $7::date[])
            AS t(id, rows, matched, skipped, streams, first_day, last_day)
      WHERE f.id = t.id`,
    [
      ids,
      ids.map((id) => of(id).rows),
      ids.map((id) => of(id).matched),
      ids.map((id) => files[staged.get(id)!]!.stats.skipped),
      ids.map((id) => of(id).streams),
      ids.map((id) => of(id).first_day),
      ids.map((id) => of(id).last_day),
    ],
  );
  return totals;
}
