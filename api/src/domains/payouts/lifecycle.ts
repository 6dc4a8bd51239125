import type { FastifyBaseLogger } from 'fastify';
import { type Db, type Queryable, withTransaction } from '../../platform/db.js';
import { type Jobs, QUEUES } from '../../platform/jobs.js';
import { type EmitEvent, emitNothing } from '../../platform/webhook-events.js';
import { cancelInvoiceOfPayout } from '../invoices/index.js';
import { bookReversal, bookSettlement } from './ledger-moves.js';
import { PayoutRejectedError, type PayoutProvider, type PayoutProviderStatus } from './provider.js';
import { findPayout, type PayoutRecord } from './repository.js';

/** The job asking the provider about one sent payout. */
export type PayoutCheckJob = { payoutId: string };

/** While the provider has not finished with a payout, it is asked again this much later. */
const RECHECK_SECONDS = 300;
/** The recovery job sends at most this many payouts per run; the next run takes the rest. */
const RECOVERY_BATCH = 100;

type Deps = {
  db: Db;
  jobs: Jobs;
  provider: PayoutProvider;
  /** A provider call taking longer is abandoned: the payout stays REQUESTED and is sent again later. */
  sendTimeoutSeconds: number;
  /** REQUESTED payouts untouched for this long are sent again by the recovery job. */
  recoveryAfterSeconds: number;
  logger?: FastifyBaseLogger | undefined;
  /** Records payout.settled and payout.failed in the booking's transaction (docs/decisions/0088-webhooks.md). */
  emit?: EmitEvent | undefined;
};

/**
 * A payout after its request: sending it to the provider (outside any transaction), reading back what became of
 * it, and booking that once. Every step may run twice (a retried job, the request and the recovery job at once,
 * a provider answering twice): status changes are guarded by the row lock and the current status, ledger
 * movements by their idempotency keys, and the provider is sent the payout id as its own idempotency key.
 */
