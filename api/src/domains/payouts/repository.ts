import type { Payout, PayoutQuery, PayoutStatus } from '@tunehouse/contracts';
import { toPage, type Paginated } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import { maskIban } from '../billing/index.js';

export type PayoutRecord = {
  id: string;
  accountId: string;
  paymentMethodId: string;
  amount: number;
  currency: string;
  status: PayoutStatus;
  idempotencyKey: string;
  fingerprint: string;
  provider: string;
  providerReference: string | null;
  providerRecipient: string;
  methodCountry: string;
  methodLast4: string;
  failureReason: string | null;
  invoiceId: string;
  requestedAt: Date;
  sentAt: Date | null;
  settledAt: Date | null;
  reversedAt: Date | null;
};

type PayoutRow = {
  id: string;
  account_id: string;
  payment_method_id: string;
  amount: string;
  currency: string;
  status: PayoutStatus;
  idempotency_key: string;
  fingerprint: string;
  provider: string;
  provider_reference: string | null;
  provider_recipient: string;
  iban_country: string;
  iban_last4: string;
  failure_reason: string | null;
  invoice_id: string;
  requested_at: Date;
  sent_at: Date | null;
  settled_at: Date | null;
  reversed_at: Date | null;
};

const PAYOUT_SELECT = `SELECT p.id, p.account_id, p.payment_method_id, p.amount, p.currency, p.status,
    p.idempotency_key, p.fingerprint, p.provider, p.provider_reference, m.provider_recipient, m.iban_country,
    m.iban_last4, p.failure_reason, i.id AS invoice_id, p.requested_at, p.sent_at, p.settled_at, p.reversed_at
  FROM payouts p
  JOIN payment_methods m ON m.id = p.payment_method_id
  JOIN invoices i ON i.payout_id = p.id`;

function toPayoutRecord(row: PayoutRow): PayoutRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    paymentMethodId: row.payment_method_id,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status,
    idempotencyKey: row.idempotency_key,
    fingerprint: row.fingerprint,
    provider: row.provider,
    providerReference: row.provider_reference,
    providerRecipient: row.provider_recipient,
    methodCountry: row.iban_country,
    methodLast4: row.iban_last4,
    failureReason: row.failure_reason,
    invoiceId: row.invoice_id,
    requestedAt: row.requested_at,
    sentAt: row.sent_at,
    settledAt: row.settled_at,
    reversedAt: row.reversed_at,
  };
}

export function toPayout(record: PayoutRecord): Payout {
  return {
    id: record.id,
    amount: record.amount,
    currency: record.currency,
    status: record.status,
    paymentMethod: {
      id: record.paymentMethodId,
      kind: 'BANK_ACCOUNT',
      maskedIban: maskIban(record.methodCountry, record.methodLast4),
    },
    invoiceId: record.invoiceId,
    failureReason: record.failureReason,
    requestedAt: record.requestedAt.toISOString(),
    sentAt: record.sentAt?.toISOString() ?? null,
    settledAt: record.settledAt?.toISOString() ?? null,
    reversedAt: record.reversedAt?.toISOString() ?? null,
  };
}

/** A payout by id; `forUpdate` locks its row until the transaction ends (a status change). */
export async function findPayout(
  q: Queryable,
  id: string,
  { accountId, forUpdate = false }: { accountId?: string; forUpdate?: boolean } = {},
): Promise<PayoutRecord | null> {
  const { rows } = await q.query<PayoutRow>(
    `${PAYOUT_SELECT} WHERE p.id = $1 ${accountId ? 'AND p.account_id = $2' : ''}
     ${forUpdate ? 'FOR UPDATE OF p' : ''}`,
    accountId ? [id, accountId] : [id],
  );
  return rows[0] ? toPayoutRecord(rows[0]) : null;
}

export async function findPayoutByKey(
  q: Queryable,
  accountId: string,
  idempotencyKey: string,
): Promise<PayoutRecord | null> {
  const { rows } = await q.query<PayoutRow>(
    `${PAYOUT_SELECT} WHERE p.account_id = $1 AND p.idempotency_key = $2`,
    [accountId, idempotencyKey],
  );
  return rows[0] ? toPayoutRecord(rows[0]) : null;
}

/**
 * Inserts a REQUESTED payout; false when the account used the key already (a concurrent request with it waits
 * here until that one's transaction ends, then finds it).
 */
export async function insertPayout(
  q: Queryable,
  input: {
    id: string;
    accountId: string;
    paymentMethodId: string;
    amount: number;
    currency: string;
    idempotencyKey: string;
    fingerprint: string;
    provider: string;
  },
): Promise<boolean> {
  const { rowCount } = await q.query(
    `INSERT INTO payouts (id, account_id, payment_method_id, amount, currency, idempotency_key, fingerprint, provider)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (account_id, idempotency_key) DO NOTHING`,
    [
      input.id,
      input.accountId,
      input.paymentMethodId,
      input.amount,
      input.currency,
      input.idempotencyKey,
      input.fingerprint,
      input.provider,
    ],
  );
  return (rowCount ?? 0) > 0;
}

export async function listPayouts(
  q: Queryable,
  accountId: string,
  { offset, size, status }: PayoutQuery,
): Promise<Paginated<Payout>> {
  const params: unknown[] = [accountId];
  let where = 'p.account_id = $1';
  if (status) {
    params.push(status);
    where += ` AND p.status = $${params.length}`;
  }
  const { rows: count } = await q.query<{ total: string }>(
    `SELECT count(*) AS total FROM payouts p WHERE ${where}`,
    params,
  );
  const { rows } = await q.query<PayoutRow>(
    `${PAYOUT_SELECT} WHERE ${where} ORDER BY p.requested_at DESC, p.id DESC
     OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
    [...params, offset, size],
  );
  return toPage(
    rows.map((row) => toPayout(toPayoutRecord(row))),
    offset,
    size,
    Number(count[0]?.total ?? 0),
  );
}

/** Cents of the account's payouts the provider has not finished with (REQUESTED or SENT). */
export async function payoutsInFlightOf(q: Queryable, accountId: string): Promise<number> {
  const { rows } = await q.query<{ total: string }>(
    `SELECT COALESCE(SUM(amount), 0)::bigint AS total FROM payouts
     WHERE account_id = $1 AND status IN ('REQUESTED', 'SENT')`,
    [accountId],
  );
  return Number(rows[0]?.total ?? 0);
}
