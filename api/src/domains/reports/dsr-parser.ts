import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Store } from '@tunehouse/contracts';
import {
  checkPeriod,
  normalizeIsrc,
  normalizeTerritory,
  normalizeUpc,
  parseCount,
  parseDay,
  parsePeriod,
  ReportParseError,
  storeFromName,
  type UsageRow,
} from './usage.js';
import { normalizeCurrency, parseMicroUnits } from './revenue.js';
import { textLineChunks } from './text-lines.js';

/**
 * DDEX DSR flat files (BasicAudioProfile and the UGC profile of the shared samples), read line by line: only the
 * header, the summary records and the current block are held in memory, never the file.
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
 *   record (Currency or CurrencyOfReporting); a usage record without NetRevenue brings streams only. A negative or
 *   unreadable NetRevenue is refused with its line.
 */

export type DsrParseStats = { skipped: number };

const HEAD_COLUMNS = [
  'MessageVersion',
  'Profile',
  'ProfileVersion',
  'MessageId',
  'MessageCreatedDateTime',
  'FileNumber',
  'NumberOfFiles',
  'UsageStartDate',
  'UsageEndDate',
  'SenderPartyId',
  'SenderName',
  'ServiceDescription',
  'RecipientPartyId',
  'RecipientName',
  'RepresentedRepertoire',
];
/** SY01.01, SY02.02, SY04.01, SY05.02 all start with these (the rest is money, not needed here). */
const SUMMARY_COLUMNS = [
  'SummaryRecordId',
  'DistributionChannel',
  'DistributionChannelDPID',
  'CommercialModel',
  'UseType',
  'Territory',
  'ServiceDescription',
  'Usages',
];
const RESOURCE_COLUMNS = ['BlockId', 'ResourceReference', 'DspResourceId', 'ISRC', 'Title', 'SubTitle'];

/** Field orders of BasicAudioProfile 1.2 (and SU03 of the UGC profile, as the shared samples write it). */
const BUILT_IN_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  HEAD: HEAD_COLUMNS,
  SY01: SUMMARY_COLUMNS,
  SY02: SUMMARY_COLUMNS,
  SY04: SUMMARY_COLUMNS,
  SY05: SUMMARY_COLUMNS,
  SY06: SUMMARY_COLUMNS,
  RE01: ['BlockId', 'ReleaseReference', 'DspReleaseId', 'ProprietaryReleaseId', 'CatalogNumber', 'ICPN'],
  RE02: ['BlockId', 'ReleaseReference', 'DspSubReleaseId', 'ProprietarySubReleaseId', 'UsedResources'],
  AS01: RESOURCE_COLUMNS,
  AS02: RESOURCE_COLUMNS,
  SU01: [
    'BlockId',
    'SummaryRecordId',
    'SalesTransactionId',
    'TransactedRelease',
    'TransactedResource',
    'IsRoyaltyBearing',
    'SalesUpgrade',
    'Usages',
    'Returns',
  ],
  SU02: [
    'BlockId',
    'SummaryRecordId',
    'SalesTransactionId',
    'TransactedRelease',
    'TransactedResource',
    'IsRoyaltyBearing',
    'NumberOfStreams',
  ],
  SU03: [
    'BlockId',
    'SalesTransactionId',
    'SummaryRecordId',
    'DspReleaseId',
    'Usages',
    'NetRevenue',
    'ValidityPeriodStart',
    'ValidityPeriodEnd',
  ],
};

const RECORD_TYPE = /^[A-Z]{2}[A-Z0-9]{2}(\.\d{2})?$/;
/** The record closing a file: FOOT (FFOO in the shared samples' parser test file, whose head is FHEA). */
const FOOTERS: ReadonlySet<string> = new Set(['FOOT', 'FFOO']);
const SUB30_COLUMN = /sub.?30|under.?30|shorter.?than.?30|short.?streams/i;

type Row = { type: string; cells: string[]; line: number; text: string };
type Summary = {
  territory: string | null;
  service: string;
  /** A download use type: its usage records are skipped. */
  download: boolean;
  currency: string | null;
};
type Resource = { reference: string; dspId: string; isrc: string | null };
type Release = { reference: string; dspId: string; upc: string | null };
type Block = { id: string; releases: Release[]; resources: Resource[] };