export function createPayoutLifecycle({
  db,
  jobs,
  provider,
  sendTimeoutSeconds,
  recoveryAfterSeconds,
  logger,
  emit = emitNothing,
}: Deps) {
  /** Books a final answer of the provider; nothing when the payout is already past it. */
  async function apply(payoutId: string, answer: PayoutProviderStatus): Promise<void> {
    if (answer.status === 'PENDING') return;
    await withTransaction(db, async (tx) => {
      const payout = await findPayout(tx, payoutId, { forUpdate: true });
      if (!payout) return;
      if (answer.status === 'SETTLED' && payout.status === 'SENT') {
        await bookSettlement(tx, payout);
        await setStatus(tx, payout.id, 'SETTLED', null);
        await emit(tx, payout.accountId, 'payout.settled', {
          payoutId: payout.id,
          amount: payout.amount,
          currency: payout.currency,
        });
      } else if (answer.status === 'FAILED' && (payout.status === 'REQUESTED' || payout.status === 'SENT')) {
        await reverse(tx, payout, 'FAILED', answer.reason);
      } else if (answer.status === 'RETURNED' && (payout.status === 'SENT' || payout.status === 'SETTLED')) {
        await reverse(tx, payout, 'RETURNED', answer.reason);
      }
    });
  }

  async function reverse(tx: Queryable, payout: PayoutRecord, status: 'FAILED' | 'RETURNED', reason: string) {
    await bookReversal(tx, payout, payout.status === 'SETTLED' ? 'settled' : 'inFlight');
    await setStatus(tx, payout.id, status, reason);
    await cancelInvoiceOfPayout(tx, payout.id);
    await emit(tx, payout.accountId, 'payout.failed', {
      payoutId: payout.id,
      amount: payout.amount,
      currency: payout.currency,
      status,
      reason,
    });
  }

  /**
   * Hands a REQUESTED payout to the provider. A refusal fails it (money back to the wallet); a timeout or another
   * error leaves it REQUESTED for the recovery job, which sends it again under the same idempotency key.
   */
  async function send(payoutId: string): Promise<void> {
    const { rows } = await db.query<{ id: string }>(
      `UPDATE payouts SET send_attempts = send_attempts + 1, last_attempt_at = now()
       WHERE id = $1 AND status = 'REQUESTED' RETURNING id`,
      [payoutId],
    );
    if (!rows[0]) return;
    const payout = (await findPayout(db, payoutId))!;
    if (payout.provider !== provider.name) {
      await apply(payoutId, {
        status: 'FAILED',
        reason: 'The payout method belongs to a payout provider no longer in use; add the bank account again',
      });
      return;
    }
    let handed: { reference: string; checkAfterSeconds: number };
    try {
      handed = await provider.send(
        {
          payoutId: payout.id,
          recipient: payout.providerRecipient,
          amount: payout.amount,
          currency: payout.currency,
          reference: `Tunehouse payout ${payout.id.slice(0, 8)}`,
        },
        AbortSignal.timeout(sendTimeoutSeconds * 1000),
      );
    } catch (error) {
      if (error instanceof PayoutRejectedError) {
        await apply(payoutId, { status: 'FAILED', reason: error.reason });
        return;
      }
      logger?.warn(
        { err: error, payoutId },
        'payout not handed to the provider; the recovery job sends it again',
      );
      return;
    }
    await withTransaction(db, async (tx) => {
      const { rowCount } = await tx.query(
        `UPDATE payouts SET status = 'SENT', provider_reference = $2, sent_at = now()
         WHERE id = $1 AND status = 'REQUESTED'`,
        [payoutId, handed.reference],
      );
      // Only the sender that moved it to SENT asks about it: the job exists if and only if that committed.
      if ((rowCount ?? 0) > 0)
        await jobs.enqueue(QUEUES.payoutCheck, { payoutId } satisfies PayoutCheckJob, tx, {
          startAfterSeconds: handed.checkAfterSeconds,
        });
    });
  }

  /**
   * Asks the provider about a payout it has (sent, or settled: a bank may still send it back) and books the
   * answer. Answers what the provider said, or null when there was nothing to ask about.
   */
  async function refresh(payoutId: string): Promise<PayoutProviderStatus | null> {
    const payout = await findPayout(db, payoutId);
    if (!payout || !payout.providerReference || !['SENT', 'SETTLED'].includes(payout.status)) return null;
    const answer = await provider.status(
      payout.providerReference,
      AbortSignal.timeout(sendTimeoutSeconds * 1000),
    );
    await apply(payoutId, answer);
    return answer;
  }

  /** The check job: asks the provider about a sent payout and books its answer, or asks again later. */
  async function check({ payoutId }: PayoutCheckJob): Promise<void> {
    const payout = await findPayout(db, payoutId);
    if (!payout || payout.status !== 'SENT') return;
    const answer = await refresh(payoutId);
    if (answer?.status === 'PENDING') {
      await jobs.enqueue(QUEUES.payoutCheck, { payoutId } satisfies PayoutCheckJob, undefined, {
        startAfterSeconds: RECHECK_SECONDS,
      });
    }
  }

  /**
   * The recovery job: payouts left REQUESTED (the API stopped between the ledger entry and the provider call, or
   * the call timed out) are sent again once `recoveryAfterSeconds` have passed since they were asked for or last
   * tried. Answers how many it tried.
   */
  async function recover(): Promise<number> {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM payouts
       WHERE status = 'REQUESTED' AND requested_at <= now() - make_interval(secs => $1)
         AND (last_attempt_at IS NULL OR last_attempt_at <= now() - make_interval(secs => $1))
       ORDER BY requested_at LIMIT $2`,
      [recoveryAfterSeconds, RECOVERY_BATCH],
    );
    for (const { id } of rows) await send(id);
    return rows.length;
  }

  return { send, check, refresh, recover, apply };
}

export type PayoutLifecycle = ReturnType<typeof createPayoutLifecycle>;

async function setStatus(
  tx: Queryable,
  id: string,
  status: 'SETTLED' | 'FAILED' | 'RETURNED',
  reason: string | null,
) {
  await tx.query(
    `UPDATE payouts SET status = $2, failure_reason = COALESCE($3, failure_reason),
       settled_at = CASE WHEN $2 = 'SETTLED' THEN now() ELSE settled_at END,
       reversed_at = CASE WHEN $2 IN ('FAILED', 'RETURNED') THEN now() ELSE reversed_at END
     WHERE id = $1`,
    [id, status, reason],
  );
}
