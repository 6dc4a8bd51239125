import type { PayoutStatus } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';

/** Payouts counted by status, now (the operator's metrics, domains/operations). */
export async function payoutCounts(q: Queryable): Promise<{ status: PayoutStatus; count: number }[]> {
  const { rows } = await q.query<{ status: PayoutStatus; count: string }>(
    'SELECT status, count(*) AS count FROM payouts GROUP BY status ORDER BY status',
  );
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}