/** A cell's values: split on `|` not preceded by a backslash, `\|` and `\\` unescaped. */
export function cellValues(cell: string | undefined): string[] {
  if (!cell) return [];
  return cell
    .split(/(?<!\\)\|/)
    .map((value) => value.replace(/\\([|\\])/g, '$1').trim())
    .filter(Boolean);
}

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

/** Where a usage record type's fields are, worked out once per type (and again after a `#` line renames columns). */
type UsagePlan = {
  /** The columns a `#` line names for the type, or null (the profile's own order applies). */
  written: readonly string[] | null;
  summaryId: number;
  blockId: number;
  /** TransactedResource, DspReleaseId, DspResourceId, TransactedRelease: what may name the block's items. */
  refs: readonly number[];
  numberOfStreams: number;
  usages: number;
  sub30: number;
  validityStart: number;
  validityEnd: number;
  netRevenue: number;
  /** Fields a record must hold (more, not empty, is a shifted row). */
  needed: number;
};

/** A cell's text (trimmed) at a column position, undefined when the type has no such column or the row no cell. */
function cellAt(cells: readonly string[], index: number): string | undefined {
  return index < 0 ? undefined : cells[index + 1]?.trim();
}

const DIGITS_ONLY = /^\d{1,9}$/;

/** parseCount with a fast path for the plain counts nearly every line holds. */
function countOf(text: string | undefined): number | null {
  return text !== undefined && DIGITS_ONLY.test(text) ? Number(text) : parseCount(text);
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
  const nameTerritory = normalizeTerritory(fromName?.territory);
  const headers = new Map<string, string[]>();
  const summaries = new Map<string, Summary>();
  let head: Row | null = null;
  let block: Block | null = null;
  let platform: Store | null | undefined;
  // What HEAD gives every usage, worked out once per HEAD: its period, and the store of each summary record.
  let headPeriod: { firstDay: string; lastDay: string } | null = null;
  const platforms = new Map<Summary | undefined, Store>();

  /** The columns a `#` line of the file names for a record type, if any. */
  const writtenColumns = (type: string): readonly string[] | null => {
    const base = type.slice(0, 4);
    const written = headers.get(type) ?? headers.get(base);
    if (written) return written;
    for (const [key, columns] of headers) if (key.slice(0, 4) === base) return columns;
    return null;
  };
  const columnsOf = (type: string): readonly string[] =>
    writtenColumns(type) ?? BUILT_IN_COLUMNS[type.slice(0, 4)] ?? [];
  // Column positions by record type and name, forgotten whenever a `#` line (re)names a type's columns.
  const indexes = new Map<string, number>();
  const indexOf = (type: string, column: string): number => {
    const key = `${type}\u0000${column}`;
    let index = indexes.get(key);
    if (index === undefined) {
      const wanted = column.toLowerCase();
      index = columnsOf(type).findIndex((name) => name.toLowerCase() === wanted);
      indexes.set(key, index);
    }
    return index;
  };
  const field = (row: Row, column: string): string | undefined =>
    cellAt(row.cells, indexOf(row.type, column));
  const fail = (row: Row, reason: string): never => {
    throw new ReportParseError(name, row.line, reason);
  };
  // Usage record types' field positions, forgotten with the column positions.
  const plans = new Map<string, UsagePlan>();
  const planOf = (type: string): UsagePlan => {
    let plan = plans.get(type);
    if (!plan) {
      const written = writtenColumns(type);
      const numberOfStreams = indexOf(type, 'NumberOfStreams');
      const usages = indexOf(type, 'Usages');
      const countIndex = Math.max(numberOfStreams, usages);
      const sub30Column = columnsOf(type).find((column) => SUB30_COLUMN.test(column));
      plan = {
        written,
        summaryId: indexOf(type, 'SummaryRecordId'),
        blockId: indexOf(type, 'BlockId'),
        refs: ['TransactedResource', 'DspReleaseId', 'DspResourceId', 'TransactedRelease'].map((column) =>
          indexOf(type, column),
        ),
        numberOfStreams,
        usages,
        sub30: sub30Column ? indexOf(type, sub30Column) : -1,
        validityStart: indexOf(type, 'ValidityPeriodStart'),
        validityEnd: indexOf(type, 'ValidityPeriodEnd'),
        netRevenue: indexOf(type, 'NetRevenue'),
        needed: written ? Math.max(written.length, countIndex + 1) : countIndex + 1,
      };
      plans.set(type, plan);
    }
    return plan;
  };

  const usagePeriod = (row: Row, plan: UsagePlan) => {
    const start = cellAt(row.cells, plan.validityStart);
    const end = cellAt(row.cells, plan.validityEnd);
    if (start || end) {
      const firstDay = start ? parseDay(start) : null;
      const lastDay = end ? parseDay(end) : firstDay;
      if (!firstDay || !lastDay || lastDay < firstDay)
        fail(row, `the validity period ${start ?? ''}..${end ?? ''} is not a pair of dates`);
      return { firstDay: firstDay!, lastDay: lastDay! };
    }
    if (head && headPeriod) return headPeriod;
    if (head) {
      const first = field(head, 'UsageStartDate');
      const last = field(head, 'UsageEndDate');
      const from = first ? parsePeriod(first) : null;
      const to = last ? parsePeriod(last) : from;
      if (from && to && from.firstDay <= to.lastDay)
        return (headPeriod = { firstDay: from.firstDay, lastDay: to.lastDay });
      // Dates the HEAD gives but that cannot be read are an error, not a reason to guess from the file name.
      if (first || last)
        fail(head, `the usage period ${first ?? ''}..${last ?? ''} is not a pair of dates (or periods)`);
    }
    if (fromName?.period) return fromName.period;
    return fail(row, 'no usage period: neither the record, the HEAD nor the file name gives one');
  };

  const platformFor = (summary: Summary | undefined): Store => {
    if (platform === undefined) {
      platform =
        storeFromName(head && field(head, 'SenderName')) ??
        storeFromName(fromName?.sender) ??
        storeFromName(head && field(head, 'SenderPartyId')) ??
        null;
    }
    if (platform) return platform;
    let store = platforms.get(summary);
    if (!store) {
      store =
        storeFromName(summary?.service) ??
        storeFromName(head && field(head, 'ServiceDescription')) ??
        storeFromName(fromName?.service) ??
        'UNKNOWN';
      platforms.set(summary, store);
    }
    return store;
  };
  // Checked once per distinct period (a report repeats a few periods on every line; most lines share one object).
  const periodProblems = new Map<string, string | null>();
  let lastPeriod: { firstDay: string; lastDay: string } | null = null;
  let lastProblem: string | null = null;
  const periodProblem = (period: { firstDay: string; lastDay: string }) => {
    if (period === lastPeriod) return lastProblem;
    const key = `${period.firstDay}/${period.lastDay}`;
    let problem = periodProblems.get(key);
    if (problem === undefined) periodProblems.set(key, (problem = checkPeriod(period)));
    lastPeriod = period;
    lastProblem = problem;
    return problem;
  };
  const refs: string[] = [];
  const named = (item: { reference: string; dspId: string }) =>
    refs.includes(item.reference) || refs.includes(item.dspId);

  const usage = (row: Row): UsageRow | null => {
    const plan = planOf(row.type);
    const { cells } = row;
    const summaryId = cellAt(cells, plan.summaryId);
    const summary = summaryId ? summaries.get(summaryId) : undefined;
    if (summary?.download) {
      stats.skipped += 1;
      return null;
    }
    const blockId = cellAt(cells, plan.blockId);
    const current = block && block.id === blockId ? block : null;
    refs.length = 0;
    for (const index of plan.refs) {
      const value = cellAt(cells, index);
      if (value) refs.push(value);
    }
    const resources = current?.resources ?? [];
    const releases = current?.releases ?? [];
    const resource = resources.find(named) ?? (resources.length === 1 ? resources[0] : undefined);
    const release = releases.find(named) ?? releases.find((item) => item.upc) ?? undefined;
    // A usage record must hold the fields its `#` line names (or, without one, up to its count): fewer is a line
    // cut short, more (not empty) a shifted row, e.g. a tab inside a value; either would count the wrong figures.
    const { written } = plan;
    const fields = cells.length - 1;
    if (written && fields > written.length && cells.slice(written.length + 1).some((cell) => cell.trim()))
      fail(row, `the ${row.type} record has ${fields} fields, its # line names ${written.length}`);
    if (fields < plan.needed)
      fail(
        row,
        `the ${row.type} record has ${fields} fields, ${plan.needed} expected: the line is cut short`,
      );
    const streamsText = cellAt(cells, plan.numberOfStreams) ?? cellAt(cells, plan.usages);
    const streams = countOf(streamsText);
    if (streams === null)
      fail(row, `the usage count ${JSON.stringify(streamsText ?? '')} is not a whole number`);
    const sub30Text = cellAt(cells, plan.sub30);
    const sub30 = sub30Text ? countOf(sub30Text) : 0;
    if (sub30 === null) fail(row, `the sub-30 count ${JSON.stringify(sub30Text)} is not a whole number`);
    if (sub30! > streams!) fail(row, `the sub-30 count ${sub30} is more than the ${streams} streams`);
    const period = usagePeriod(row, plan);
    const problem = periodProblem(period);
    if (problem) fail(row, problem);
    const revenueText = cellAt(cells, plan.netRevenue);
    const revenueMicro = revenueText ? parseMicroUnits(revenueText) : null;
    if (revenueText && revenueMicro === null)
      fail(row, `the net revenue ${JSON.stringify(revenueText)} is not an amount ≥ 0`);
    return {
      line: row.line,
      firstDay: period.firstDay,
      lastDay: period.lastDay,
      platform: platformFor(summary),
      territory: summary?.territory ?? nameTerritory,
      isrc: resource?.isrc ?? null,
      upc: release?.upc ?? null,
      streams: streams!,
      sub30: sub30!,
      revenueMicro,
      currency: summary?.currency ?? null,
      playlist: null,
      raw: row.text,
    };
  };

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
      const [type, ...columns] = text.slice(1).split('\t');
      headers.set(
        type!.trim(),
        columns.map((column) => column.trim()),
      );
      indexes.clear();
      plans.clear();
      headPeriod = null;
      platforms.clear();
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
    const row: Row = { type, cells, line: lineNo, text };
    const kind = type.slice(0, 2);
    if (FOOTERS.has(type)) footer = lineNo;
    else if (type === 'HEAD') {
      head = row;
      platform = undefined;
      headPeriod = null;
      platforms.clear();
    } else if (kind === 'SY') {
      const id = field(row, 'SummaryRecordId') ?? '';
      if (!summaries.has(id)) {
        summaries.set(id, {
          territory: normalizeTerritory(field(row, 'Territory')),
          service: field(row, 'ServiceDescription') ?? '',
          download: /download/i.test(field(row, 'UseType') ?? ''),
          currency: normalizeCurrency(field(row, 'Currency') ?? field(row, 'CurrencyOfReporting')),
        });
      }
    } else if (kind === 'RE' || kind === 'AS' || kind === 'SU') {
      const blockId = field(row, 'BlockId') ?? '';
      if (!block || block.id !== blockId) block = { id: blockId, releases: [], resources: [] };
      if (kind === 'RE') {
        block.releases.push({
          reference: field(row, 'ReleaseReference') ?? '',
          dspId: field(row, 'DspReleaseId') ?? field(row, 'DspSubReleaseId') ?? '',
          upc: cellValues(field(row, 'ICPN')).map(normalizeUpc).find(Boolean) ?? null,
        });
      } else if (kind === 'AS') {
        block.resources.push({
          reference: field(row, 'ResourceReference') ?? '',
          dspId: field(row, 'DspResourceId') ?? '',
          isrc: cellValues(field(row, 'ISRC')).map(normalizeIsrc).find(Boolean) ?? null,
        });
      } else {
        const result = usage(row);
        if (result) out.push(result);
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
