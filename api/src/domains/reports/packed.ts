import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import yauzl from 'yauzl';
import { ReportParseError } from './usage.js';

/**
 * Report files sent compressed (docs/decisions/0081-big-report-files.md): a gzip file (`.gz`) or a zip archive
 * holding one report file (`.zip`). The compressed file is what is stored; its report is read from it as a
 * stream, never unpacked whole in memory or on disk. Which one a file is, its first bytes say (the magic numbers),
 * not its name.
 */

export type Packing = 'gzip' | 'zip' | null;

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** gzip or zip by the first bytes; null for a plain file. */
export function packingOfHead(head: Buffer): Packing {
  if (head.subarray(0, 2).equals(GZIP_MAGIC)) return 'gzip';
  if (head.subarray(0, 4).equals(ZIP_MAGIC)) return 'zip';
  return null;
}

export async function packingOf(file: string): Promise<Packing> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return packingOfHead(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** An opened report: its text's byte stream and the name of the report inside (what the parsers read). */
export type ReportInput = { input: Readable; name: string };

/**
 * The report's bytes, unpacked on the fly when the file is compressed. `name` is the uploaded name; the answer's
 * name is the report's own (`x.tsv.gz` → `x.tsv`; a zip's entry name), which is where a DSR's period and parts are
 * read from. A gzip file cut short or damaged, or a zip whose entry does not check, ends the stream with a
 * ReportParseError (line 0: the file as a whole), so that nothing of it is loaded. `wrap` wraps the file's own
 * byte stream, before unpacking (a progress bar counts the bytes of the file; a zip's entry, unpacked).
 */
export async function openReport(
  file: string,
  name: string,
  wrap: (input: Readable) => Readable = (input) => input,
): Promise<ReportInput> {
  const packing = await packingOf(file);
  const base = path.basename(name);
  if (packing === 'gzip') {
    const inner = base.replace(/\.gz$/i, '') || base;
    const gunzip = zlib.createGunzip();
    const source = wrap(fs.createReadStream(file));
    source.on('error', (error) => gunzip.destroy(error));
    source.pipe(gunzip);
    return { input: refusingDamage(gunzip, base, 'gzip', () => source.destroy()), name: inner };
  }
  if (packing === 'zip') {
    const entry = await openZipEntry(file, base);
    return { ...entry, input: wrap(entry.input) };
  }
  return { input: wrap(fs.createReadStream(file)), name: base };
}

/** A zip's one report file (folders and macOS resource forks aside); a zip of several files is refused. */
async function openZipEntry(file: string, name: string): Promise<ReportInput> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  } catch (error) {
    throw damaged(name, 'zip', error);
  }
  try {
    const entries: yauzl.Entry[] = [];
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/') || entry.fileName.startsWith('__MACOSX/')) continue;
      entries.push(entry);
    }
    if (entries.length !== 1)
      throw new ReportParseError(
        name,
        0,
        `a zip must hold exactly one report file; this one holds ${entries.length}`,
      );
    const entry = entries[0]!;
    const stream = await zip.openReadStreamPromise(entry);
    return {
      input: refusingDamage(stream, name, 'zip', () => zip.close()),
      name: path.basename(entry.fileName),
    };
  } catch (error) {
    zip.close();
    throw error instanceof ReportParseError ? error : damaged(name, 'zip', error);
  }
}

function damaged(name: string, packing: 'gzip' | 'zip', error: unknown): ReportParseError {
  const detail = error instanceof Error ? error.message : String(error);
  return new ReportParseError(
    name,
    0,
    `the ${packing} file is cut short or damaged, so nothing of it was loaded (${detail})`,
  );
}

/**
 * The unpacked stream, its errors turned into the report's own error; `release` (the source file, the zip) runs
 * once when it closes, whether read to the end, failed or destroyed unread.
 */
function refusingDamage(
  stream: Readable,
  name: string,
  packing: 'gzip' | 'zip',
  release: () => void,
): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of stream) yield chunk as Buffer;
    } catch (error) {
      throw damaged(name, packing, error);
    }
  }
  // objectMode off: the parsers read Buffers, as from a file stream.
  const readable = Readable.from(chunks(), { objectMode: false });
  let released = false;
  readable.once('close', () => {
    if (released) return;
    released = true;
    stream.destroy();
    release();
  });
  return readable;
}

/** The first `bytes` of the report's text (unpacked), for sniffing its format. */
export async function readReportHead(file: string, name: string, bytes = 4096): Promise<Buffer> {
  const { input } = await openReport(file, name);
  const parts: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of input) {
      parts.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= bytes) break;
    }
  } finally {
    input.destroy();
  }
  return Buffer.concat(parts).subarray(0, bytes);
}

/**
 * The report's content hash and size, read through to the end: for a compressed file, of what it unpacks to, so
 * that the same report sent plain, gzipped or zipped is one content (a duplicate), and a damaged file is refused
 * before anything is recorded.
 */
export async function hashReport(
  file: string,
  name: string,
): Promise<{ sha256: string; size: number; name: string }> {
  const opened = await openReport(file, name);
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of opened.input) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size, name: opened.name };
}
