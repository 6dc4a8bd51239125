import fs from 'node:fs/promises';
import path from 'node:path';
import type { MediaStorage } from '../../platform/storage/index.js';

const REFERENCE = 'storage:';

/**
 * Uploaded report files wait in the media storage (`reports/<id>`) until their job has loaded them, so the job
 * can run on any API process (docs/decisions/0055-several-api-processes.md). `report_files.stored_file` holds
 * `storage:reports/<id>`; an absolute path is a file an older version left on this machine's disk.
 */
export function createReportFiles(storage: MediaStorage) {
  const keyOf = (reference: string) =>
    reference.startsWith(REFERENCE) ? reference.slice(REFERENCE.length) : null;

  return {
    /**
     * Where an upload is received before it is stored (scratch space on this machine; for the local storage, the
     * folder the file is then renamed within).
     */
    receiving: (id: string) => path.join(storage.scratchDir, 'reports', `.${id}.partial`),

    /** Moves a received file into the storage; answers the reference to record. */
    async keep(id: string, received: string): Promise<string> {
      await storage.put(`reports/${id}`, { file: received }, 'application/octet-stream');
      return `${REFERENCE}reports/${id}`;
    },

    async discard(reference: string): Promise<void> {
      const key = keyOf(reference);
      if (key) await storage.delete(key);
      else await fs.rm(reference, { force: true });
    },

    /** Runs `work` on a local copy of the file (null when it is no longer stored). */
    async withLocalFile<T>(reference: string, work: (file: string) => Promise<T>): Promise<T | null> {
      const key = keyOf(reference);
      if (key) return storage.withLocalFile(key, work);
      const exists = await fs.stat(reference).then(
        () => true,
        () => false,
      );
      return exists ? work(reference) : null;
    },
  };
}

export type ReportFiles = ReturnType<typeof createReportFiles>;
