import type pg from 'pg';
import type { Db, Queryable } from '../../platform/db.js';
import { rollbackAndRelease, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { QUEUES, type Jobs } from '../../platform/jobs.js';
import type { EmitEvent } from '../../platform/webhook-events.js';
import { PLATFORM_ACCOUNTS, transfer, type TransferKind } from '../ledger/index.js';
import {
  type Allocation,
  type AllocationKind,
  allocateTracks,
  type Statement,
  statementOf,
} from './allocation.js';
import { type LineSummary, reportCounts } from './line-summary.js';
import { tellStatementsReady } from './statements-ready.js';
import { periodRevenue } from './period-revenue.js';
import type { LicensingPort, SplitsPort } from './ports.js';

export type CloseDeps = {
  licensing: LicensingPort;
  splits: SplitsPort;
  /** The plan share (basis points the owner keeps) for an album without a licence. */
  defaultShare: number;
  platformCurrency: string;
  /**
   * When the close happened, if not now: the demo seed closes past months as if on their last day, so the
   * transfers, fee collections and the period say that date (docs/decisions/0069-demo-truth-and-wallet-errors.md).
   */
  bookedAt?: Date | undefined;
  /** Records `statement.ready` for each account with a statement (omitted: none, as for the demo's past months). */
  emit?: EmitEvent | undefined;
};

export type ClosePlan = {
  periodId: string;
  missingRates: string[];
  tracks: number;
  allocations: Allocation[];
  statement: Statement;
  summary: LineSummary;
};

/** Everything the close would do, computed inside `tx` (licensing's fee collection writes there too). */
export async function planClose(tx: Queryable, periodId: string, deps: CloseDeps): Promise<ClosePlan> {
  const revenue = await periodRevenue(tx, periodId, deps.platformCurrency);
  const allocations = await allocateTracks(tx, periodId, revenue.tracks, deps);
  return {
    periodId,
    missingRates: revenue.missingRates,
    // Revenue comes per track and usage month; the count is of tracks.
    tracks: new Set(revenue.tracks.map((track) => track.trackId)).size,
    allocations,
    statement: statementOf(allocations, revenue.unmatchedMicro),
    summary: revenue.summary,
  };
}

type PeriodRow = { id: string; month: string; status: string; close_key: string | null };

async function lockPeriod(tx: Queryable, periodId: string): Promise<PeriodRow> {
  const { rows } = await tx.query<PeriodRow>(
    `SELECT id, to_char(month, 'YYYY-MM') AS month, status, close_key FROM periods WHERE id = $1 FOR UPDATE`,
    [periodId],
  );
  if (!rows[0]) throw new ApiError(404, 'NOT_FOUND', 'No such period');
  return rows[0];
}

function refuseMissingRates(month: string, missing: readonly string[]): void {
  if (missing.length === 0) return;
  throw new ApiError(
    409,
    'CONFLICT',
    `Period ${month} needs an exchange rate for ${missing.join(', ')} before it can close`,
  );
}

/** What closing would allocate now: computed in a transaction that is rolled back, so nothing is written. */
export async function previewClose(
  db: Db,
  periodId: string,
  deps: CloseDeps,
): Promise<ClosePlan & { status: string }> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ status: string }>('SELECT status FROM periods WHERE id = $1', [
      periodId,
    ]);
    if (!rows[0]) throw new ApiError(404, 'NOT_FOUND', 'No such period');
    const plan = await planClose(client, periodId, deps);
    return { ...plan, status: rows[0].status };
  } finally {
    await rollbackAndRelease(client);
  }
}

/**
 * Starts a close (OPEN → CLOSING) and enqueues its job in the same transaction. The period row lock waits for any
 * report load filing lines into it (they hold it FOR SHARE), and once CLOSING no new line can enter it. Asking
 * again with the same key answers the same close (and enqueues the job again, which resumes a close whose job
 * gave up); another key for a period already closing or closed is a 409.
 */
