import type { Platform, PlatformStatus } from '@tunehouse/contracts';
import type { AppConfig } from '../../platform/config.js';
import type { Db, Queryable } from '../../platform/db.js';
import type { MediaStorage } from '../../platform/storage/index.js';
import type { DeliveryAction } from './model.js';
import type { DeliveryStatus } from './repository.js';
import type { PlatformTransport } from './transport.js';

/** The pg-boss queue of delivery jobs (platform/jobs.ts must list it in QUEUES; see the decision 0035). */
export const DELIVERY_QUEUE = 'release-delivery';

/** One job: upload a delivery's batch, or look for the platform's acknowledgement of it. */
export type DeliveryJob = { deliveryId: string; step: 'upload' | 'acknowledge' };

/**
 * What delivery needs of the job system: platform/jobs.ts's `Jobs` once its QUEUES has 'release-delivery' (its
 * retry policy — 5 retries, 30 s doubling — is the delivery's backoff).
 */
export type DeliveryJobs = {
  enqueue(
    queue: typeof DELIVERY_QUEUE,
    data: DeliveryJob,
    tx?: Queryable,
    options?: { startAfterSeconds?: number },
  ): Promise<void>;
  work(queue: typeof DELIVERY_QUEUE, handler: (data: DeliveryJob) => Promise<void>): Promise<void>;
};

export type DeliveryLogger = {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
};

/** What `onStatus` hears after a delivery moved on (DELIVERED, LIVE, TAKEN_DOWN, REJECTED or FAILED). */
export type DeliveryStatusEvent = {
  albumId: string;
  platform: Platform;
  action: DeliveryAction;
  /** The platform status to show (PLATFORM_STATUS_OF). */
  status: PlatformStatus;
  deliveryStatus: DeliveryStatus;
  messageId: string;
  reason: string | null;
  /** The platform's transport (`simulator`, `sftp`, …): only a simulated platform can say where it shows a release. */
  transport: string | null;
};

/** What each delivery use case is given (createDeliveryService binds them). */
export type DeliveryDeps = {
  db: Db;
  jobs: DeliveryJobs;
  /** Where `storage:` references of a release's files are read from (the API's media storage). */
  storage?: MediaStorage | undefined;
  transports: Readonly<Partial<Record<Platform, PlatformTransport>>>;
  settings: AppConfig['delivery'];
  logger?: DeliveryLogger | undefined;
  /**
   * Told after each change is committed (e.g. releases' reportPlatformStatus). Best effort: an error is logged,
   * not retried — the deliveries table (statusOf) stays the record.
   */
  onStatus?: ((event: DeliveryStatusEvent) => Promise<void>) | undefined;
};

/** An error as the text kept on the delivery and logged (bounded, as the column and the logs want). */
export const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 2000);
