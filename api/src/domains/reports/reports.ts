import { type ReportFile, toPage, type UnmatchedLine } from '@tunehouse/contracts';
import type { Db, Queryable } from '../../platform/db.js';
import { iso } from '../../platform/db.js';
import { type Jobs, QUEUES } from '../../platform/jobs.js';
import { type MetricsPort, noMetrics } from '../../platform/metrics.js';
import type { EmitEvents } from '../../platform/webhook-events.js';
import type { CatalogueLookup } from './catalogue.js';
import { loadReportFile, loadReportSet } from './loader.js';
import type { ReportFiles } from './report-files.js';
import type { ReportPart } from './report-sets.js';
import { ReportParseError } from './usage.js';

/**
 * Report files for the admins: the list with counts, the unmatched lines of one file, and the background job that
 * loads an uploaded file. The answer schemas are in @tunehouse/contracts (trends.ts), re-exported here.
 */

export {
  REPORT_STATUSES,
  reportFilePageSchema,
  reportFileSchema,
  reportUploadSchema,
  unmatchedLinePageSchema,
  unmatchedLineSchema,
} from '@tunehouse/contracts';

export type ReportFileRow = {
  id: string;
  name: string;
  format: ReportFile['format'];
  status: ReportFile['status'];
  size: string;
  rows: number;
  matched: number;
  unmatched: number;
  skipped: number;
  streams: string;
  first_day: string | null;
  last_day: string | null;
  restated_months: string[];
  error: string | null;
  stored_file: string | null;
  created_at: Date;
  loaded_at: Date | null;
  set_key: string | null;
  part_number: number | null;
  part_count: number | null;
  /** The parts of the set in so far (those loaded, for a loaded part; those waiting, for a waiting one). */
  parts_in: number[] | null;
};

const FILE_COLUMNS = `id, name, format, status, size, rows, matched, unmatched, skipped, streams,
  first_day::text, last_day::text, error, stored_file, created_at, loaded_at, set_key, part_number, part_count,
  (SELECT array_agg(DISTINCT s.part_number ORDER BY s.part_number) FROM report_files s
    WHERE s.set_key = report_files.set_key AND (s.status = 'LOADED') = (report_files.status = 'LOADED')) AS parts_in,
  array(SELECT to_char(m, 'YYYY-MM') FROM unnest(restated_months) AS m ORDER BY 1) AS restated_months`;

export function toReportFile(row: ReportFileRow): ReportFile {
  return {
    id: row.id,
    name: row.name,
    format: row.format,
    status: row.status,
    size: Number(row.size),
    rows: row.rows,
    matched: row.matched,
    unmatched: row.unmatched,
    skipped: row.skipped,
    streams: Number(row.streams),
    firstDay: row.first_day,
    lastDay: row.last_day,
    restatedMonths: row.restated_months,
    error: row.error,
    createdAt: iso(row.created_at)!,
    loadedAt: iso(row.loaded_at),
    set: setOf(row),
  };
}

function setOf(row: ReportFileRow): ReportFile['set'] {
  if (!row.set_key || !row.part_number || !row.part_count) return null;
  const received = row.parts_in ?? [];
  const missing: number[] = [];
  for (let part = 1; part <= row.part_count; part += 1) if (!received.includes(part)) missing.push(part);
  return { part: row.part_number, parts: row.part_count, received, missing };
}

export async function findReportFile(db: Queryable, id: string): Promise<ReportFileRow | null> {
  const { rows } = await db.query<ReportFileRow>(`SELECT ${FILE_COLUMNS} FROM report_files WHERE id = $1`, [
    id,
  ]);
  return rows[0] ?? null;
}

export async function findReportFileBySha(
  db: Queryable,
  sha256: string,
  lock = false,
): Promise<ReportFileRow | null> {
  const { rows } = await db.query<ReportFileRow>(
    `SELECT ${FILE_COLUMNS} FROM report_files WHERE sha256 = $1${lock ? ' FOR UPDATE' : ''}`,
    [sha256],
  );
  return rows[0] ?? null;
}

