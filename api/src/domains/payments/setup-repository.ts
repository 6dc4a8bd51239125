import type { PaymentMethodSetup } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';

export type SetupRecord = {
  id: string;
  accountId: string;
  status: PaymentMethodSetup['status'];
  provider: string;
  providerReference: string | null;
  redirectUrl: string | null;
  paymentMethodId: string | null;
  failureReason: string | null;
  createdAt: string;
  decidedAt: string | null;
};

type SetupRow = {
  id: string;
  account_id: string;
  status: PaymentMethodSetup['status'];
  provider: string;
  provider_reference: string | null;
  redirect_url: string | null;
  payment_method_id: string | null;
  failure_reason: string | null;
  created_at: Date;
  decided_at: Date | null;
};

const COLUMNS = `id, account_id, status, provider, provider_reference, redirect_url, payment_method_id,
  failure_reason, created_at, decided_at`;

const toRecord = (row: SetupRow): SetupRecord => ({
  id: row.id,
  accountId: row.account_id,
  status: row.status,
  provider: row.provider,
  providerReference: row.provider_reference,
  redirectUrl: row.redirect_url,
  paymentMethodId: row.payment_method_id,
  failureReason: row.failure_reason,
  createdAt: row.created_at.toISOString(),
  decidedAt: row.decided_at?.toISOString() ?? null,
});

export async function insertSetup(
  q: Queryable,
  input: { id: string; accountId: string; provider: string },
): Promise<void> {
  await q.query('INSERT INTO payment_method_setups (id, account_id, provider) VALUES ($1, $2, $3)', [
    input.id,
    input.accountId,
    input.provider,
  ]);
}

/** One set-up; of that account only when `accountId` is given; `forUpdate` locks it until the transaction ends. */
export async function findSetup(
  q: Queryable,
  id: string,
  { accountId, forUpdate = false }: { accountId?: string; forUpdate?: boolean } = {},
): Promise<SetupRecord | null> {
  const { rows } = await q.query<SetupRow>(
    `SELECT ${COLUMNS} FROM payment_method_setups WHERE id::text = $1 ${accountId ? 'AND account_id = $2' : ''}
     ${forUpdate ? 'FOR UPDATE' : ''}`,
    accountId ? [id, accountId] : [id],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function saveSetupRedirect(
  q: Queryable,
  id: string,
  opened: { reference: string; redirectUrl: string },
): Promise<void> {
  await q.query('UPDATE payment_method_setups SET provider_reference = $2, redirect_url = $3 WHERE id = $1', [
    id,
    opened.reference,
    opened.redirectUrl,
  ]);
}

export async function markSetupSucceeded(q: Queryable, id: string, paymentMethodId: string): Promise<void> {
  await q.query(
    `UPDATE payment_method_setups SET status = 'SUCCEEDED', payment_method_id = $2, decided_at = now()
     WHERE id = $1`,
    [id, paymentMethodId],
  );
}

export async function markSetupFailed(q: Queryable, id: string, reason: string): Promise<void> {
  await q.query(
    `UPDATE payment_method_setups SET status = 'FAILED', failure_reason = $2, decided_at = now() WHERE id = $1`,
    [id, reason],
  );
}

/**
 * Payments and set-ups the provider has had longer than `olderThanSeconds` without a confirmation reaching us:
 * the reconciliation job asks the provider about each.
 */
export async function pendingOlderThan(
  q: Queryable,
  provider: string,
  olderThanSeconds: number,
): Promise<{ payments: string[]; setups: string[] }> {
  const [payments, setups] = await Promise.all(
    ['payments', 'payment_method_setups'].map((table) =>
      q.query<{ id: string }>(
        `SELECT id FROM ${table} WHERE status = 'PENDING' AND provider = $1 AND provider_reference IS NOT NULL
           AND created_at < now() - make_interval(secs => $2) ORDER BY created_at LIMIT 500`,
        [provider, olderThanSeconds],
      ),
    ),
  );
  return { payments: payments!.rows.map((row) => row.id), setups: setups!.rows.map((row) => row.id) };
}
