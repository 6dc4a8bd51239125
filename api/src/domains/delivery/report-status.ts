import { type DeliveryDeps, type DeliveryStatusEvent, errorText } from './delivery-deps.js';
import { PLATFORM_STATUS_OF } from './platform-status.js';
import type { DeliveryRecord, DeliveryStatus } from './repository.js';

/** Tells `onStatus` that a delivery moved on, once the change is committed; a failure is logged, not thrown. */
export async function reportStatus(
  { onStatus, transports, logger }: Pick<DeliveryDeps, 'onStatus' | 'transports' | 'logger'>,
  delivery: Pick<DeliveryRecord, 'albumId' | 'platform' | 'action' | 'messageId'>,
  deliveryStatus: DeliveryStatus,
  reason: string | null,
): Promise<void> {
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
