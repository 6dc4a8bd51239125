import type { Queryable } from '../../platform/db.js';
import { QUEUES, type QueueName } from '../../platform/jobs.js';

/** pg-boss 10's job states (node_modules/pg-boss/src/plans.js), in the order a job goes through them. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export type QueueCounts = {
  queue: QueueName;
  jobs: Record<JobState, number>;
  /** Jobs waiting to run: created or waiting for a retry. */
  depth: number;
  /** Seconds since the longest-waiting job that is due (start_after passed) could have started; 0 when none. */
  oldestWaitingSeconds: number;
};

export type FailedJob = {
  id: string;
  queue: QueueName;
  failedAt: string;
  attempts: number;
  error: string | null;
};

const QUEUE_NAMES: readonly QueueName[] = Object.values(QUEUES);
const isQueue = (name: string): name is QueueName => (QUEUE_NAMES as readonly string[]).includes(name);

/**
 * Every queue the API defines, with its jobs counted by state, read from pg-boss's own table on the application
 * database at the moment of asking (a scrape, the operator's page). A queue with no jobs is listed with zeros, so a
 * series never vanishes when it drains.
 */
export async function queueCounts(q: Queryable): Promise<QueueCounts[]> {
  const { rows } = await q.query<{ name: string; state: JobState; count: string; oldest: number | null }>(
    `SELECT name, state::text AS state, count(*) AS count,
            EXTRACT(epoch FROM now() - min(start_after) FILTER (WHERE start_after <= now()))::float8 AS oldest
       FROM pgboss.job WHERE name = ANY($1::text[]) GROUP BY name, state`,
    [QUEUE_NAMES],
  );
  const byQueue = new Map<QueueName, QueueCounts>(
    QUEUE_NAMES.map((queue) => [
      queue,
      {
        queue,
        jobs: Object.fromEntries(JOB_STATES.map((state) => [state, 0])) as Record<JobState, number>,
        depth: 0,
        oldestWaitingSeconds: 0,
      },
    ]),
  );
  for (const row of rows) {
    const counts = isQueue(row.name) ? byQueue.get(row.name) : undefined;
    if (!counts || !(JOB_STATES as readonly string[]).includes(row.state)) continue;
    counts.jobs[row.state] = Number(row.count);
    if (row.state === 'created' || row.state === 'retry') {
      counts.depth += Number(row.count);
      counts.oldestWaitingSeconds = Math.max(counts.oldestWaitingSeconds, Math.max(0, row.oldest ?? 0));
    }
  }
  return [...byQueue.values()];
}

/** The latest failed jobs of every queue, newest first, with the error pg-boss kept as the job's output. */
export async function failedJobs(q: Queryable, limit: number): Promise<FailedJob[]> {
  const { rows } = await q.query<{
    id: string;
    name: string;
    failed_at: Date;
    retry_count: number;
    output: unknown;
  }>(
    `SELECT id, name, coalesce(completed_on, created_on) AS failed_at, retry_count, output
       FROM pgboss.job WHERE name = ANY($1::text[]) AND state = 'failed'
      ORDER BY coalesce(completed_on, created_on) DESC, id LIMIT $2`,
    [QUEUE_NAMES, limit],
  );
  return rows.flatMap((row) =>
    isQueue(row.name)
      ? [
          {
            id: row.id,
            queue: row.name,
            failedAt: row.failed_at.toISOString(),
            attempts: row.retry_count + 1,
            error: errorOf(row.output),
          },
        ]
      : [],
  );
}

/**
 * The message of a failed job's output: pg-boss stores the thrown error's properties (`{ message, stack, … }`). Only
 * the message is shown; the stack stays in the logs (no stack traces in answers).
 */
function errorOf(output: unknown): string | null {
  if (output && typeof output === 'object' && 'message' in output) {
    const message = (output as { message: unknown }).message;
    if (typeof message === 'string') return message.slice(0, 500);
  }
  return null;
}
