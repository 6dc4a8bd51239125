import { randomBytes } from 'node:crypto';
import {
  type AlbumPlatformEntry,
  DELIVERY_ACTIONS,
  PLATFORM_NAMES,
  PLATFORMS,
  type Platform,
  type PlatformStatus,
} from '@tunehouse/contracts';
import type { AppConfig } from '../../platform/config.js';
import { type Db, type Queryable, withTransaction } from '../../platform/db.js';
import type { MediaStorage } from '../../platform/storage/index.js';
import { PermanentDeliveryError, prepareBatch } from './batch.js';
import { withReleaseFiles } from './local-files.js';
import { type DeliveryAction, releaseForDeliverySchema, type ReleaseForDeliveryInput } from './model.js';
import {
  claimDelivery,
  countAcknowledgementCheck,
  type DeliveryRecord,
  type DeliveryStatus,
  findDeliveriesOfAlbum,
  findDelivery,
  hasEarlierInFlight,
  IN_FLIGHT,
  insertDelivery,
  markDelivered,
  markFailed,
  markRetrying,
  recordAcknowledgement,
} from './repository.js';
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

type Logger = {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
};

/** The release or the request cannot be delivered as given (the caller's mistake: answer 4xx). */
export class InvalidDeliveryError extends Error {
  constructor(
    message: string,
    readonly issues: { path: PropertyKey[]; message: string }[] = [],
  ) {
    super(message);
  }
}

/**
 * A delivery's status as an album platform entry's status: PENDING while under way, SUBMITTED once delivered, LIVE,
 * ACCEPTED for an accepted takedown, REJECTED when the platform refused it — or when we gave up delivering it
 * (FAILED: the reason is on the delivery), so the album's pending delivery ends either way.
 */
export const PLATFORM_STATUS_OF: Readonly<Record<DeliveryStatus, PlatformStatus>> = {
  PENDING: 'PENDING',
  DELIVERING: 'PENDING',
  DELIVERED: 'SUBMITTED',
  LIVE: 'LIVE',
  TAKEN_DOWN: 'ACCEPTED',
  REJECTED: 'REJECTED',
  FAILED: 'REJECTED',
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

/** Per platform, the latest delivery that is done (`current`) and the one under way (`pending`), if any. */
export type PlatformDeliveries = {
  platform: Platform;
  current: DeliveryRecord | null;
  pending: DeliveryRecord | null;
};

/** Stop looking for an acknowledgement after a week; the delivery stays DELIVERED with a reason. */
const ACK_GIVE_UP_MS = 7 * 24 * 3600 * 1000;
const ACK_MAX_INTERVAL_SECONDS = 3600;
/** A later delivery waits this long while an earlier one to the same platform is still being uploaded. */
const WAIT_FOR_EARLIER_SECONDS = 30;

/** TH + UTC time to the millisecond + 5 random hex digits: unique, sortable, safe as a folder name. */
export function newMessageId(now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 17);
  return `TH${stamp}${randomBytes(3).toString('hex').slice(0, 5).toUpperCase()}`;
}