export async function startClose(
  db: Db,
  jobs: Pick<Jobs, 'enqueue'>,
  periodId: string,
  idempotencyKey: string,
  platformCurrency: string,
): Promise<void> {
  await withTransaction(db, async (tx) => {
    const period = await lockPeriod(tx, periodId);
    if (period.status !== 'OPEN') {
      if (period.close_key !== idempotencyKey)
        throw new ApiError(
          409,
          'CONFLICT',
          `Period ${period.month} is already ${period.status.toLowerCase()}`,
        );
      if (period.status === 'CLOSING') await jobs.enqueue(QUEUES.periodClose, { periodId }, tx);
      return;
    }
    refuseMissingRates(period.month, await currenciesWithoutRate(tx, periodId, platformCurrency));
    await tx.query(
      `UPDATE periods SET status = 'CLOSING', closing_at = now(), close_key = $2 WHERE id = $1`,
      [periodId, idempotencyKey],
    );
    await jobs.enqueue(QUEUES.periodClose, { periodId }, tx);
  });
}

/** Report currencies of the period's lines, other than the platform's, that have no rate. */
async function currenciesWithoutRate(
  tx: Queryable,
  periodId: string,
  platformCurrency: string,
): Promise<string[]> {
  const { rows } = await tx.query<{ currency: string }>(
    `SELECT DISTINCT l.currency FROM revenue_lines l
     WHERE l.period_id = $1 AND l.currency <> $2
       AND NOT EXISTS (SELECT 1 FROM period_exchange_rates r WHERE r.period_id = $1 AND r.currency = l.currency)
     ORDER BY l.currency`,
    [periodId, platformCurrency],
  );
  return rows.map((row) => row.currency);
}

async function insertAllocations(
  tx: Queryable,
  periodId: string,
  allocations: readonly Allocation[],
): Promise<void> {
  const batch = 5_000;
  for (let start = 0; start < allocations.length; start += batch) {
    const slice = allocations.slice(start, start + batch);
    await tx.query(
      `INSERT INTO period_allocations (period_id, track_id, album_id, kind, beneficiary_key, streams, amount_micro,
                                      correction, restates_period_id)
       SELECT $1, * FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::bigint[], $7::bigint[],
                                $8::boolean[], $9::uuid[])`,
      [
        periodId,
        slice.map((a) => a.trackId),
        slice.map((a) => a.albumId),
        slice.map((a) => a.kind),
        slice.map((a) => a.beneficiaryKey),
        slice.map((a) => a.streams),
        slice.map((a) => a.amountMicro.toString()),
        slice.map((a) => !!a.correction),
        slice.map((a) => a.restatesPeriodId ?? null),
      ],
    );
  }
}

/** The ledger kind of each statement line's transfer. */
const CLOSE_KIND_OF = {
  FEE: 'CLOSE_FEE',
  COMMISSION: 'CLOSE_COMMISSION',
  CREDIT: 'CLOSE_CREDIT',
  HELD: 'CLOSE_HELD',
} as const satisfies Record<AllocationKind, TransferKind>;

