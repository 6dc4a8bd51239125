import PgBoss from 'pg-boss';
import type { Queryable } from './db.js';

export const QUEUES = {
  mailDelivery: 'mail-delivery',
  cleanup: 'cleanup',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export type Jobs = {
  /**
   * Enqueues a job. Given `tx`, the job row is written in that transaction: it exists if and only if the
   * action that caused it committed.
   */
  enqueue(queue: QueueName, data: object, tx?: Queryable): Promise<void>;
  work<Data extends object>(queue: QueueName, handler: (data: Data) => Promise<void>): Promise<void>;
  schedule(queue: QueueName, cron: string): Promise<void>;
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
  boss.on('error', (error) => onError?.(error));
  await boss.start();
  for (const name of Object.values(QUEUES)) {
    if (!(await boss.getQueue(name))) {
      await boss
        .createQueue(name, { name, retryLimit: 5, retryDelay: 30, retryBackoff: true })
        .catch(async (error: unknown) => {
          // Another process may have created it between our check and our insert.
          if (!(await boss.getQueue(name))) throw error;
        });
    }
  }
  return {
    async enqueue(queue, data, tx) {
      const options = tx
        ? { db: { executeSql: (text: string, values: unknown[]) => tx.query(text, values) } }
        : {};
      const id = await boss.send(queue, data, options);
      // pg-boss answers null instead of failing when a queue is missing; a lost e-mail must not be silent.
      if (!id) throw new Error(`Job for queue ${queue} was not created`);
    },
    async work(queue, handler) {
      await boss.work<Parameters<typeof handler>[0]>(queue, { pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      });
    },
    async schedule(queue, cron) {
      await boss.schedule(queue, cron, {});
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
