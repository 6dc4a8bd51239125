import { ReportParseError } from '../usage.js';

/**
 * The columns of a DSR file's record types: the ones a `#` line names for the rest of the file (a row may come
 * before its `#` line, as HEAD does in one sample), else the profile's own field order (BasicAudioProfile 1.2). A
 * row type is looked up as written (SY02.01), then by its first four characters (SY02). Column positions and the
 * usage records' field plans are worked out once per type and forgotten when a `#` line (re)names columns.
 */

/** One record of the file: its type, its cells (the type first), its line number and text. */
export type DsrRow = { type: string; cells: string[]; line: number; text: string };

/** Refuses the file at a row, naming the file, the line and the reason. */
export function refuseAt(fileName: string, row: Pick<DsrRow, 'line'>, reason: string): never {
  throw new ReportParseError(fileName, row.line, reason);
}

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

const SUB30_COLUMN = /sub.?30|under.?30|shorter.?than.?30|short.?streams/i;

/** Where a usage record type's fields are, worked out once per type (and again after a `#` line renames columns). */
export type UsagePlan = {
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
export function cellAt(cells: readonly string[], index: number): string | undefined {
  return index < 0 ? undefined : cells[index + 1]?.trim();
}

export type DsrColumns = ReturnType<typeof createDsrColumns>;

/** The column book of one file being read. */
export function createDsrColumns() {
  const headers = new Map<string, string[]>();
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
  // Column positions by record type and name.
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
  // Usage record types' field positions.
  const plans = new Map<string, UsagePlan>();

  return {
    /** A `#` line: the type's columns from here on. */
    define(type: string, columns: string[]): void {
      headers.set(type, columns);
      indexes.clear();
      plans.clear();
    },
    /** A row's cell under a column name. */
    field: (row: DsrRow, column: string): string | undefined => cellAt(row.cells, indexOf(row.type, column)),
    planOf(type: string): UsagePlan {
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
    },
  };
}
