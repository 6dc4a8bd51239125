import type { Platform } from '@tunehouse/contracts';
import type { AppConfig } from '../../platform/config.js';
import type { Db, Queryable } from '../../platform/db.js';
import type { MediaStorage } from '../../platform/storage/index.js';
import { acknowledgeDelivery } from './acknowledge.js';
import {
  DELIVERY_QUEUE,
  type DeliveryDeps,
  type DeliveryJob,
  type DeliveryJobs,
  type DeliveryLogger,
  type DeliveryStatusEvent,
} from './delivery-deps.js';
import { enqueueDelivery } from './enqueue.js';
import type { DeliveryAction, ReleaseForDeliveryInput } from './model.js';
import { deliveriesByPlatform } from './platform-status.js';
import type { PlatformTransport } from './transport.js';
import { uploadDelivery } from './upload.js';

/**
 * Delivery of releases to the platforms (docs/decisions/0035-ddex-delivery.md). `enqueue` records one delivery
 * per platform and queues its job in one transaction; the job builds the ERN message from the release recorded
 * with it, uploads the batch through the platform's transport and marks it DELIVERED only on the transport's
 * receipt, then follows the platform's acknowledgement to LIVE (TAKEN_DOWN) or REJECTED. A failed upload is
 * retried by pg-boss with backoff and the same message id; after `maxAttempts` (or at once when no retry can
 * help) the delivery is FAILED with the reason. Each step is a file of its own taking (deps, input):
 * enqueue.ts, upload.ts, acknowledge.ts, platform-status.ts; this binds the deps.
 */
export function createDeliveryService({
  config,
  ...rest
}: {
  db: Db;
  jobs: DeliveryJobs;
  /** Where `storage:` references of a release's files are read from (the API's media storage). */
  storage?: MediaStorage;
  transports: Readonly<Partial<Record<Platform, PlatformTransport>>>;
  config: Pick<AppConfig, 'delivery'>;
  logger?: DeliveryLogger;
  /**
   * Told after each change is committed (e.g. releases' reportPlatformStatus). Best effort: an error is logged,
   * not retried — the deliveries table (statusOf) stays the record.
   */
  onStatus?: (event: DeliveryStatusEvent) => Promise<void>;
}) {
  const deps: DeliveryDeps = { ...rest, settings: config.delivery };

  /** The job handler: one step of one delivery. */
  const process = (job: DeliveryJob): Promise<void> =>
    job.step === 'acknowledge'
      ? acknowledgeDelivery(deps, job.deliveryId)
      : uploadDelivery(deps, job.deliveryId);

  return {
    enqueue: (
      release: ReleaseForDeliveryInput,
      platforms: readonly string[],
      action: DeliveryAction,
      { tx }: { tx?: Queryable } = {},
    ) => enqueueDelivery(deps, { release, platforms, action, tx }),
    statusOf: (albumId: string) => deliveriesByPlatform(deps.db, albumId),
    process,
    /** Works the delivery queue in this process. */
    work: () => deps.jobs.work(DELIVERY_QUEUE, process),
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
