import { withTransaction } from '../../platform/db.js';
import { DELIVERY_QUEUE, type DeliveryDeps } from './delivery-deps.js';
import { countAcknowledgementCheck, findDelivery, recordAcknowledgement } from './repository.js';
import { reportStatus } from './report-status.js';

/** Stop looking for an acknowledgement after a week; the delivery stays DELIVERED with a reason. */
const ACK_GIVE_UP_MS = 7 * 24 * 3600 * 1000;
const ACK_MAX_INTERVAL_SECONDS = 3600;

/**
 * The acknowledgement step of a delivery job: asks the platform's transport whether it took the batch, and
 * follows the answer to LIVE (TAKEN_DOWN for a takedown) or REJECTED. With no answer yet it looks again later,
 * the wait doubling up to an hour, and gives up after a week.
 */
export async function acknowledgeDelivery(deps: DeliveryDeps, deliveryId: string): Promise<void> {
  const { db, jobs, transports, settings, logger } = deps;
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
    await reportStatus(deps, delivery, status, ack.accepted ? null : (ack.errorText ?? ack.status));
  logger?.info(
    { deliveryId, platform: delivery.platform, messageId: delivery.messageId, status, reason: ack.errorText },
    'delivery acknowledged',
  );
}
