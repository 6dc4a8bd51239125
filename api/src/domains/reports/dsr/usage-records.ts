import { parseSignedMicroUnits } from '../revenue.js';
import { checkPeriod, parseCount, type UsageRow } from '../usage.js';
import type { DsrBlock } from './blocks.js';
import { cellAt, type DsrColumns, type DsrRow, refuseAt } from './columns.js';
import type { DsrHeader } from './header.js';

export type DsrParseStats = { skipped: number };

const DIGITS_ONLY = /^\d{1,9}$/;

/** parseCount with a fast path for the plain counts nearly every line holds; a leading minus gives a negative. */
function countOf(text: string | undefined): number | null {
  if (text !== undefined && DIGITS_ONLY.test(text)) return Number(text);
  if (text?.trim().startsWith('-')) {
    const magnitude = parseCount(text.trim().slice(1));
    return magnitude === null ? null : -magnitude;
  }
  return parseCount(text);
}

type Period = { firstDay: string; lastDay: string };

/**
 * Reads usage records (SU..) into usage rows: the recording it names (TransactedResource, DspReleaseId or
 * DspResourceId against the block's ResourceReference/DspResourceId; the block's only recording otherwise) gives
 * the ISRC, the block's RE01 the UPC (ICPN). Streams are NumberOfStreams, else Usages; a sub-30 column is read when
 * the file has one. Revenue is NetRevenue in micro-units, in its summary's currency. Records of a download use type
 * are skipped (counted in `stats`).
 */
export function createUsageReader({
  fileName,
  columns,
  header,
  territory,
  stats,
}: {
  fileName: string;
  columns: DsrColumns;
  header: DsrHeader;
  /** The file name's territory, for summaries without one. */
  territory: string | null;
  stats: DsrParseStats;
}) {
  const fail = (row: DsrRow, reason: string): never => refuseAt(fileName, row, reason);
  // Checked once per distinct period (a report repeats a few periods on every line; most lines share one object).
  const periodProblems = new Map<string, string | null>();
  let lastPeriod: Period | null = null;
  let lastProblem: string | null = null;
  const periodProblem = (period: Period) => {
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

  /** The usage row of a usage record in `block`, or null when it is skipped. */
  return function usageOf(row: DsrRow, block: DsrBlock): UsageRow | null {
    const plan = columns.planOf(row.type);
    const { cells } = row;
    const summary = header.summary(cellAt(cells, plan.summaryId));
    if (summary?.download) {
      stats.skipped += 1;
      return null;
    }
    refs.length = 0;
    for (const index of plan.refs) {
      const value = cellAt(cells, index);
      if (value) refs.push(value);
    }
    const { resources, releases } = block;
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
      return fail(row, `the usage count ${JSON.stringify(streamsText ?? '')} is not a whole number`);
    const sub30Text = cellAt(cells, plan.sub30);
    const sub30 = sub30Text ? countOf(sub30Text) : 0;
    if (sub30 === null || (sub30 < 0 && streams >= 0))
      return fail(row, `the sub-30 count ${JSON.stringify(sub30Text)} is not a whole number`);
    if (streams >= 0 && sub30 > streams)
      fail(row, `the sub-30 count ${sub30} is more than the ${streams} streams`);
    const period = header.periodOf(row, plan);
    const problem = periodProblem(period);
    if (problem) fail(row, problem);
    const revenueText = cellAt(cells, plan.netRevenue);
    const revenueMicro = revenueText ? parseSignedMicroUnits(revenueText) : null;
    if (revenueText && revenueMicro === null)
      fail(row, `the net revenue ${JSON.stringify(revenueText)} is not an amount`);
    // A negative NetRevenue or usage count is a correction line: it loads with its revenue (≤ 0) and no streams
    // (docs/decisions/0078-corrections-and-negative-balances.md). One that also claims revenue contradicts itself.
    const correction = streams < 0 || (revenueMicro !== null && revenueMicro < 0);
    if (correction && revenueMicro !== null && revenueMicro > 0)
      fail(row, `the usage count ${streams} is negative but the net revenue ${revenueText} is not`);
    return {
      line: row.line,
      firstDay: period.firstDay,
      lastDay: period.lastDay,
      platform: header.platformFor(summary),
      territory: summary?.territory ?? territory,
      isrc: resource?.isrc ?? null,
      upc: release?.upc ?? null,
      streams: correction ? 0 : streams,
      sub30: correction ? 0 : sub30,
      revenueMicro: correction ? (revenueMicro ?? 0) : revenueMicro,
      currency: summary?.currency ?? null,
      playlist: null,
      raw: row.text,
      ...(correction ? { correction: true } : {}),
    };
  };
}