/** Writes a close: one ledger transfer per statement line, the statement lines, and the period's totals. */
async function applyClose(
  tx: pg.PoolClient,
  plan: ClosePlan,
  currency: string,
  bookedAt: Date | undefined,
): Promise<void> {
  const { periodId, statement } = plan;
  for (const line of statement.lines) {
    if (line.cents === 0n) continue;
    if (line.cents < 0n) {
      // A correction takes back from the beneficiary: the one transfer kind that may leave a wallet below zero
      // (docs/decisions/0078-corrections-and-negative-balances.md).
      await transfer(tx, {
        idempotencyKey: `period-close:${periodId}:CORRECTION:${line.kind}:${line.albumId}:${line.beneficiaryKey}`,
        debit: line.beneficiaryKey,
        credit: PLATFORM_ACCOUNTS.storeReceivables,
        amount: Number(-line.cents),
        kind: 'CLOSE_CORRECTION',
        refs: { periodId, albumId: line.albumId, ...(line.splitId ? { splitId: line.splitId } : {}) },
        bookedAt,
      });
      continue;
    }
    await transfer(tx, {
      idempotencyKey: `period-close:${periodId}:${line.kind}:${line.albumId}:${line.beneficiaryKey}`,
      debit: PLATFORM_ACCOUNTS.storeReceivables,
      credit: line.beneficiaryKey,
      amount: Number(line.cents),
      // A participant's part of someone else's release is split income in their wallet, not royalties.
      kind: line.splitIncome ? 'SPLIT_INCOME' : CLOSE_KIND_OF[line.kind],
      refs: { periodId, albumId: line.albumId, ...(line.splitId ? { splitId: line.splitId } : {}) },
      bookedAt,
    });
  }
  if (statement.cents.unmatched > 0n)
    await transfer(tx, {
      idempotencyKey: `period-close:${periodId}:UNMATCHED`,
      debit: PLATFORM_ACCOUNTS.storeReceivables,
      credit: PLATFORM_ACCOUNTS.unmatched,
      amount: Number(statement.cents.unmatched),
      kind: 'CLOSE_UNMATCHED',
      refs: { periodId },
      bookedAt,
    });
  else if (statement.cents.unmatched < 0n)
    // Corrections of unmatched lines larger than the period's unmatched revenue give some back.
    await transfer(tx, {
      idempotencyKey: `period-close:${periodId}:UNMATCHED_CORRECTION`,
      debit: PLATFORM_ACCOUNTS.unmatched,
      credit: PLATFORM_ACCOUNTS.storeReceivables,
      amount: Number(-statement.cents.unmatched),
      kind: 'CLOSE_CORRECTION',
      refs: { periodId },
      bookedAt,
    });
  await insertAllocations(tx, periodId, plan.allocations);
  const { totals, cents } = statement;
  const reports = (await reportCounts(tx, [periodId])).get(periodId) ?? 0;
  const summary: LineSummary = { ...plan.summary, reports };
  await tx.query(
    `UPDATE periods SET status = 'CLOSED', closed_at = coalesce($16::timestamptz, now()), currency = $2,
       line_summary = $15,
       revenue_micro = $3, fee_collected_micro = $4, commission_micro = $5, credited_micro = $6, held_micro = $7,
       unmatched_micro = $8, revenue_cents = $9, fee_collected_cents = $10, commission_cents = $11,
       credited_cents = $12, held_cents = $13, unmatched_cents = $14
     WHERE id = $1`,
    [
      periodId,
      currency,
      ...[totals, cents].flatMap((t) =>
        [t.revenue, t.feeCollected, t.commission, t.credited, t.held, t.unmatched].map(String),
      ),
      JSON.stringify(summary),
      bookedAt ?? null,
    ],
  );
}

/**
 * The close job: one transaction that allocates the period's revenue, writes its ledger transfers and marks it
 * CLOSED. A crash anywhere leaves nothing behind (the period stays CLOSING and the job's retry starts over); a
 * period already closed is left as it is. The period row stays locked FOR UPDATE throughout.
 */
export async function closePeriod(
  db: Db,
  periodId: string,
  deps: CloseDeps,
  /** Also close an OPEN period straight away (the demo seed, benchmarks): no admin request, no job. */
  { allowOpen = false }: { allowOpen?: boolean } = {},
): Promise<'CLOSED' | 'SKIPPED'> {
  return withTransaction(db, async (tx) => {
    const period = await lockPeriod(tx, periodId);
    if (period.status === 'CLOSED' || (period.status === 'OPEN' && !allowOpen)) return 'SKIPPED';
    const plan = await planClose(tx, periodId, deps);
    refuseMissingRates(period.month, plan.missingRates);
    await applyClose(tx, plan, deps.platformCurrency, deps.bookedAt);
    if (deps.emit) await tellStatementsReady(tx, period, plan.allocations, deps.emit);
    return 'CLOSED';
  });
}
