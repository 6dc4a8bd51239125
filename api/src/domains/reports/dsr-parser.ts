import path from 'node:path';
import type { Readable } from 'node:stream';
import { textLineChunks } from './text-lines.js';
import { normalizeTerritory, parsePeriod, ReportParseError, type UsageRow } from './usage.js';
import { addRelease, addResource, blockFor, type DsrBlock } from './dsr/blocks.js';
import { createDsrColumns, type DsrRow } from './dsr/columns.js';
import { createDsrHeader } from './dsr/header.js';
import { createUsageReader, type DsrParseStats } from './dsr/usage-records.js';

export { cellValues } from './dsr/cells.js';
export type { DsrParseStats };

/**
 * DDEX DSR flat files (BasicAudioProfile and the UGC profile of the shared samples), read line by line: only the
 * header, the summary records and the current block are held in memory, never the file. This file reads lines
 * and records; `dsr/` holds the readers of each part: columns (`#` lines and the profile's field orders), the
 * header (HEAD and summary records: period and platform), blocks (releases and recordings) and usage records.
 *
 * - `#XXXX` lines name the columns of record type XXXX for the rest of the file (a row may come before its `#`
 *   line, as HEAD does in one sample); without one, the profile's own field order (BasicAudioProfile 1.2) is used.
 *   A row type is looked up as written (SY02.01), then by its first four characters (SY02).
 * - Summary records (SY..) give a SummaryRecordId its territory, service and use type.
 * - A block (RE01/RE02 releases, AS01/AS02 sound recordings, SU.. usages, same BlockId) yields one usage row per
 *   SU record: the recording it names (TransactedResource, DspReleaseId or DspResourceId against the block's
 *   ResourceReference/DspResourceId; the block's only recording otherwise) gives the ISRC, the block's RE01 the
 *   UPC (ICPN). Streams are NumberOfStreams, else Usages. SU rows whose use type is a download are skipped.
 * - Period: the SU row's ValidityPeriodStart/End, else HEAD UsageStartDate/UsageEndDate, else the period in the
 *   file name (DSR_Recipient_Sender_Service_Period_Territory_xofy_Timestamp.tsv); the loader spreads it over days.
 * - Platform: HEAD SenderName, else the summary's ServiceDescription, HEAD ServiceDescription, the sender and
 *   service of the file name, the sender's DPID; UNKNOWN when none names a store we know.
 * - Sub-30 counts are not part of the profile: a column whose `#` name says so (Sub30, StreamsUnder30Seconds, …)
 *   is read when present, otherwise 0.
 * - Cells holding several values separate them with `|` (`\|` is a literal bar); the first valid ISRC/ICPN counts.
 * - Revenue: the usage record's NetRevenue (SU03 of the UGC profile), in micro-units, in the currency of its summary
 *   record (Currency or CurrencyOfReporting); a usage record without NetRevenue brings streams only. An unreadable
 *   NetRevenue is refused with its line. A negative NetRevenue or usage count makes the record a correction line
 *   (docs/decisions/0078-corrections-and-negative-balances.md): its revenue (≤ 0), no streams.
 */

const RECORD_TYPE = /^[A-Z]{2}[A-Z0-9]{2}(\.\d{2})?$/;
/** The record closing a file: FOOT (FFOO in the shared samples' parser test file, whose head is FHEA). */
const FOOTERS: ReadonlySet<string> = new Set(['FOOT', 'FFOO']);

/** The parts of a DSR file name (DSR_Recipient_Sender_Service_Period_Territory_xofy_Timestamp.tsv), if it is one. */
export function parseDsrFileName(fileName: string) {
  const match = /^DSR_([^_]+)_([^_]+)_([^_]+)_([^_]+)_([^_]+)_(\d+)of(\d+)(?:_([^.]*))?\.[a-z]+$/i.exec(
    path.basename(fileName),
  );
  if (!match) return null;
  return {
    recipient: match[1]!,
    sender: match[2]!,
    service: match[3]!,
    period: parsePeriod(match[4]!),
    territory: match[5]!,
  };
}

/**
 * The usage rows of a DSR file, one array per chunk read (what the loader stages; parseDsr gives them one by one).
 * The lines of a chunk are read without an await between them (docs/decisions/0051-ingest-one-merge.md, "Second
 * pass"); an error is thrown after the rows read before it in its chunk were handed over.
 */
export async function* parseDsrBatches(
  input: Readable,
  fileName: string,
  stats: DsrParseStats = { skipped: 0 },
): AsyncGenerator<UsageRow[]> {
  const name = path.basename(fileName);
  const fromName = parseDsrFileName(name);
  const columns = createDsrColumns();
  const header = createDsrHeader(name, columns, fromName);
  const usageOf = createUsageReader({
    fileName: name,
    columns,
    header,
    territory: normalizeTerritory(fromName?.territory),
    stats,
  });
  let block: DsrBlock | null = null;
  const recordTypes = new Set<string>();
  let lineNo = 0;
  let records = 0;
  let footer: number | null = null;

  /** One line of the file; a usage row goes into `out`. */
  const readLine = (rawLine: string, out: UsageRow[]): void => {
    lineNo += 1;
    const text = lineNo === 1 ? rawLine.replace(/^\uFEFF/, '') : rawLine;
    if (!text.trim()) return;
    if (footer !== null)
      throw new ReportParseError(name, lineNo, `a record after the FOOT record of line ${footer}`);
    if (text.startsWith('#')) {
      const [type, ...named] = text.slice(1).split('\t');
      columns.define(
        type!.trim(),
        named.map((column) => column.trim()),
      );
      header.columnsChanged();
      return;
    }
    const cells = text.split('\t');
    const type = cells[0]!.trim();
    if (!recordTypes.has(type)) {
      if (!RECORD_TYPE.test(type))
        throw new ReportParseError(
          name,
          lineNo,
          `${JSON.stringify(type.slice(0, 20))} is not a DSR record type`,
        );
      recordTypes.add(type);
    }
    records += 1;
    const row: DsrRow = { type, cells, line: lineNo, text };
    const kind = type.slice(0, 2);
    if (FOOTERS.has(type)) footer = lineNo;
    else if (type === 'HEAD') header.setHead(row);
    else if (kind === 'SY') header.addSummary(row);
    else if (kind === 'RE' || kind === 'AS' || kind === 'SU') {
      block = blockFor(block, columns, row);
      if (kind === 'RE') addRelease(block, columns, row);
      else if (kind === 'AS') addResource(block, columns, row);
      else {
        const usage = usageOf(row, block);
        if (usage) out.push(usage);
      }
    }
    // Other records (MW.., RU.., LI.., and types this profile does not know) carry nothing we count.
  };

  for await (const lines of textLineChunks(input)) {
    const out: UsageRow[] = [];
    try {
      for (const line of lines) readLine(line, out);
    } catch (error) {
      if (out.length) yield out;
      throw error;
    }
    if (out.length) yield out;
  }
  // The FOOT record closes a DSR file: without it the file was cut off (an upload or copy that stopped), and
  // whatever was read is refused with it.
  if (records > 0 && footer === null)
    throw new ReportParseError(
      name,
      lineNo,
      'the file ends without its FOOT record: it is cut short (or not a whole DSR file)',
    );
}

/** The usage rows of a DSR file, one at a time (parseDsrBatches, unbatched). */
export async function* parseDsr(
  input: Readable,
  fileName: string,
  stats: DsrParseStats = { skipped: 0 },
): AsyncGenerator<UsageRow> {
  for await (const rows of parseDsrBatches(input, fileName, stats)) yield* rows;
}
