import type { Platform } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import type { DeliveryAction } from './model.js';
import type { DeliveryStatus } from './repository.js';

/** What the operator's metrics and page read of the deliveries (domains/operations). */

export type DeliveryCount = { platform: Platform; status: DeliveryStatus; count: number };

/** Deliveries counted by platform and status, now. */
export async function deliveryCounts(q: Queryable): Promise<DeliveryCount[]> {
  const { rows } = await q.query<{ platform: Platform; status: DeliveryStatus; count: string }>(
    'SELECT platform, status, count(*) AS count FROM deliveries GROUP BY platform, status ORDER BY platform, status',
  );
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

export type FailedDelivery = {
  id: string;
  albumId: string;
  platform: Platform;
  action: DeliveryAction;
  status: 'FAILED' | 'REJECTED';
  reason: string | null;
  attempts: number;
  updatedAt: string;
};

/** The latest deliveries that no attempt could deliver, or that the platform refused, newest first. */
export async function failedDeliveries(q: Queryable, limit: number): Promise<FailedDelivery[]> {
  const { rows } = await q.query<{
    id: string;
    album_id: string;
    platform: Platform;
    action: DeliveryAction;
    status: 'FAILED' | 'REJECTED';
    reason: string | null;
    attempts: number;
    updated_at: Date;
  }>(
    `SELECT id, album_id, platform, action, status, reason, attempts, updated_at FROM deliveries
      WHERE status IN ('FAILED', 'REJECTED') ORDER BY updated_at DESC, id LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({
    id: row.id,
    albumId: row.album_id,
    platform: row.platform,
    action: row.action,
    status: row.status,
    reason: row.reason,
    attempts: row.attempts,
    updatedAt: row.updated_at.toISOString(),
  }));
}
