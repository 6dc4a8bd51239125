import { type ReportFile, toPage, type UnmatchedLine } from '@tunehouse/contracts';
import type { Db, Queryable } from '../../platform/db.js';
import { iso } from '../../platform/db.js';
import { type Jobs, QUEUES } from '../../platform/jobs.js';
import type { CatalogueLookup } from './catalogue.js';
import { loadReportFile } from './loader.js';
import type { ReportFiles } from './report-files.js';
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
};

const FILE_COLUMNS = `id, name, format, status, size, rows, matched, unmatched, skipped, streams,
  first_day::text, last_day::text, error, stored_file, created_at, loaded_at,
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
  };
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
  },
): Promise<ReportFileRow | null> {
  const { rows } = await db.query<ReportFileRow>(
    `INSERT INTO report_files (id, sha256, name, format, size, stored_file, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (sha256) DO NOTHING RETURNING ${FILE_COLUMNS}`,
    [file.id, file.sha256, file.name, file.format, file.size, file.storedFile, file.uploadedBy],
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
 * The job: loads the stored upload through the same loader as `npm run ingest`. A file that cannot be read is
 * FAILED with the loader's message (file and line) and not retried; any other error is recorded and thrown so that
 * pg-boss retries. A loaded file's stored copy is deleted.
 */
export async function processReportJob(
  db: Db,
  { fileId }: ReportIngestJob,
  { catalogue, files }: { catalogue: CatalogueLookup; files: ReportFiles },
): Promise<void> {
  const file = await findReportFile(db, fileId);
  if (!file || file.status === 'LOADED') return;
  const fail = (message: string) =>
    db.query(`UPDATE report_files SET status = 'FAILED', error = $2 WHERE id = $1 AND status <> 'LOADED'`, [
      fileId,
      message.slice(0, 2000),
    ]);
  const gone = () => fail('The uploaded file is no longer stored; upload it again');
  if (!file.stored_file) {
    await gone();
    return;
  }
  try {
    const loaded = await files.withLocalFile(file.stored_file, async (local) => {
      await loadReportFile(db, local, {
        catalogue,
        fileId,
        name: file.name,
        format: file.format === 'CSV' ? 'CSV' : 'DDEX_DSR',
      });
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
  await files.discard(file.stored_file);
  await db.query('UPDATE report_files SET stored_file = NULL WHERE id = $1', [fileId]);
}
