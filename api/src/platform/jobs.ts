import PgBoss from 'pg-boss';
import type { Queryable } from './db.js';
import { inJobSpan } from './telemetry/hooks.js';

export const QUEUES = {
  mailDelivery: 'mail-delivery',
  cleanup: 'cleanup',
  /** Asks the identity-verification provider for its decision (domains/verifications). */
  identityVerification: 'identity-verification',
  /** Uploads a release's DDEX batch to a platform and follows its acknowledgement (domains/delivery). */
  releaseDelivery: 'release-delivery',
  /** Makes the MP3 preview of an uploaded audio file (domains/media/audio-jobs.ts). */
  audioPreview: 'audio-preview',
  /** Loads an uploaded platform report into the stream facts (domains/reports/reports.ts). */
  reportIngest: 'report-ingest',
  /** Closes a royalty period in one transaction (domains/periods/close.ts). */
  periodClose: 'period-close',
  /** Asks the payout provider whether a sent payout settled (domains/payouts). */
  payoutCheck: 'payout-check',
  /** Sends payouts left REQUESTED, e.g. by a crash between the ledger entry and the provider call. */
  payoutRecovery: 'payout-recovery',
  /** Asks the payment provider about payments and card set-ups left PENDING (domains/payments). */
  paymentReconcile: 'payment-reconcile',
  /** Takes a scheduled backup and applies the retention (domains/backups; off unless BACKUP_SCHEDULE_CRON). */
  backup: 'backup',
  /** Sends one webhook delivery and schedules its retry (domains/webhooks, docs/decisions/0088-webhooks.md). */
  webhookDelivery: 'webhook-delivery',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

type QueuePolicy = {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  expireInSeconds?: number;
};

/** 5 retries, 30 s doubling; a job still running after pg-boss's default 15 minutes is taken as lost and retried. */
const DEFAULT_POLICY: QueuePolicy = { retryLimit: 5, retryDelay: 30, retryBackoff: true };

/** Each queue's retry and expiry policy, kept in pg-boss's queue table (created, or updated when it differs). */
export const QUEUE_POLICIES: Readonly<Record<QueueName, QueuePolicy>> = {
  [QUEUES.mailDelivery]: DEFAULT_POLICY,
  [QUEUES.cleanup]: DEFAULT_POLICY,
  [QUEUES.identityVerification]: DEFAULT_POLICY,
  // An upload of a whole release over a slow SFTP link may take long: not expired (and re-run beside itself)
  // for 4 hours. Its retries are the delivery's backoff (docs/decisions/0035-ddex-delivery.md).
  [QUEUES.releaseDelivery]: { ...DEFAULT_POLICY, expireInSeconds: 4 * 3600 },
  // A failed ffmpeg run is recorded, not thrown; only a database error is retried (as before: 3 times, 30 s).
  [QUEUES.audioPreview]: { retryLimit: 3, retryDelay: 30, retryBackoff: false },
  // A month of a large service is a few GiB and loads for tens of minutes (docs/decisions/0037-stream-facts.md):
  // not taken as lost for 4 hours. An unreadable file is FAILED, not thrown; only other errors are retried.
  [QUEUES.reportIngest]: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 4 * 3600 },
  // A close is one transaction of about a minute for a large label's month; a failed one left nothing and is
  // retried from the start.
  [QUEUES.periodClose]: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 3600 },
  [QUEUES.payoutCheck]: DEFAULT_POLICY,
  // A run sends what is due; the next minute's run retries anything it missed.
  [QUEUES.payoutRecovery]: { retryLimit: 0, retryDelay: 60, retryBackoff: false },
  // Likewise: the next minute's run asks again about whatever is still pending.
  [QUEUES.paymentReconcile]: { retryLimit: 0, retryDelay: 60, retryBackoff: false },
  // A backup of a large installation copies every media file: not taken as lost for 4 hours. A failed one is
  // tried once more; the next scheduled run comes anyway.
  [QUEUES.backup]: { retryLimit: 1, retryDelay: 300, retryBackoff: false, expireInSeconds: 4 * 3600 },
  // An attempt that fails at the receiver is recorded and scheduled as a new job by the delivery's own backoff;
  // only a database error is thrown and retried here.
  [QUEUES.webhookDelivery]: DEFAULT_POLICY,
};

