import { ApiError } from '../../platform/errors.js';
import { hashReport, readReportHead } from './packed.js';
import { ReportParseError } from './usage.js';

/**
 * A compressed upload checked before it is recorded (docs/decisions/0081-big-report-files.md): unpacked once as a
 * stream, to the end, so that a gzip file cut short (an upload that stopped) or a damaged zip is refused now with
 * a clear reason and nothing recorded or booked, and its content hash is the report's own. Its report must be
 * text, as a plain upload must.
 */
export async function checkPackedUpload(
  file: string,
  name: string,
  field: string,
  looksLikeText: (head: Buffer) => boolean,
): Promise<{ sha256: string }> {
  const refuse = (message: string): never => {
    throw new ApiError(422, 'UNPROCESSABLE', message, [{ path: ['body', field], message }]);
  };
  try {
    if (!looksLikeText(await readReportHead(file, name)))
      refuse('The compressed report must be a UTF-8 text file (CSV or a DSR flat file)');
    const { sha256, size } = await hashReport(file, name);
    if (size === 0) refuse('The compressed report is empty');
    return { sha256 };
  } catch (error) {
    if (error instanceof ReportParseError) return refuse(`${error.reason}`);
    throw error;
  }
}
