import type { DeliveryAction, Platform } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import { insertDeliveryRequest } from './repository.js';

/**
 * One hand-off from releases to delivery: send `action` for the album to these platforms.
 * - DELIVER: the platforms do not carry the release yet (first delivery, or a platform newly chosen);
 * - UPDATE: they carry it and its metadata, artwork or audio changed (re-published and accepted again);
 * - TAKEDOWN: remove it (the album is taken down, or a platform is no longer chosen).
 */
export type DeliveryRequest = { albumId: string; action: DeliveryAction; platforms: Platform[] };

/**
 * What releases needs from delivery (docs/decisions/0033-releases-api.md, "Delivery"). Implemented by
 * `domains/delivery` (DDEX ERN 4.3); this domain only calls it.
 *
 * `deliver` is called inside the transaction that moved the release (`tx`), after the album's per-platform
 * `pending` states were written as { status: PENDING, action }. An implementation records or enqueues its work in
 * that transaction (e.g. `jobs.enqueue(queue, data, tx)`) and returns: it must not call out to platforms there, so
 * a hand-off exists if and only if the move committed. A thrown error rolls the move back (500).
 *
 * Delivery then reports back through `delivery-reports.ts`: `reportPlatformStatus` as each platform answers
 * (SUBMITTED, ACCEPTED, REJECTED, LIVE), `recordLink` for where the release can be found, and it reads what to send
 * with `loadReleaseForDelivery` (metadata, tracks, and the paths of the artwork and audio files).
 */
export interface DeliveryPort {
  deliver(request: DeliveryRequest, tx: Queryable): Promise<void>;
  /**
   * Per platform, what delivery can say about its latest finished delivery and the one under way: the reason of a
   * refusal or failure, the last attempt's error while retrying, and the attempts made. Optional: a port that
   * sends nothing has nothing to say.
   */
  notes?(albumId: string): Promise<DeliveryNote[]>;
}

export type DeliveryNoteEntry = { message: string | null; attempts: number };
export type DeliveryNote = {
  platform: Platform;
  current: DeliveryNoteEntry | null;
  pending: DeliveryNoteEntry | null;
};

/**
 * `buildApp`'s default (and the test app's): every hand-off is recorded in `release_delivery_requests` (in the same
 * transaction), where a test or an operator can read it. Nothing is sent anywhere. main.ts passes the DDEX port
 * instead (`createReleaseDelivery` in composition.ts).
 */
export const recordingDeliveryPort: DeliveryPort = {
  async deliver({ albumId, action, platforms }, tx) {
    await insertDeliveryRequest(tx, albumId, action, platforms);
  },
};
