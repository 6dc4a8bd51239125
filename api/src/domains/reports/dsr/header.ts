import type { Store } from '@tunehouse/contracts';
import { normalizeCurrency } from '../revenue.js';
import { normalizeTerritory, parseDay, parsePeriod, storeFromName } from '../usage.js';
import { cellAt, type DsrColumns, type DsrRow, refuseAt, type UsagePlan } from './columns.js';

/** What a summary record (SY..) gives the usage records naming its SummaryRecordId. */
export type DsrSummary = {
  territory: string | null;
  service: string;
  /** A download use type: its usage records are skipped. */
  download: boolean;
  currency: string | null;
};

/** The parts of a DSR file name that can stand in for what the HEAD does not say. */
export type DsrNameParts = {
  sender: string;
  service: string;
  period: { firstDay: string; lastDay: string } | null;
};

type Period = { firstDay: string; lastDay: string };

export type DsrHeader = ReturnType<typeof createDsrHeader>;

/**
 * The file's HEAD and summary records, and what they give every usage: its period (the record's validity, else
 * HEAD UsageStartDate/UsageEndDate, else the file name's period) and its platform (HEAD SenderName, the file name's
 * sender, the sender's DPID; else per summary: its ServiceDescription, HEAD ServiceDescription, the file name's
 * service; UNKNOWN when none names a store we know). Both are worked out once per HEAD and column definition.
 */
export function createDsrHeader(fileName: string, columns: DsrColumns, fromName: DsrNameParts | null) {
  const summaries = new Map<string, DsrSummary>();
  let head: DsrRow | null = null;
  let platform: Store | null | undefined;
  let headPeriod: Period | null = null;
  const platforms = new Map<DsrSummary | undefined, Store>();
  const field = columns.field;

  return {
    /** A `#` line may rename HEAD's columns: what was read through them is read again. */
    columnsChanged(): void {
      headPeriod = null;
      platforms.clear();
    },

    setHead(row: DsrRow): void {
      head = row;
      platform = undefined;
      headPeriod = null;
      platforms.clear();
    },

    /** A summary record; the first one with an id counts. */
    addSummary(row: DsrRow): void {
      const id = field(row, 'SummaryRecordId') ?? '';
      if (summaries.has(id)) return;
      summaries.set(id, {
        territory: normalizeTerritory(field(row, 'Territory')),
        service: field(row, 'ServiceDescription') ?? '',
        download: /download/i.test(field(row, 'UseType') ?? ''),
        currency: normalizeCurrency(field(row, 'Currency') ?? field(row, 'CurrencyOfReporting')),
      });
    },

    summary: (id: string | undefined): DsrSummary | undefined => (id ? summaries.get(id) : undefined),

    /** The usage period of a usage record. */
    periodOf(row: DsrRow, plan: UsagePlan): Period {
      const start = cellAt(row.cells, plan.validityStart);
      const end = cellAt(row.cells, plan.validityEnd);
      if (start || end) {
        const firstDay = start ? parseDay(start) : null;
        const lastDay = end ? parseDay(end) : firstDay;
        if (!firstDay || !lastDay || lastDay < firstDay)
          refuseAt(fileName, row, `the validity period ${start ?? ''}..${end ?? ''} is not a pair of dates`);
        return { firstDay, lastDay };
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
          refuseAt(
            fileName,
            head,
            `the usage period ${first ?? ''}..${last ?? ''} is not a pair of dates (or periods)`,
          );
      }
      if (fromName?.period) return fromName.period;
      return refuseAt(
        fileName,
        row,
        'no usage period: neither the record, the HEAD nor the file name gives one',
      );
    },

    platformFor(summary: DsrSummary | undefined): Store {
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
    },
  };
}
