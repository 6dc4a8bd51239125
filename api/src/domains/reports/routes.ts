import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { pageQuerySchema } from '@tunehouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { type Db, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { bearer, errorResponses } from '../../platform/route-schemas.js';
import { detectFormat } from './loader.js';
import {
  findReportFile,
  findReportFileBySha,
  insertPendingReportFile,
  listReportFiles,
  listUnmatchedLines,
  type ReportFileRow,
  type ReportQueue,
  reportFilePageSchema,
  reportFileSchema,
  reportUploadSchema,
  retryReportFile,
  toReportFile,
  unmatchedLinePageSchema,
} from './reports.js';
import { rethrowAsUnreadableMultipart } from '../media/upload.js';

/** The multipart part that carries the report. */
export const REPORT_FILE_FIELD = 'file';
/** Platform reports run to a few GiB (a month of a large service); the upload streams to disk, never to memory. */
export const REPORT_MAX_BYTES = 4 * 1024 ** 3;

type Deps = {
  db: Db;
  auth: AuthGuard;
  queue: ReportQueue;
  /** Uploads are stored under <dataDir>/reports until their job has loaded them. */
  dataDir: string;
  maxBytes?: number;
};

const idParamsSchema = z.object({ id: z.uuid() });

function cleanName(name: string | undefined): string {
  const base = path
    .basename(name ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim();
  return base.slice(0, 255) || 'report';
}

/** Streams the one file part to `target`, hashing it on the way. */
async function receiveFile(request: FastifyRequest, target: string, maxBytes: number) {
  if (!request.isMultipart()) {
    const message = `Send the report as multipart/form-data with a file part named ${REPORT_FILE_FIELD}`;
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', message, [
      { path: ['headers', 'content-type'], message },
    ]);
  }
  try {
    return await receiveReportPart(request, target, maxBytes);
  } catch (error) {
    rethrowAsUnreadableMultipart(error);
  }
}

async function receiveReportPart(request: FastifyRequest, target: string, maxBytes: number) {
  const part = await request.file({ limits: { fileSize: maxBytes } });
  if (!part || part.fieldname !== REPORT_FILE_FIELD) {
    const message = `Add the report as a file part named ${REPORT_FILE_FIELD}`;
    throw new ApiError(400, 'VALIDATION_FAILED', 'The request body is invalid', [
      { path: ['body', REPORT_FILE_FIELD], message },
    ]);
  }
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(part.file, counter, fs.createWriteStream(target));
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') tooLarge(maxBytes);
    throw error;
  }
  if (part.file.truncated) tooLarge(maxBytes);
  if (size === 0) {
    const message = 'The report is empty';
    throw new ApiError(400, 'VALIDATION_FAILED', 'The request body is invalid', [
      { path: ['body', REPORT_FILE_FIELD], message },
    ]);
  }
  return { name: cleanName(part.filename), sha256: hash.digest('hex'), size };
}

function tooLarge(maxBytes: number): never {
  const message = `The report is larger than ${Math.round(maxBytes / 1024 ** 2)} MiB`;
  throw new ApiError(413, 'PAYLOAD_TOO_LARGE', message, [{ path: ['body', REPORT_FILE_FIELD], message }]);
}

/** Issue 7: platform report upload and the loaded files' counts and unmatched lines, for admins. */
export function reportRoutes({
  db,
  auth,
  queue,
  dataDir,
  maxBytes = REPORT_MAX_BYTES,
}: Deps): FastifyPluginAsyncZod {
  const folder = path.join(dataDir, 'reports');
  return async (app) => {
    await app.register(multipart, {
      limits: { files: 1, fields: 5, parts: 6, fieldSize: 1000, headerPairs: 100 },
    });
    const adminOnly = auth.guard({ adminOnly: true });
    const tags = ['admin', 'trends'];

    app.post(
      '/v1/admin/reports',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'Upload a platform report (DDEX DSR flat file or Tunehouse CSV): 202, loaded by a job',
          description:
            `multipart/form-data with one file part named ${REPORT_FILE_FIELD}. The file is streamed to disk and ` +
            'loaded in the background (poll GET /v1/admin/reports/{id}); 202 with the file, PENDING. The same ' +
            'content uploaded again answers 200 with the file already known and duplicate: true (nothing is ' +
            'loaded twice); a FAILED file uploaded again is tried again.',
          security: bearer,
          consumes: ['multipart/form-data'],
          response: { 200: reportUploadSchema, 202: reportUploadSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        await fs.promises.mkdir(folder, { recursive: true });
        const id = randomUUID();
        const stored = path.join(folder, id);
        let outcome: { row: ReportFileRow; duplicate: boolean; replaced: string | null };
        try {
          const received = await receiveFile(request, stored, maxBytes);
          const format = await detectFormat(stored, received.name);
          const upload = { name: received.name, format, storedFile: stored, uploadedBy: caller.user.id };
          outcome = await withTransaction(db, async (tx) => {
            // A concurrent upload of the same content waits here for the other's commit, then finds its row.
            const inserted = await insertPendingReportFile(tx, {
              ...upload,
              id,
              sha256: received.sha256,
              size: received.size,
            });
            if (inserted) {
              await queue.enqueue(inserted.id, tx);
              return { row: inserted, duplicate: false, replaced: null };
            }
            const existing = (await findReportFileBySha(tx, received.sha256, true))!;
            if (existing.status !== 'FAILED') return { row: existing, duplicate: true, replaced: null };
            const row = await retryReportFile(tx, existing.id, upload);
            await queue.enqueue(row.id, tx);
            return { row, duplicate: false, replaced: existing.stored_file };
          });
        } catch (error) {
          await fs.promises.rm(stored, { force: true });
          throw error;
        }
        // Before answering: the copy of a duplicate, or the failed file's older copy, is not needed.
        if (outcome.duplicate) await fs.promises.rm(stored, { force: true });
        else if (outcome.replaced && outcome.replaced !== stored)
          await fs.promises.rm(outcome.replaced, { force: true });
        return reply
          .code(outcome.duplicate ? 200 : 202)
          .send({ ...toReportFile(outcome.row), duplicate: outcome.duplicate });
      },
    );

    app.get(
      '/v1/admin/reports',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary:
            'Report files, newest first, with their counts (rows, matched, unmatched, skipped, streams)',
          security: bearer,
          querystring: pageQuerySchema,
          response: { 200: reportFilePageSchema, ...errorResponses },
        },
      },
      async (request) => listReportFiles(db, request.query.offset, request.query.size),
    );

    app.get(
      '/v1/admin/reports/:id',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'One report file: its status (PENDING, LOADED, FAILED with the error) and counts',
          security: bearer,
          params: idParamsSchema,
          response: { 200: reportFileSchema, ...errorResponses },
        },
      },
      async (request) => {
        const file = await findReportFile(db, request.params.id);
        if (!file) throw new ApiError(404, 'NOT_FOUND', 'No such report file');
        return toReportFile(file);
      },
    );

    app.get(
      '/v1/admin/reports/:id/unmatched',
      {
        onRequest: adminOnly,
        schema: {
          tags,
          summary: 'The lines of a report file whose ISRC/UPC match nothing in the catalogue, paged, by line',
          security: bearer,
          params: idParamsSchema,
          querystring: pageQuerySchema,
          response: { 200: unmatchedLinePageSchema, ...errorResponses },
        },
      },
      async (request) => {
        if (!(await findReportFile(db, request.params.id)))
          throw new ApiError(404, 'NOT_FOUND', 'No such report file');
        return listUnmatchedLines(db, request.params.id, request.query.offset, request.query.size);
      },
    );
  };
}
