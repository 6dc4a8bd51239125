import { PLATFORM_NAMES, type Platform } from '@tunehouse/contracts';
import type { AppConfig } from '../../platform/config.js';
import { withTransaction } from '../../platform/db.js';
import { PermanentDeliveryError, prepareBatch } from './batch.js';
import { DELIVERY_QUEUE, type DeliveryDeps, errorText } from './delivery-deps.js';
import { withReleaseFiles } from './local-files.js';
import { releaseForDeliverySchema } from './model.js';
import {
  claimDelivery,
  findDelivery,
  hasEarlierInFlight,
  IN_FLIGHT,
  markDelivered,
  markFailed,
  markRetrying,
} from './repository.js';
import { reportStatus } from './report-status.js';

/** A later delivery waits this long while an earlier one to the same platform is still being uploaded. */
const WAIT_FOR_EARLIER_SECONDS = 30;

/** The recipient's DDEX party id: configured (DELIVERY_PARTY_ID_<PLATFORM>), else a made-up one for the simulators. */
function recipientPartyId(config: AppConfig['delivery'], platform: Platform) {
  return config.platforms[platform]?.partyId ?? `PADPIDATHSIM${platform.replace(/_/g, '')}`;
}

/**
 * The upload step of a delivery job: builds the batch from the release recorded with the delivery, sends it
 * through the platform's transport and marks it DELIVERED only on the transport's receipt, queueing the
 * acknowledgement check. A failed upload is thrown for pg-boss to retry with backoff; after `maxAttempts` (or at
 * once when no retry can help) the delivery is FAILED with the reason.
 */
export async function uploadDelivery(deps: DeliveryDeps, deliveryId: string): Promise<void> {
  const { db, jobs, transports, settings, storage, logger } = deps;
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
      await reportStatus(deps, delivery, 'FAILED', reason);
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
  logger?.info({ ...log, location: receipt.location, alreadyComplete: receipt.alreadyComplete }, 'delivered');
  if (delivered) await reportStatus(deps, delivery, 'DELIVERED', null);
}
