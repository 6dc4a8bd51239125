import type { ReportUpload } from '@tunehouse/contracts';
import { type Db, withTransaction } from '../../platform/db.js';
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

/** An upload in the media storage (`storedFile`: its reference), with its content's hash: what is recorded and queued. */
export type StoredUpload = {
  id: string;
  name: string;
  format: string;
  storedFile: string;
  sha256: string;
  size: number;
  uploadedBy: string;
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

  return {
    /**
     * Records a stored upload as PENDING and queues it. The same content again is a duplicate (its copy is
     * removed, nothing is queued); a FAILED file's content again is tried again from the new copy. The stored
     * copy is removed when nothing was recorded.
     */
    async record(upload: StoredUpload): Promise<ReportUpload> {
      const { id, sha256, size, ...file } = upload;
      const outcome = await withTransaction(db, async (tx) => {
        // A concurrent upload of the same content waits here for the other's commit, then finds its row.
        const inserted = await insertPendingReportFile(tx, { ...file, id, sha256, size });
        if (inserted) {
          await queue.enqueue(inserted.id, tx);
          return { row: inserted, duplicate: false, replaced: null };
        }
        const known = (await findReportFileBySha(tx, sha256, true))!;
        if (known.status !== 'FAILED') return { row: known, duplicate: true, replaced: null };
        const row = await retryReportFile(tx, known.id, file);
        await queue.enqueue(row.id, tx);
        return { row, duplicate: false, replaced: known.stored_file };
      }).catch(async (error: unknown) => {
        await files.discard(upload.storedFile);
        throw error;
      });
      // Before answering: the copy of a duplicate, or the failed file's older copy, is not needed.
      if (outcome.duplicate) await files.discard(upload.storedFile);
      else if (outcome.replaced && outcome.replaced !== upload.storedFile)
        await files.discard(outcome.replaced);
      return { ...toReportFile(outcome.row), duplicate: outcome.duplicate };
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
