import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { endpoints, REPORT_FILE_FIELD } from '@tunehouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import { ApiError } from '../../platform/errors.js';
import { fileClosed } from '../../platform/file-closed.js';
import { rethrowAsUnreadableMultipart } from '../media/index.js';
import { detectFormat } from './loader.js';
import { packingOfHead } from './packed.js';
import { checkPackedUpload } from './packed-upload.js';
import { requireReportHeader } from './report-header.js';
import { type ReportPart, reportPartOf } from './report-sets.js';
import { ReportParseError } from './usage.js';
import type { ReportFiles } from './report-files.js';
import type { ReportService } from './service.js';

/**
 * Platform reports run to a few GiB (a month of a large service), sent compressed: up to 5 GiB as uploaded
 * (docs/decisions/0081-big-report-files.md). The upload streams to disk, never to memory.
 */
export const REPORT_MAX_BYTES = 5 * 1024 ** 3;

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

const TEXT_SNIFF_BYTES = 4096;

/** Text has no NUL bytes and decodes as UTF-8 (a multi-byte character cut at the end of the sniffed bytes is fine). */
function looksLikeText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
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
  let head = Buffer.alloc(0);
  let packed = false;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      // A report is text (CSV or a DSR flat file): its first bytes decide, before the rest is stored. A gzip or
      // zip file is checked once stored, unpacked (packed-upload.ts).
      if (head.length < TEXT_SNIFF_BYTES && !packed) {
        head = Buffer.concat([head, chunk]).subarray(0, TEXT_SNIFF_BYTES);
        if (head.length >= 4 && packingOfHead(head)) packed = true;
        else if (!looksLikeText(head)) {
          const message =
            'A report must be a UTF-8 text file (CSV or a DSR flat file), not a binary or other encoding';
          callback(
            new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', message, [
              { path: ['body', REPORT_FILE_FIELD], message },
            ]),
          );
          return;
        }
      }
      callback(null, chunk);
    },
  });
  const stored = fs.createWriteStream(target);
  try {
    await pipeline(part.file, counter, stored);
  } catch (error) {
    // The caller removes the file on a refusal, so the refusal waits until the file is closed.
    await fileClosed(stored);
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
  return { name: cleanName(part.filename), sha256: hash.digest('hex'), size, packed };
}

/** The multi-part set a DSR upload is a part of (report-sets.ts); a file name and HEAD that disagree are refused. */
async function partOf(file: string, name: string): Promise<ReportPart | null> {
  try {
    return await reportPartOf(file, name);
  } catch (error) {
    if (!(error instanceof ReportParseError)) throw error;
    const message = `Not a part of a DSR set: ${error.reason}`;
    throw new ApiError(422, 'UNPROCESSABLE', message, [{ path: ['body', REPORT_FILE_FIELD], message }]);
  }
}

function tooLarge(maxBytes: number): never {
  const message = `The report is larger than ${Math.round(maxBytes / 1024 ** 2)} MiB`;
  throw new ApiError(413, 'PAYLOAD_TOO_LARGE', message, [{ path: ['body', REPORT_FILE_FIELD], message }]);
}

/** Platform report upload and the loaded files' counts and unmatched lines, for admins. */
export function reportRoutes({
  reports,
  files,
  auth,
  maxBytes = REPORT_MAX_BYTES,
}: {
  reports: ReportService;
  /** Uploads are kept in the media storage until their job has loaded them. */
  files: ReportFiles;
  auth: AuthGuard;
  maxBytes?: number;
}): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      limits: { files: 1, fields: 5, parts: 6, fieldSize: 1000, headerPairs: 100 },
    });
    const route = endpointRegistrar(app, auth);
    const api = endpoints.reports;

    route(api.upload, async (request) => {
      const id = randomUUID();
      const receiving = files.receiving(id);
      await fs.promises.mkdir(path.dirname(receiving), { recursive: true });
      let received: Omit<Awaited<ReturnType<typeof receiveFile>>, 'packed'> & {
        format: string;
        set: ReportPart | null;
        storedFile: string;
      };
      try {
        const { packed, ...file } = await receiveFile(request, receiving, maxBytes);
        // A compressed report's hash is of what it unpacks to: the same report plain or gzipped is one content.
        if (packed)
          Object.assign(
            file,
            await checkPackedUpload(receiving, file.name, REPORT_FILE_FIELD, looksLikeText),
          );
        const format = await detectFormat(receiving, file.name);
        await requireReportHeader(receiving, file.name, format, REPORT_FILE_FIELD);
        const set = format === 'DDEX_DSR' ? await partOf(receiving, file.name) : null;
        received = { ...file, format, set, storedFile: await files.keep(id, receiving) };
      } catch (error) {
        await fs.promises.rm(receiving, { force: true });
        throw error;
      }
      const upload = await reports.record({
        ...received,
        id,
        uploadedBy: callerOf(request).user.id,
      });
      return { status: upload.duplicate ? 200 : 202, body: upload };
    });
    route(api.list, async (request) => ({
      status: 200,
      body: await reports.list(request.query.offset, request.query.size),
    }));
    route(api.get, async (request) => ({ status: 200, body: await reports.get(request.params.id) }));
    route(api.unmatched, async (request) => ({
      status: 200,
      body: await reports.unmatched(request.params.id, request.query.offset, request.query.size),
    }));
  };
}
