import type { WalletPeriodRef } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';

/** The period when it is closed (statements exist only once the close has credited the wallets), else null. */
export async function findClosedPeriod(q: Queryable, periodId: string): Promise<WalletPeriodRef | null> {
  const { rows } = await q.query<WalletPeriodRef>(
    `SELECT id, to_char(month, 'YYYY-MM') AS month FROM periods WHERE id = $1 AND status = 'CLOSED'`,
    [periodId],
  );
  return rows[0] ?? null;
}

/** The most recent closed period: the latest statement an account can read, whether or not it earned in it. */
export async function lastClosedPeriod(q: Queryable): Promise<WalletPeriodRef | null> {
  const { rows } = await q.query<WalletPeriodRef>(
    `SELECT id, to_char(month, 'YYYY-MM') AS month FROM periods
     WHERE status = 'CLOSED' ORDER BY month DESC LIMIT 1`,
  );
  return rows[0] ?? null;
}
