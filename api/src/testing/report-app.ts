import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endpoints, type Session, urlOf } from '@tunehouse/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { createReportFiles, type ReportFiles } from '../domains/reports/index.js';
import type { Db } from '../platform/db.js';
import { type Jobs, startJobs } from '../platform/jobs.js';
import { createLocalStorage } from '../platform/storage/index.js';
import { bearer, multipart } from './fixtures.js';
import { createTestDatabase, testConfig } from './test-app.js';

/** The API of the report upload tests, on a database and a data folder of its own. */
export type ReportApp = {
  app: FastifyInstance;
  db: Db;
  jobs: Jobs;
  dataDir: string;
  /** The uploaded files as the report job reads them. */
  files: ReportFiles;
  /** The file ids the upload route handed on for loading, in order. */
  queued: string[];
  /** Uploads `content` as a multipart form field (`file` unless named). */
  upload: (
    session: Session,
    name: string,
    content: string | Buffer,
    field?: string,
  ) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};

/**
 * Starts the app with a report queue that only notes the file ids: the test runs the job itself
 * (processReportJob), as the worker would. `maxBytes` is the largest upload accepted.
 */
export async function startReportApp({
  maxBytes,
  folder,
}: {
  maxBytes: number;
  folder: string;
}): Promise<ReportApp> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), folder));
  const jobs = await startJobs({ connectionString: database.url, migrate: false, background: false });
  const queued: string[] = [];
  const queue = { enqueue: async (fileId: string) => void queued.push(fileId) };
  const app = await buildApp(testConfig({ dataDir }), {
    db: database.db,
    jobs,
    reports: { queue, maxBytes },
  });
  await app.ready();
  return {
    app,
    db: database.db,
    jobs,
    dataDir,
    files: createReportFiles(createLocalStorage(dataDir)),
    queued,
    upload: (session, name, content, field = 'file') => {
      const body = multipart([
        { name: field, filename: name, type: 'application/octet-stream', data: content },
      ]);
      return app.inject({
        method: endpoints.reports.upload.method,
        url: urlOf(endpoints.reports.upload),
        payload: body.payload,
        headers: { ...bearer(session), ...body.headers },
      });
    },
    close: async () => {
      await app.close();
      await jobs.stop();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