/** Records an upload as PENDING; null when a file with the same content is recorded already. */
export async function insertPendingReportFile(
  db: Queryable,
  file: {
    id: string;
    sha256: string;
    name: string;
    format: string;
    size: number;
    storedFile: string;
    uploadedBy: string;
    set?: ReportPart | null;
  },
): Promise<ReportFileRow | null> {
  const { rows } = await db.query<ReportFileRow>(
    `INSERT INTO report_files (id, sha256, name, format, size, stored_file, uploaded_by, set_key, part_number,
                               part_count)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (sha256) DO NOTHING RETURNING ${FILE_COLUMNS}`,
    [
      file.id,
      file.sha256,
      file.name,
      file.format,
      file.size,
      file.storedFile,
      file.uploadedBy,
      file.set?.key ?? null,
      file.set?.part ?? null,
      file.set?.parts ?? null,
    ],
  );
  return rows[0] ?? null;
}

/** A FAILED file uploaded again: back to PENDING with the new copy, for another try. */
export async function retryReportFile(
  db: Queryable,
  id: string,
  file: { name: string; format: string; storedFile: string; uploadedBy: string },
): Promise<ReportFileRow> {
  const { rows } = await db.query<ReportFileRow>(
    `UPDATE report_files SET status = 'PENDING', error = NULL, name = $2, format = $3, stored_file = $4,
            uploaded_by = $5, created_at = now()
      WHERE id = $1 RETURNING ${FILE_COLUMNS}`,
    [id, file.name, file.format, file.storedFile, file.uploadedBy],
  );
  return rows[0]!;
}

export async function listReportFiles(db: Queryable, offset: number, size: number) {
  const [{ rows }, total] = await Promise.all([
    db.query<ReportFileRow>(
      `SELECT ${FILE_COLUMNS} FROM report_files ORDER BY created_at DESC, id OFFSET $1 LIMIT $2`,
      [offset, size],
    ),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM report_files'),
  ]);
  return toPage(rows.map(toReportFile), offset, size, total.rows[0]!.n);
}

export async function listUnmatchedLines(db: Queryable, fileId: string, offset: number, size: number) {
  const [{ rows }, total] = await Promise.all([
    db.query<{
      line: number;
      isrc: string | null;
      upc: string | null;
      platform: string;
      territory: string | null;
      first_day: string;
      last_day: string;
      streams: number;
      raw: string;
    }>(
      `SELECT line, isrc, upc, platform, territory, first_day::text, last_day::text, streams, raw
         FROM unmatched_report_lines WHERE file_id = $1 ORDER BY line OFFSET $2 LIMIT $3`,
      [fileId, offset, size],
    ),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM unmatched_report_lines WHERE file_id = $1', [
      fileId,
    ]),
  ]);
  const items: UnmatchedLine[] = rows.map((row) => ({
    line: row.line,
    isrc: row.isrc,
    upc: row.upc,
    platform: row.platform,
    territory: row.territory,
    firstDay: row.first_day,
    lastDay: row.last_day,
    streams: row.streams,
    raw: row.raw,
  }));
  return toPage(items, offset, size, total.rows[0]!.n);
}

// ---------------------------------------------------------------------------------------------------------------
// The job.

/** The pg-boss queue that loads uploaded reports (worked in main.ts). */
export const REPORT_INGEST_QUEUE = QUEUES.reportIngest;
export type ReportIngestJob = { fileId: string };

/** Hands an uploaded file to the loader's job, in the transaction that recorded it. */
export type ReportQueue = { enqueue(fileId: string, tx: Queryable): Promise<void> };

export function pgBossReportQueue(jobs: Jobs): ReportQueue {
  return {
    enqueue: (fileId, tx) => jobs.enqueue(REPORT_INGEST_QUEUE, { fileId } satisfies ReportIngestJob, tx),
  };
}

