import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FieldIssue } from '@tunehouse/contracts';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../platform/errors.js';
import { fileClosed } from '../../platform/file-closed.js';

/** Bytes read before the rest of a file is accepted: enough for file-type to recognise any format we take. */
export const SNIFF_BYTES = 4100;

/** A file part written whole to a temporary file (`.partial`), not yet anyone's. */
export type ReceivedFile = { path: string; size: number; filename: string | undefined; head: Buffer };

export function tooLarge(field: FieldIssue['path'], maxBytes: number, what = 'The file'): ApiError {
  const message = `${what} is larger than ${formatBytes(maxBytes)}`;
  return new ApiError(413, 'PAYLOAD_TOO_LARGE', message, [{ path: field, message }]);
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3 && bytes % 1024 ** 3 === 0) return `${bytes / 1024 ** 3} GiB`;
  if (bytes >= 1024 ** 2) return `${Math.round((bytes / 1024 ** 2) * 10) / 10} MiB`;
  return `${bytes} bytes`;
}

const isTooLarge = (error: unknown) => (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * A request that declares a body larger than any upload it may carry is refused before a byte is read (413).
 * `allowance` covers the other parts and the multipart framing.
 */
export function refuseOversizedRequest(
  request: FastifyRequest,
  maxBytes: number,
  field: FieldIssue['path'],
  allowance = 1024 * 1024,
) {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + allowance) throw tooLarge(field, maxBytes);
}

/**
 * The end of every multipart route's catch: our own errors and the framework's 4xx (e.g. a size limit) pass as they
 * are; anything else the parser threw (a body cut short, a broken boundary) is the client's unreadable body, 400 —
 * never a 500.
 */
export function rethrowAsUnreadableMultipart(error: unknown): never {
  if (error instanceof ApiError) throw error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) throw error;
  throw new ApiError(400, 'BAD_REQUEST', 'The multipart body could not be read');
}

/** 415 when the body is not multipart/form-data. */
export function requireMultipart(request: FastifyRequest, what: string) {
  if (!request.isMultipart()) {
    const message = `Send ${what} as multipart/form-data`;
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', message, [
      { path: ['headers', 'content-type'], message },
    ]);
  }
}

/**
 * Streams a file part to `<dir>/.<uuid>.partial`, never holding it whole in memory. The first SNIFF_BYTES go to
 * `accept` before anything is written, so a file of the wrong type is refused (415) before the rest is read; a file
 * over `maxBytes` is refused (413) and its partial file removed. The caller owns the returned file: it renames it
 * into place or removes it.
 */
export async function receiveFile(
  part: MultipartFile,
  {
    dir,
    maxBytes,
    field,
    accept,
  }: {
    dir: string;
    maxBytes: number;
    field: FieldIssue['path'];
    accept: (head: Buffer) => Promise<void> | void;
  },
): Promise<ReceivedFile> {
  const stream = part.file;
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const headChunks: Buffer[] = [];
  let headSize = 0;
  let ended = false;
  try {
    while (headSize < SNIFF_BYTES) {
      const next = await chunks.next();
      if (next.done) {
        ended = true;
        break;
      }
      headChunks.push(next.value);
      headSize += next.value.length;
    }
    if (stream.truncated) throw tooLarge(field, maxBytes);
    await accept(Buffer.concat(headChunks));
  } catch (error) {
    // The rest of the part is drained (not stored) so that the request completes.
    stream.resume();
    if (isTooLarge(error)) throw tooLarge(field, maxBytes);
    throw error;
  }
  const head = Buffer.concat(headChunks);
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `.${randomUUID()}.partial`);
  let size = 0;
  const stored = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(async function* () {
      size += head.length;
      yield head;
      while (!ended) {
        const next = await chunks.next();
        if (next.done) break;
        size += next.value.length;
        yield next.value;
      }
    }, stored);
    if (stream.truncated || size > maxBytes) throw tooLarge(field, maxBytes);
    if (size === 0) {
      const message = 'The file is empty';
      throw new ApiError(422, 'UNPROCESSABLE', message, [{ path: field, message }]);
    }
    return { path: file, size, filename: part.filename, head };
  } catch (error) {
    stream.resume();
    await fileClosed(stored);
    await fs.rm(file, { force: true });
    if (isTooLarge(error)) throw tooLarge(field, maxBytes);
    throw error;
  }
}

/** Partial files older than `maxAgeMs` (a process that died mid-upload) are removed; best effort. */
export async function sweepPartials(dir: string, maxAgeMs = 6 * 60 * 60 * 1000): Promise<void> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const cutoff = Date.now() - maxAgeMs;
  await Promise.all(
    names
      .filter((name) => name.startsWith('.') && name.endsWith('.partial'))
      .map(async (name) => {
        const location = path.join(dir, name);
        const stat = await fs.stat(location).catch(() => null);
        if (stat && stat.mtimeMs < cutoff) await fs.rm(location, { recursive: true, force: true });
      }),
  );
}

/** A file name safe to show: no folders, no control characters, bounded. */
export function displayName(filename: string | undefined, fallback: string): string {
  const base = path.basename((filename ?? '').replaceAll('\\', '/'));
  const visible = [...base].filter((char) => char >= ' ' && char !== '\u007f' && !'"<>|'.includes(char));
  const clean = visible.join('').trim().slice(0, 200);
  return clean || fallback;
}