/** The recipient's DDEX party id: configured (DELIVERY_PARTY_ID_<PLATFORM>), else a made-up one for the simulators. */
function recipientPartyId(config: AppConfig['delivery'], platform: Platform) {
  return config.platforms[platform]?.partyId ?? `PADPIDATHSIM${platform.replace(/_/g, '')}`;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * Delivery of releases to the platforms (docs/decisions/0035-ddex-delivery.md). `enqueue` records one delivery
 * per platform and queues its job in one transaction; the job builds the ERN message from the release recorded
 * with it, uploads the batch through the platform's transport and marks it DELIVERED only on the transport's
 * receipt, then follows the platform's acknowledgement to LIVE (TAKEN_DOWN) or REJECTED. A failed upload is
 * retried by pg-boss with backoff and the same message id; after `maxAttempts` (or at once when no retry can
 * help) the delivery is FAILED with the reason.
 */
export function createDeliveryService({
  db,
  jobs,
  transports,
  config,
  logger,
  onStatus,
  storage,
}: {
  db: Db;
  jobs: DeliveryJobs;
  /** Where `storage:` references of a release's files are read from (the API's media storage). */
  storage?: MediaStorage;
  transports: Readonly<Partial<Record<Platform, PlatformTransport>>>;
  config: Pick<AppConfig, 'delivery'>;
  logger?: Logger;
  /**
   * Told after each change is committed (e.g. releases' reportPlatformStatus). Best effort: an error is logged,
   * not retried — the deliveries table (statusOf) stays the record.
   */
  onStatus?: (event: DeliveryStatusEvent) => Promise<void>;
}) {
  const settings = config.delivery;

  async function report(
    delivery: Pick<DeliveryRecord, 'albumId' | 'platform' | 'action' | 'messageId'>,
    deliveryStatus: DeliveryStatus,
    reason: string | null,
  ) {
    if (!onStatus) return;
    const event: DeliveryStatusEvent = {
      albumId: delivery.albumId,
      platform: delivery.platform,
      action: delivery.action,
      status: PLATFORM_STATUS_OF[deliveryStatus],
      deliveryStatus,
      messageId: delivery.messageId,
      reason,
      transport: transports[delivery.platform]?.kind ?? null,
    };
    await onStatus(event).catch((error: unknown) =>
      logger?.warn({ ...event, error: errorText(error) }, 'delivery status not reported'),
    );
  }

  /**
   * Queues `action` of the release to each platform. Given `tx`, the deliveries and their jobs are written in that
   * transaction (they exist if and only if it commits). A platform with the same action already under way keeps
   * that delivery (and no second job is queued); it takes the newer release if no attempt has started.
   */
  async function enqueue(
    release: ReleaseForDeliveryInput,
    platforms: readonly string[],
    action: DeliveryAction,
    { tx }: { tx?: Queryable } = {},
  ): Promise<DeliveryRecord[]> {
    const parsed = releaseForDeliverySchema.safeParse(release);
    if (!parsed.success)
      throw new InvalidDeliveryError(
        'The release cannot be delivered',
        parsed.error.issues.map((issue) => ({ path: issue.path, message: issue.message })),
      );
    if (!(DELIVERY_ACTIONS as readonly string[]).includes(action))
      throw new InvalidDeliveryError(`Unknown delivery action ${action}`);
    const unknown = platforms.filter((platform) => !(PLATFORMS as readonly string[]).includes(platform));
    if (unknown.length > 0) throw new InvalidDeliveryError(`Unknown platforms: ${unknown.join(', ')}`);
    const targets = [...new Set(platforms)] as Platform[];

    const run = async (q: Queryable) => {
      const records: DeliveryRecord[] = [];
      for (const platform of targets) {
        const { record, inserted } = await insertDelivery(q, {
          albumId: parsed.data.albumId,
          platform,
          action,
          messageId: newMessageId(),
          release: parsed.data,
        });
        if (inserted) await jobs.enqueue(DELIVERY_QUEUE, { deliveryId: record.id, step: 'upload' }, q);
        records.push(record);
      }
      return records;
    };
    return tx ? run(tx) : withTransaction(db, run);
  }

  /** Per platform delivered to, the latest finished delivery and the one under way (PLATFORMS order). */
  async function statusOf(albumId: string): Promise<PlatformDeliveries[]> {
    const deliveries = await findDeliveriesOfAlbum(db, albumId); // newest first
    return PLATFORMS.flatMap((platform) => {
      const mine = deliveries.filter((delivery) => delivery.platform === platform);
      if (mine.length === 0) return [];
      return [
        {
          platform,
          current: mine.find((delivery) => !IN_FLIGHT.includes(delivery.status)) ?? null,
          pending: mine.find((delivery) => IN_FLIGHT.includes(delivery.status)) ?? null,
        },
      ];
    });
  }

  async function upload(deliveryId: string): Promise<void> {
    const found = await findDelivery(db, deliveryId);
    if (!found || !IN_FLIGHT.includes(found.status)) return; // done already: a repeated job does nothing
    if (await hasEarlierInFlight(db, found)) {
      await jobs.enqueue(DELIVERY_QUEUE, { deliveryId, step: 'upload' }, undefined, {
        startAfterSeconds: WAIT_FOR_EARLIER_SECONDS,
      });
      return;
    }
    const delivery = await claimDelivery(db, deliveryId);
    if (!delivery) return;
    const log = {
      deliveryId,
      platform: delivery.platform,
      action: delivery.action,
      messageId: delivery.messageId,
    };
    let receipt;
    try {
      const transport = transports[delivery.platform];
      if (!transport) throw new PermanentDeliveryError(`No transport is configured for ${delivery.platform}`);
      const release = releaseForDeliverySchema.safeParse(delivery.release);
      if (!release.success)
        throw new PermanentDeliveryError(`The recorded release no longer checks: ${release.error.message}`);
      // The files are read while the batch is made and sent, from wherever the media storage keeps them.
      receipt = await withReleaseFiles(release.data, storage, async (withFiles) => {
        const batch = await prepareBatch(withFiles, {
          sender: settings.sender,
          recipient: {
            partyId: recipientPartyId(settings, delivery.platform),
            name: PLATFORM_NAMES[delivery.platform],
          },
          messageId: delivery.messageId,
          createdAt: delivery.createdAt,
          action: delivery.action,
        });
        return transport.upload(batch);
      });
    } catch (error) {
      const reason = errorText(error);
      if (error instanceof PermanentDeliveryError || delivery.attempts >= settings.maxAttempts) {
        await markFailed(db, deliveryId, reason);
        logger?.warn({ ...log, attempts: delivery.attempts, reason }, 'delivery failed');
        await report(delivery, 'FAILED', reason);
        return;
      }
      await markRetrying(db, deliveryId, reason);
      logger?.warn({ ...log, attempts: delivery.attempts, reason }, 'delivery attempt failed, retrying');
      throw error; // pg-boss retries the job with backoff
    }
    const delivered = await withTransaction(db, async (tx) => {
      if (!(await markDelivered(tx, deliveryId, receipt))) return false;
      await jobs.enqueue(DELIVERY_QUEUE, { deliveryId, step: 'acknowledge' }, tx, {
        startAfterSeconds: receipt.checkAfterSeconds ?? settings.ackCheckSeconds,
      });
      return true;
    });
    logger?.info(
      { ...log, location: receipt.location, alreadyComplete: receipt.alreadyComplete },
      'delivered',
    );
    if (delivered) await report(delivery, 'DELIVERED', null);
  }

  async function acknowledge(deliveryId: string): Promise<void> {
    const delivery = await findDelivery(db, deliveryId);
    if (!delivery || delivery.status !== 'DELIVERED' || !delivery.receipt) return;
    const transport = transports[delivery.platform];
    if (!transport) return;
    const ack = await transport.acknowledgement(delivery.receipt);
    if (!ack) {
      const waited = Date.now() - (delivery.deliveredAt?.getTime() ?? Date.now());
      if (waited > ACK_GIVE_UP_MS) {
        await countAcknowledgementCheck(
          db,
          deliveryId,
          'The platform has not acknowledged the delivery in 7 days',
        );
        return;
      }
      const delay = Math.min(settings.ackCheckSeconds * 2 ** delivery.ackChecks, ACK_MAX_INTERVAL_SECONDS);
      await withTransaction(db, async (tx) => {
        await countAcknowledgementCheck(tx, deliveryId, null);
        await jobs.enqueue(DELIVERY_QUEUE, { deliveryId, step: 'acknowledge' }, tx, {
          startAfterSeconds: delay,
        });
      });
      return;
    }
    if (ack.messageId !== delivery.messageId)
      throw new Error(`The acknowledgement is for message ${ack.messageId}, not ${delivery.messageId}`);
    const status = ack.accepted ? (delivery.action === 'TAKEDOWN' ? 'TAKEN_DOWN' : 'LIVE') : 'REJECTED';
    if (await recordAcknowledgement(db, deliveryId, status, ack))
      await report(delivery, status, ack.accepted ? null : (ack.errorText ?? ack.status));
    logger?.info(
      {
        deliveryId,
        platform: delivery.platform,
        messageId: delivery.messageId,
        status,
        reason: ack.errorText,
      },
      'delivery acknowledged',
    );
  }

  /** The job handler: one step of one delivery. */
  async function process(job: DeliveryJob): Promise<void> {
    if (job.step === 'acknowledge') await acknowledge(job.deliveryId);
    else await upload(job.deliveryId);
  }

  /** Works the delivery queue in this process. */
  const work = () => jobs.work(DELIVERY_QUEUE, process);

  return { enqueue, statusOf, process, work };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;

/**
 * The album platform entries (current and pending delivery per platform) from statusOf, statuses as
 * PLATFORM_STATUS_OF says.
 */
export function albumPlatformEntries(deliveries: PlatformDeliveries[]): AlbumPlatformEntry[] {
  const entry = (delivery: DeliveryRecord | null) =>
    delivery ? { status: PLATFORM_STATUS_OF[delivery.status], action: delivery.action } : null;
  return deliveries.map(({ platform, current, pending }) => ({
    id: platform,
    name: PLATFORM_NAMES[platform],
    current: entry(current),
    pending: entry(pending),
  }));
}