/**
 * The job: loads the stored upload through the same loader as `npm run ingest`. A part of a multi-part set is
 * loaded with the rest of its set, as one report in one transaction, once every part is in (the upload of the
 * last part queues it; docs/decisions/0081-big-report-files.md). A file that cannot be read is FAILED with the
 * loader's message (file and line; every part of a set with it) and not retried; any other error is recorded and
 * thrown so that pg-boss retries. A loaded file's stored copy is deleted. Given `emitEvents`, the load records
 * `report.loaded` in its transaction (reports-loaded.ts).
 */
export async function processReportJob(
  db: Db,
  { fileId }: ReportIngestJob,
  {
    catalogue,
    files,
    metrics = noMetrics,
    emitEvents,
  }: { catalogue: CatalogueLookup; files: ReportFiles; metrics?: MetricsPort; emitEvents?: EmitEvents },
): Promise<void> {
  const file = await findReportFile(db, fileId);
  if (!file || file.status === 'LOADED') return;
  const parts = file.set_key ? await waitingParts(db, file.set_key) : [file];
  // Not complete yet: the last part's upload queues the set again.
  if (file.set_key && parts.length < file.part_count!) return;
  const ids = parts.map((part) => part.id);
  const fail = (message: string) =>
    db.query(
      `UPDATE report_files SET status = 'FAILED', error = $2 WHERE id = ANY($1::uuid[]) AND status <> 'LOADED'`,
      [ids, message.slice(0, 2000)],
    );
  const gone = () => fail('The uploaded file is no longer stored; upload it again');
  const stored = parts.map((part) => part.stored_file);
  if (stored.some((reference) => !reference)) {
    await gone();
    return;
  }
  const formatOf = (part: ReportFileRow) =>
    (part.format === 'CSV' ? 'CSV' : 'DDEX_DSR') as 'CSV' | 'DDEX_DSR';
  try {
    const loaded = await withLocalFiles(files, stored as string[], async (locals) => {
      const results = !file.set_key
        ? [
            await loadReportFile(db, locals[0]!, {
              catalogue,
              ...(emitEvents ? { emitEvents } : {}),
              fileId,
              name: file.name,
              format: formatOf(file),
            }),
          ]
        : await loadReportSet(
            db,
            parts.map((part, at) => ({
              path: locals[at]!,
              fileId: part.id,
              name: part.name,
              format: formatOf(part),
            })),
            { catalogue, ...(emitEvents ? { emitEvents } : {}) },
          );
      metrics.reportLinesRead(results.reduce((lines, result) => lines + result.rows, 0));
      return true;
    });
    if (!loaded) {
      await gone();
      return;
    }
  } catch (error) {
    await fail(error instanceof Error ? error.message : String(error));
    if (error instanceof ReportParseError) return;
    throw error;
  }
  for (const reference of stored) await files.discard(reference!);
  await db.query('UPDATE report_files SET stored_file = NULL WHERE id = ANY($1::uuid[])', [ids]);
}

/** The parts of a set not loaded yet, one per part number (the newest upload of each), in part order. */
async function waitingParts(db: Queryable, setKey: string): Promise<ReportFileRow[]> {
  const { rows } = await db.query<ReportFileRow>(
    `SELECT DISTINCT ON (part_number) ${FILE_COLUMNS} FROM report_files
      WHERE set_key = $1 AND status <> 'LOADED' ORDER BY part_number, created_at DESC`,
    [setKey],
  );
  return rows;
}

/** Runs `work` with a local copy of every stored file (null when one is no longer stored). */
async function withLocalFiles<T>(
  files: ReportFiles,
  references: readonly string[],
  work: (locals: string[]) => Promise<T>,
  locals: string[] = [],
): Promise<T | null> {
  if (locals.length === references.length) return work(locals);
  const result = await files.withLocalFile(references[locals.length]!, (local) =>
    withLocalFiles(files, references, work, [...locals, local]),
  );
  return result ?? null;
}
