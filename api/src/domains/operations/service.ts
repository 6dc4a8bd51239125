import fs from 'node:fs';
import type { FailedDelivery, FailedJob, JobQueue, OperationsOverview } from '@tunehouse/contracts';
import type { Db } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import type { Jobs, QueueName } from '../../platform/jobs.js';
import { failedDeliveries } from '../delivery/index.js';
import { failedJobs, queueCounts } from './job-queues.js';
import type { LastBackupPort } from './last-backup.js';

/** The contracts' list of queues and the API's are one list: a queue added to one and not the other fails here. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const queuesAgree: Same<JobQueue, QueueName> = true;
void queuesAgree;

/** The API's own version, from its package.json (two folders up from src/domains/operations or dist/…). */
export const API_VERSION: string = (
  JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

const LIST_LIMIT = 50;

/** The admins' operator view: read at the moment of asking, nothing kept. */
export function createOperationsService({
  db,
  jobs,
  lastBackup,
  startedAt,
}: {
  db: Db;
  jobs: Pick<Jobs, 'retry'>;
  lastBackup: LastBackupPort;
  startedAt: Date;
}) {
  return {
    async overview(now = new Date()): Promise<OperationsOverview> {
      const [queues, backup] = await Promise.all([queueCounts(db), lastBackup()]);
      return {
        api: {
          version: API_VERSION,
          startedAt: startedAt.toISOString(),
          uptimeSeconds: Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000)),
        },
        lastBackup: backup && {
          ...backup,
          ageSeconds: Math.max(0, Math.floor((now.getTime() - Date.parse(backup.finishedAt)) / 1000)),
        },
        queues,
      };
    },
    failedJobs: (): Promise<FailedJob[]> => failedJobs(db, LIST_LIMIT),
    /** One more attempt for a failed job; 404 when the queue holds no failed job of that id (already retried). */
    async retryJob(queue: JobQueue, id: string): Promise<void> {
      if (!(await jobs.retry(queue, id)))
        throw new ApiError(404, 'NOT_FOUND', 'No failed job with this id in this queue');
    },
    failedDeliveries: (): Promise<FailedDelivery[]> => failedDeliveries(db, LIST_LIMIT),
  };
}

export type OperationsService = ReturnType<typeof createOperationsService>;
