import type { Queryable } from '../../platform/db.js';

/** Card payments counted by status, now (the operator's metrics, domains/operations). */
export async function paymentCounts(q: Queryable): Promise<{ status: string; count: number }[]> {
  const { rows } = await q.query<{ status: string; count: string }>(
    'SELECT status, count(*) AS count FROM payments GROUP BY status ORDER BY status',
  );
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}
