import {
  type AlbumPlatformEntry,
  PLATFORM_NAMES,
  PLATFORMS,
  type Platform,
  type PlatformStatus,
} from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import { type DeliveryRecord, type DeliveryStatus, findDeliveriesOfAlbum, IN_FLIGHT } from './repository.js';

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

/** Per platform, the latest delivery that is done (`current`) and the one under way (`pending`), if any. */
export type PlatformDeliveries = {
  platform: Platform;
  current: DeliveryRecord | null;
  pending: DeliveryRecord | null;
};

/** Per platform delivered to, the latest finished delivery and the one under way (PLATFORMS order). */
export async function deliveriesByPlatform(db: Queryable, albumId: string): Promise<PlatformDeliveries[]> {
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
