import { z } from 'zod';
import { platformSchema } from './platforms.js';

/**
 * The operator's view (issue 29; docs/decisions/0085-metrics-and-operator-view.md): the API's version and uptime,
 * the last backup, the job queues and what failed in them, and the deliveries that failed.
 */

/** The API's job queues (api/src/platform/jobs.ts QUEUES). */
export const JOB_QUEUES = [
  'mail-delivery',
  'cleanup',
  'identity-verification',
  'release-delivery',
  'audio-preview',
  'report-ingest',
  'period-close',
  'payout-check',
  'payout-recovery',
  'payment-reconcile',
  'backup',
  'webhook-delivery',
] as const;
export const jobQueueSchema = /*#__PURE__*/ z.enum(JOB_QUEUES);
export type JobQueue = z.infer<typeof jobQueueSchema>;

const count = /*#__PURE__*/ z.number().int().min(0);

export const queueSummarySchema = /*#__PURE__*/ z.object({
  queue: jobQueueSchema,
  /** Jobs by pg-boss state: waiting (created), waiting to retry, running, done, cancelled, failed for good. */
  jobs: z.object({
    created: count,
    retry: count,
    active: count,
    completed: count,
    cancelled: count,
    failed: count,
  }),
  /** Jobs waiting to run (created or waiting to retry). */
  depth: count,
  /** Seconds the oldest due job has waited to start; 0 when none waits. */
  oldestWaitingSeconds: z.number().min(0),
});
export type QueueSummary = z.infer<typeof queueSummarySchema>;

export const lastBackupSchema = /*#__PURE__*/ z.object({
  finishedAt: z.iso.datetime({ offset: true }),
  bytes: count,
  location: z.string(),
  ageSeconds: z.number().min(0),
});

export const operationsOverviewSchema = /*#__PURE__*/ z.object({
  api: z.object({
    version: z.string(),
    startedAt: z.iso.datetime({ offset: true }),
    uptimeSeconds: count,
  }),
  /** Null: no backup is known (none taken, or backups are not connected to this view). */
  lastBackup: lastBackupSchema.nullable(),
  queues: z.array(queueSummarySchema),
});
export type OperationsOverview = z.infer<typeof operationsOverviewSchema>;

export const failedJobSchema = /*#__PURE__*/ z.object({
  id: z.uuid(),
  queue: jobQueueSchema,
  failedAt: z.iso.datetime({ offset: true }),
  attempts: z.number().int().min(1),
  /** The error's message only; never a stack trace. */
  error: z.string().nullable(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;
export const failedJobListSchema = /*#__PURE__*/ z.object({ items: z.array(failedJobSchema) });

export const failedJobParamsSchema = /*#__PURE__*/ z.object({ queue: jobQueueSchema, id: z.uuid() });

export const failedDeliverySchema = /*#__PURE__*/ z.object({
  id: z.uuid(),
  albumId: z.string(),
  platform: platformSchema,
  action: z.enum(['DELIVER', 'UPDATE', 'TAKEDOWN']),
  /** FAILED: no attempt could deliver it; REJECTED: the platform refused it. */
  status: z.enum(['FAILED', 'REJECTED']),
  reason: z.string().nullable(),
  attempts: count,
  updatedAt: z.iso.datetime({ offset: true }),
});
export type FailedDelivery = z.infer<typeof failedDeliverySchema>;
export const failedDeliveryListSchema = /*#__PURE__*/ z.object({ items: z.array(failedDeliverySchema) });
