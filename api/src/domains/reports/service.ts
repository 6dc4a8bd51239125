import type { ReportUpload } from '@tunehouse/contracts';
import { type Db, type Queryable, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import {
  findReportFile,
  findReportFileBySha,
  insertPendingReportFile,
  listReportFiles,
  listUnmatchedLines,
  type ReportFileRow,
  type ReportQueue,
  retryReportFile,
  toReportFile,
} from './reports.js';
import type { ReportFiles } from './report-files.js';
import type { ReportPart } from './report-sets.js';

/** An upload in the media storage (`storedFile`: its reference), with its content's hash: what is recorded and queued. */
export type StoredUpload = {
  id: string;
  name: string;
  format: string;
  storedFile: string;
  sha256: string;
  size: number;
  uploadedBy: string;
  /** The multi-part set this upload is a part of, if any. */
  set?: ReportPart | null;
};

/**
 * Report files for the admins: recording an upload (queued for the loader's job, once per content), the files with
 * their counts, and the lines that matched nothing.
 */
export function createReportService({
  db,
  queue,
  files,
}: {
  db: Db;
  queue: ReportQueue;
  files: ReportFiles;
}) {
  async function existing(id: string): Promise<ReportFileRow> {
    const file = await findReportFile(db, id);
    if (!file) throw new ApiError(404, 'NOT_FOUND', 'No such report file');
    return file;
  }

  /** A file alone is queued at once; a part of a set once every part of its set is in (its job loads the set). */
  async function queueWhenComplete(tx: Queryable, row: ReportFileRow): Promise<void> {
    if (row.set_key) {
      const { rows } = await tx.query<{ n: number }>(
        `SELECT count(DISTINCT part_number)::int AS n FROM report_files WHERE set_key = $1 AND status <> 'LOADED'`,
        [row.set_key],
      );
      if (rows[0]!.n < row.part_count!) return;
    }
    await queue.enqueue(row.id, tx);
  }

  /**
   * A part whose number is in already: refused while that part waits (409: two different files cannot both be part
   * 2); a FAILED one (its set failed to load) is replaced: taken out of the set, and its stored copy answered to be
   * removed.
   */
  async function replacePart(tx: Queryable, set: ReportPart, sha256: string): Promise<string | null> {
    const { rows } = await tx.query<{
      id: string;
      name: string;
      status: string;
      sha256: string;
      stored_file: string | null;
    }>(
      `SELECT id, name, status, sha256, stored_file FROM report_files
        WHERE set_key = $1 AND part_number = $2 AND status <> 'LOADED'`,
      [set.key, set.part],
    );
    let replaced: string | null = null;
    for (const earlier of rows) {
      if (earlier.sha256 === sha256) continue;
      if (earlier.status !== 'FAILED') {
        const message = `Part ${set.part} of ${set.parts} of this set is in already (${earlier.name}); it is waiting for the other parts`;
        throw new ApiError(409, 'CONFLICT', message, [{ path: ['body', 'file'], message }]);
      }
      await tx.query(
        `UPDATE report_files SET set_key = NULL, part_number = NULL, part_count = NULL, stored_file = NULL
          WHERE id = $1`,
        [earlier.id],
      );
      replaced = earlier.stored_file;
    }
    return replaced;
  }

  return {
    /**
     * Records a stored upload as PENDING and queues it. The same content again is a duplicate (its copy is
     * removed, nothing is queued); a FAILED file's content again is tried again from the new copy. The stored
     * copy is removed when nothing was recorded.
     */
    async record(upload: StoredUpload): Promise<ReportUpload> {
      const { id, sha256, size, ...file } = upload;
      const outcome = await withTransaction(db, async (tx) => {
        // The parts of one set are recorded one at a time, so that exactly one upload finds the set complete.
        if (upload.set) await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [upload.set.key]);
        const detached = upload.set ? await replacePart(tx, upload.set, sha256) : null;
        // A concurrent upload of the same content waits here for the other's commit, then finds its row.
        const inserted = await insertPendingReportFile(tx, { ...file, id, sha256, size });
        if (inserted) {
          await queueWhenComplete(tx, inserted);
          return { row: inserted, duplicate: false, replaced: detached };
        }
        const known = (await findReportFileBySha(tx, sha256, true))!;
        if (known.status !== 'FAILED') return { row: known, duplicate: true, replaced: null };
        const row = await retryReportFile(tx, known.id, file);
        await queueWhenComplete(tx, row);
        return { row, duplicate: false, replaced: known.stored_file };
      }).catch(async (error: unknown) => {
        await files.discard(upload.storedFile);
        throw error;
      });
      // Before answering: the copy of a duplicate, or the failed file's older copy, is not needed.
      if (outcome.duplicate) await files.discard(upload.storedFile);
      else if (outcome.replaced && outcome.replaced !== upload.storedFile)
        await files.discard(outcome.replaced);
      // Read again after the commit: a part's set shows the parts in, this one included.
      const row = (await findReportFile(db, outcome.row.id)) ?? outcome.row;
      return { ...toReportFile(row), duplicate: outcome.duplicate };
    },

    list: (offset: number, size: number) => listReportFiles(db, offset, size),

    get: async (id: string) => toReportFile(await existing(id)),

    async unmatched(id: string, offset: number, size: number) {
      await existing(id);
      return listUnmatchedLines(db, id, offset, size);
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
