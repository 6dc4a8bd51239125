import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../../platform/db.js';
import { parseCsv } from './csv-parser.js';
import { type DsrParseStats, parseDsrBatches } from './dsr-parser.js';
import { claimFile, duplicateResult, EMPTY_TOTALS, findLoaded, finishFiles } from './file-records.js';
import type {
  FileMeta,
  FileOutcome,
  FileToStage,
  LoadOptions,
  LoadResult,
  ReportFileOptions,
  StagedRow,
} from './load-types.js';
import { mergeStaged } from './merge.js';
import { hashReport, openReport, packingOf, readReportHead } from './packed.js';
import { resolveRows } from './resolve-rows.js';
import { tellReportsLoaded } from './reports-loaded.js';
import { planMonths } from './restatements.js';
import { fileStagedRevenueLines } from './revenue-lines.js';
import { copyLine, STAGING_COLUMNS, STAGING_TABLE } from './stage.js';

export type {
  FileOutcome,
  LoadHooks,
  LoadOptions,
  LoadProgress,
  LoadResult,
  ReportFileOptions,
  StagedRow,
} from './load-types.js';
export { resolveRows } from './resolve-rows.js';

/**
 * The one load path for platform reports and demo data (docs/decisions/0037-stream-facts.md):
 * parse (streaming) → resolve ISRC/UPC in batches → COPY into a temporary staging table → create the months'
 * partitions → in the same transaction: spread periods over days, merge into the facts (adding to existing rows),
 * add to the rollups (weekly, monthly and daily per track; daily, weekly and monthly per account), upsert
 * playlists and playlist facts, file the revenue lines into their periods, keep unmatched lines, record the file as
 * LOADED. A failure anywhere rolls all of
 * it back. The file's SHA-256 makes a second load a no-op.
 *
 * This file holds the entry points and the load's transaction; its phases are files of their own: resolve-rows.ts,
 * stage.ts (the staging table and COPY text), merge.ts (facts, rollups, playlists), revenue-lines.ts and
 * file-records.ts (the report_files rows).
 */

const LOAD_WORK_MEM = '256MB';

export async function hashFile(filePath: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(filePath)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/**
 * CSV by extension (.csv) or by content (a comma in the first line); DSR flat files otherwise (.tsv, HEAD, #). A
 * compressed file (.gz, .zip) is judged by the report inside it: its name and first unpacked bytes.
 */
export async function detectFormat(
  filePath: string,
  name = path.basename(filePath),
): Promise<'DDEX_DSR' | 'CSV'> {
  const { input, name: inner } = await openReport(filePath, name);
  input.destroy();
  if (/\.csv$/i.test(inner)) return 'CSV';
  if (/\.(tsv|txt)$/i.test(inner) || /^DSR_/i.test(inner)) return 'DDEX_DSR';
  const first =
    (await readReportHead(filePath, name))
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)[0] ?? '';
  return first.includes('\t') || first.startsWith('#') ? 'DDEX_DSR' : 'CSV';
}

/**
 * The file's content hash and size. An upload's row (fileId) recorded both when it was received: a compressed
 * upload was unpacked to its end and hashed then (packed-upload.ts), so it is not unpacked and hashed a second
 * time here (docs/decisions/0081-big-report-files.md, "Ingest ×2"); damage is still found by the parse's unpacking
 * (gzip and zip check their CRC). Otherwise the file is hashed: a compressed file's hash is its report's
 * (packed.ts), so the same report plain or gzipped is one content.
 */
async function contentOf(
  db: Db,
  filePath: string,
  name: string,
  fileId: string | undefined,
): Promise<{ sha256: string; size: number }> {
  if (fileId) {
    const { rows } = await db.query<{ sha256: string; size: string }>(
      'SELECT sha256, size FROM report_files WHERE id = $1',
      [fileId],
    );
    if (rows[0]) return { sha256: rows[0].sha256, size: Number(rows[0].size) };
  }
  return (await packingOf(filePath)) ? hashReport(filePath, name) : hashFile(filePath);
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
    contentOf(db, filePath, name, options.fileId),
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
        // Opened only when the file's turn comes; a compressed file is unpacked as it is read (packed.ts), and
        // the parsers read the name of the report inside it (a DSR's period and parts are in that name).
        async function* parsed() {
          const opened = await openReport(filePath, name, options.wrapInput);
          input = opened.input;
          if (format === 'CSV') yield* parseCsv(input, opened.name);
          else yield* parseDsrBatches(input, opened.name, stats);
        }
        return resolveRows(parsed(), options.catalogue, options.batchSize);
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

/**
 * Loads the parts of a multi-part DSR set as one report (docs/decisions/0081-big-report-files.md): one
 * transaction and one merge for all parts, and all or nothing — a part that fails to parse rolls every part back.
 * Each part keeps its own report_files row (fileId) and counts.
 */
export async function loadReportSet(
  db: Db,
  parts: ReadonlyArray<{ path: string; fileId: string; name: string; format: 'CSV' | 'DDEX_DSR' }>,
  options: Omit<ReportFileOptions, 'fileId' | 'name' | 'format'>,
): Promise<LoadResult[]> {
  const started = Date.now();
  const toStage: FileToStage[] = [];
  for (const part of parts) {
    const prepared = await prepareFile(
      db,
      part.path,
      { ...options, fileId: part.fileId, name: part.name, format: part.format },
      started,
    );
    // A part's content is recorded once (report_files.sha256), by its own row: loaded already means loaded.
    if ('file' in prepared) toStage.push(prepared.file);
  }
  if (!toStage.length) return [];
  return (await loadStaged(db, toStage, options, started, false)).map(onlyResult);
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

    // Restated months (docs/decisions/0079-restated-months.md) are known before the merge: trends leave them out.
    const months = staged.size ? await planMonths(client) : [];
    const partitionsCreated = staged.size ? await mergeStaged(db, client, options, phase) : [];
    if (staged.size) {
      await fileStagedRevenueLines(client, options.currency ?? 'EUR', months);
      phase('revenue');
    }

    const totals = await finishFiles(client, files, staged);
    if (options.emitEvents && staged.size)
      await tellReportsLoaded(client, [...staged.keys()], options.emitEvents);
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
