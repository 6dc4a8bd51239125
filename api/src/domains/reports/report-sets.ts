import { createDsrColumns } from './dsr/columns.js';
import { parseDsrFileName } from './dsr-parser.js';
import { openReport, readReportHead } from './packed.js';
import { ReportParseError } from './usage.js';

/**
 * Multi-part DSR sets (docs/decisions/0081-big-report-files.md): which set an uploaded part belongs to and which
 * part it is, from the report's file name (`DSR_Recipient_Sender_Service_Period_Territory_2of3_Timestamp.tsv`)
 * or, failing that, from its HEAD record (FileNumber, NumberOfFiles). Where both say, they must agree. A file
 * alone (1of1, or no numbers at all) is no set.
 */
export type ReportPart = { key: string; part: number; parts: number };

/** Enough of the file for its HEAD record (and the `#HEAD` line naming its columns). */
const HEAD_BYTES = 64 * 1024;

export async function reportPartOf(file: string, uploadedName: string): Promise<ReportPart | null> {
  const opened = await openReport(file, uploadedName);
  opened.input.destroy();
  const name = opened.name;
  const named = parseDsrFileName(name);
  const numbers = /_(\d+)of(\d+)(?:_[^.]*)?\.[a-z]+$/i.exec(name);
  const fromName =
    named && numbers ? { ...named, part: Number(numbers[1]), parts: Number(numbers[2]) } : null;
  const head = await readHead(file, uploadedName);
  const fileNumber = head ? wholeNumber(head.field('FileNumber')) : null;
  const numberOfFiles = head ? wholeNumber(head.field('NumberOfFiles')) : null;
  if (fromName && fileNumber !== null && numberOfFiles !== null) {
    if (fromName.part !== fileNumber || fromName.parts !== numberOfFiles)
      throw new ReportParseError(
        name,
        head!.line,
        `the file name says part ${fromName.part} of ${fromName.parts}, its HEAD record ${fileNumber} of ${numberOfFiles}`,
      );
  }
  const part = fromName?.part ?? fileNumber;
  const parts = fromName?.parts ?? numberOfFiles;
  if (part === null || parts === null || parts < 2) return null;
  if (part < 1 || part > parts)
    throw new ReportParseError(name, head?.line ?? 0, `part ${part} of ${parts} is not a part of the set`);
  // The name without its part and timestamp names the set; a HEAD alone gives the sender, service and period.
  const key = fromName
    ? [
        'DSR',
        fromName.recipient,
        fromName.sender,
        fromName.service,
        fromName.period?.firstDay ?? '',
        fromName.period?.lastDay ?? '',
        fromName.territory,
        `of${parts}`,
      ].join('_')
    : [
        'HEAD',
        head!.field('SenderName') ?? head!.field('SenderPartyId') ?? '',
        head!.field('ServiceDescription') ?? '',
        head!.field('UsageStartDate') ?? '',
        head!.field('UsageEndDate') ?? '',
        `of${parts}`,
      ].join('_');
  return { key: key.toUpperCase(), part, parts };
}

function wholeNumber(text: string | undefined): number | null {
  return text && /^\d{1,6}$/.test(text) ? Number(text) : null;
}

/** The HEAD record of a DSR file's first bytes, read with its `#HEAD` columns when the file names them. */
async function readHead(file: string, name: string) {
  const text = (await readReportHead(file, name, HEAD_BYTES)).toString('utf8').replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/);
  // The last line may be cut off by the byte limit.
  lines.pop();
  const columns = createDsrColumns();
  let head: { cells: string[]; line: number } | null = null;
  for (const [index, line] of lines.entries()) {
    if (line.startsWith('#HEAD\t'))
      columns.define(
        'HEAD',
        line
          .split('\t')
          .slice(1)
          .map((column) => column.trim()),
      );
    else if (line.startsWith('HEAD\t') && !head) head = { cells: line.split('\t'), line: index + 1 };
  }
  if (!head) return null;
  const row = { type: 'HEAD', cells: head.cells, line: head.line, text: '' };
  return { line: head.line, field: (column: string) => columns.field(row, column) || undefined };
}