export type Jobs = {
  /**
   * Enqueues a job. Given `tx`, the job row is written in that transaction: it exists if and only if the
   * action that caused it committed. `startAfterSeconds` delays the job.
   */
  enqueue(
    queue: QueueName,
    data: object,
    tx?: Queryable,
    options?: { startAfterSeconds?: number },
  ): Promise<void>;
  work<Data extends object>(queue: QueueName, handler: (data: Data) => Promise<void>): Promise<void>;
  schedule(queue: QueueName, cron: string): Promise<void>;
  /** Puts a failed job back in its queue for one more attempt; false when no failed job has that id. */
  retry(queue: QueueName, id: string): Promise<boolean>;
  /** Removes the queue's schedule, if it has one. */
  unschedule(queue: QueueName): Promise<void>;
  stop(): Promise<void>;
};

type Options = {
  connectionString: string;
  /** Create or upgrade pg-boss's schema (the main process does; test databases come with it). */
  migrate?: boolean;
  /** Run pg-boss's maintenance and cron scheduling (one per deployment is enough, but more do no harm). */
  background?: boolean;
  onError?: (error: Error) => void;
};

/** pg-boss on the application's own database: no extra service to run, jobs share transactions with data. */
export async function startJobs({
  connectionString,
  migrate = true,
  background = true,
  onError,
}: Options): Promise<Jobs> {
  const boss = new PgBoss({
    connectionString,
    max: 4,
    migrate,
    supervise: background,
    schedule: background,
    application_name: 'tunehouse-jobs',
  });
  let stopped = false;
  boss.on('error', (error) => {
    // pg-boss's pool.end() resolves before its sockets close; PostgreSQL stopped right after (main.ts) may then
    // terminate a connection that is already on its way out (57P01). Expected once stopped, not an error.
    if (stopped && (error as { code?: string }).code === '57P01') return;
    onError?.(error);
  });
  await boss.start();
  for (const name of Object.values(QUEUES)) {
    const policy = QUEUE_POLICIES[name];
    const existing = await boss.getQueue(name);
    if (existing) {
      const differs = (Object.keys(policy) as (keyof QueuePolicy)[]).some(
        (key) => existing[key] !== policy[key],
      );
      if (differs) await boss.updateQueue(name, { name, ...policy });
      continue;
    }
    await boss.createQueue(name, { name, ...policy }).catch(async (error: unknown) => {
      // Another process may have created it between our check and our insert.
      if (!(await boss.getQueue(name))) throw error;
    });
  }
  return {
    async enqueue(queue, data, tx, { startAfterSeconds } = {}) {
      const id = await boss.send(queue, data, {
        ...(tx ? { db: { executeSql: (text: string, values: unknown[]) => tx.query(text, values) } } : {}),
        ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
      });
      // pg-boss answers null instead of failing when a queue is missing; a lost e-mail must not be silent.
      if (!id) throw new Error(`Job for queue ${queue} was not created`);
    },
    async work(queue, handler) {
      await boss.work<Parameters<typeof handler>[0]>(queue, { pollingIntervalSeconds: 1 }, async (jobs) => {
        // Each job its own span when tracing is on, holding the job's SQL spans.
        for (const job of jobs) await inJobSpan(queue, () => handler(job.data));
      });
    },
    async schedule(queue, cron) {
      await boss.schedule(queue, cron, {});
    },
    async retry(queue, id) {
      // pg-boss 10 answers { affected } (manager.js mapCommandResponse) though its types say void.
      const answer = (await boss.retry(queue, id)) as unknown as { affected?: number } | undefined;
      return (answer?.affected ?? 0) > 0;
    },
    async unschedule(queue) {
      await boss.unschedule(queue);
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
      stopped = true;
    },
  };
}
