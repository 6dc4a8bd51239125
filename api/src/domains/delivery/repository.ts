import type { Platform } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import type { DeliveryAction } from './model.js';
import type { Acknowledgement, Receipt } from './transport.js';

export const DELIVERY_STATUSES = [
  'PENDING',
  'DELIVERING',
  'DELIVERED',
  'LIVE',
  'TAKEN_DOWN',
  'REJECTED',
  'FAILED',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** Statuses of a delivery whose upload is not done: at most one per (album, platform, action). */
export const IN_FLIGHT: readonly DeliveryStatus[] = ['PENDING', 'DELIVERING'];

export type DeliveryRecord = {
  id: string;
  albumId: string;
  platform: Platform;
  action: DeliveryAction;
  messageId: string;
  status: DeliveryStatus;
  attempts: number;
  reason: string | null;
  receipt: Receipt | null;
  acknowledgement: Acknowledgement | null;
  ackChecks: number;
  createdAt: Date;
  updatedAt: Date;
  deliveredAt: Date | null;
  acknowledgedAt: Date | null;
};

type Row = {
  id: string;
  album_id: string;
  platform: Platform;
  action: DeliveryAction;
  message_id: string;
  status: DeliveryStatus;
  attempts: number;
  reason: string | null;
  receipt: Receipt | null;
  acknowledgement: Acknowledgement | null;
  ack_checks: number;
  created_at: Date;
  updated_at: Date;
  delivered_at: Date | null;
  acknowledged_at: Date | null;
};

const COLUMNS = `id, album_id, platform, action, message_id, status, attempts, reason, receipt, acknowledgement,
  ack_checks, created_at, updated_at, delivered_at, acknowledged_at`;

const toRecord = (row: Row): DeliveryRecord => ({
  id: row.id,
  albumId: row.album_id,
  platform: row.platform,
  action: row.action,
  messageId: row.message_id,
  status: row.status,
  attempts: row.attempts,
  reason: row.reason,
  receipt: row.receipt,
  acknowledgement: row.acknowledgement,
  ackChecks: row.ack_checks,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  deliveredAt: row.delivered_at,
  acknowledgedAt: row.acknowledged_at,
});

/**
 * A new delivery, or the one of the same (album, platform, action) still under way. A queued one that no attempt
 * has touched takes the newer release, so it sends the latest metadata. `inserted` says whether a job is needed.
 */
export async function insertDelivery(
  q: Queryable,
  d: { albumId: string; platform: Platform; action: DeliveryAction; messageId: string; release: unknown },
): Promise<{ record: DeliveryRecord; inserted: boolean }> {
  const { rows } = await q.query<Row & { inserted: boolean }>(
    `INSERT INTO deliveries (album_id, platform, action, message_id, release)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (album_id, platform, action) WHERE status IN ('PENDING', 'DELIVERING')
     DO UPDATE SET
       release = CASE WHEN deliveries.status = 'PENDING' AND deliveries.attempts = 0
                      THEN EXCLUDED.release ELSE deliveries.release END,
       updated_at = now()
     RETURNING ${COLUMNS}, (xmax = 0) AS inserted`,
    [d.albumId, d.platform, d.action, d.messageId, JSON.stringify(d.release)],
  );
  const row = rows[0]!;
  return { record: toRecord(row), inserted: row.inserted };
}

export async function findDelivery(q: Queryable, id: string): Promise<DeliveryRecord | null> {
  const { rows } = await q.query<Row>(`SELECT ${COLUMNS} FROM deliveries WHERE id = $1`, [id]);
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function findDeliveriesOfAlbum(q: Queryable, albumId: string): Promise<DeliveryRecord[]> {
  const { rows } = await q.query<Row>(
    `SELECT ${COLUMNS} FROM deliveries WHERE album_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1000`,
    [albumId],
  );
  return rows.map(toRecord);
}

/** An older delivery to the same platform whose upload is not done yet (messages go out in order). */
export async function hasEarlierInFlight(q: Queryable, delivery: DeliveryRecord): Promise<boolean> {
  const { rowCount } = await q.query(
    `SELECT 1 FROM deliveries
      WHERE album_id = $1 AND platform = $2 AND id <> $3 AND created_at < $4
        AND status IN ('PENDING', 'DELIVERING')
      LIMIT 1`,
    [delivery.albumId, delivery.platform, delivery.id, delivery.createdAt],
  );
  return (rowCount ?? 0) > 0;
}

/** Starts an attempt: DELIVERING, one more attempt. Null when it is no longer to be uploaded. */
export async function claimDelivery(
  q: Queryable,
  id: string,
): Promise<(DeliveryRecord & { release: unknown }) | null> {
  const { rows } = await q.query<Row & { release: unknown }>(
    `UPDATE deliveries SET status = 'DELIVERING', attempts = attempts + 1, updated_at = now()
      WHERE id = $1 AND status IN ('PENDING', 'DELIVERING')
      RETURNING ${COLUMNS}, release`,
    [id],
  );
  return rows[0] ? { ...toRecord(rows[0]), release: rows[0].release } : null;
}

/** After a failed attempt that will be retried: PENDING again, with the error. */
export async function markRetrying(q: Queryable, id: string, reason: string): Promise<void> {
  await q.query(
    `UPDATE deliveries SET status = 'PENDING', reason = $2, updated_at = now()
      WHERE id = $1 AND status = 'DELIVERING'`,
    [id, reason],
  );
}

export async function markFailed(q: Queryable, id: string, reason: string): Promise<void> {
  await q.query(
    `UPDATE deliveries SET status = 'FAILED', reason = $2, updated_at = now()
      WHERE id = $1 AND status IN ('PENDING', 'DELIVERING')`,
    [id, reason],
  );
}

/** Only after the transport's receipt: the whole batch is on the platform's side. */
export async function markDelivered(q: Queryable, id: string, receipt: Receipt): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE deliveries SET status = 'DELIVERED', receipt = $2, reason = NULL, delivered_at = now(), updated_at = now()
      WHERE id = $1 AND status = 'DELIVERING'`,
    [id, JSON.stringify(receipt)],
  );
  return (rowCount ?? 0) > 0;
}

export async function countAcknowledgementCheck(
  q: Queryable,
  id: string,
  reason: string | null,
): Promise<void> {
  await q.query(
    `UPDATE deliveries SET ack_checks = ack_checks + 1, reason = $2, updated_at = now()
      WHERE id = $1 AND status = 'DELIVERED'`,
    [id, reason],
  );
}

export async function recordAcknowledgement(
  q: Queryable,
  id: string,
  status: Extract<DeliveryStatus, 'LIVE' | 'TAKEN_DOWN' | 'REJECTED'>,
  ack: Acknowledgement,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE deliveries SET status = $2, acknowledgement = $3, reason = $4, acknowledged_at = now(), updated_at = now()
      WHERE id = $1 AND status = 'DELIVERED'`,
    [id, status, JSON.stringify(ack), ack.accepted ? null : (ack.errorText ?? ack.status)],
  );
  return (rowCount ?? 0) > 0;
}
