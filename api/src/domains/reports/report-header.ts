import { Readable } from 'node:stream';
import { ApiError } from '../../platform/errors.js';
import { parseCsv } from './csv-parser.js';
import { openReport } from './packed.js';
import { ReportParseError } from './usage.js';

/** Enough of the file for its header row and a first record. */
const HEADER_BYTES = 64 * 1024;

/**
 * A CSV report's header row is read before the upload is accepted: a text file renamed `.csv`, or a report cut off
 * inside its header, is refused (422 with the parser's reason) instead of being kept and queued only to fail. The
 * rows after it are the loading job's to check (a report runs to GiBs): a bad row fails the whole file, nothing of
 * it loaded. DSR flat files are checked by that job as a whole (their HEAD record need not be the first line).
 */
export async function requireReportHeader(
  file: string,
  name: string,
  format: string,
  field: string,
): Promise<void> {
  if (format !== 'CSV') return;
  // A compressed report's header is read from what it unpacks to.
  const opened = await openReport(file, name);
  const input = opened.input;
  try {
    for await (const row of parseCsv(limited(input, HEADER_BYTES), opened.name)) {
      void row;
      return;
    }
  } catch (error) {
    // Only the header row decides here: the first bytes may end inside a later row.
    if (!(error instanceof ReportParseError) || error.line > 1) return;
    const message = `Not a Tunehouse CSV report: ${error.reason}`;
    throw new ApiError(422, 'UNPROCESSABLE', message, [{ path: ['body', field], message }]);
  } finally {
    input.destroy();
  }
}

/** The first `bytes` of a stream (the rest is left unread). */
function limited(input: Readable, bytes: number): Readable {
  async function* head(): AsyncGenerator<Buffer> {
    let left = bytes;
    for await (const chunk of input) {
      const part = (chunk as Buffer).subarray(0, left);
      left -= part.length;
      yield part;
      if (left <= 0) return;
    }
  }
  return Readable.from(head(), { objectMode: false });
}
