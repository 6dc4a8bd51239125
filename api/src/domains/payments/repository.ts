import type { Payment } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';

export type PaymentRecord = Payment & {
  accountId: string;
  fingerprint: string;
  provider: string;
  providerReference: string | null;
};

type PaymentRow = {
  id: string;
  account_id: string;
  purpose: Payment['purpose'];
  album_id: string;
  amount: string;
  currency: string;
  status: Payment['status'];
  fingerprint: string;
  provider: string;
  provider_reference: string | null;
  checkout_url: string | null;
  failure_reason: string | null;
  result: Payment['result'];
  result_note: string | null;
  created_at: Date;
  settled_at: Date | null;
};

const COLUMNS = `id, account_id, purpose, album_id, amount, currency, status, fingerprint, provider,
  provider_reference, checkout_url, failure_reason, result, result_note, created_at, settled_at`;

function toRecord(row: PaymentRow): PaymentRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    purpose: row.purpose,
    albumId: row.album_id,
    status: row.status,
    amount: Number(row.amount),
    currency: row.currency,
    checkoutUrl: row.checkout_url,
    failureReason: row.failure_reason,
    result: row.result,
    resultNote: row.result_note,
    createdAt: row.created_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
    fingerprint: row.fingerprint,
    provider: row.provider,
    providerReference: row.provider_reference,
  };
}

/** The payment as the account sees it: the checkout URL only while there is something to pay. */
export function toPayment(record: PaymentRecord): Payment {
  return {
    id: record.id,
    purpose: record.purpose,
    albumId: record.albumId,
    status: record.status,
    amount: record.amount,
    currency: record.currency,
    checkoutUrl: record.status === 'PENDING' ? record.checkoutUrl : null,
    failureReason: record.failureReason,
    result: record.result,
    resultNote: record.resultNote,
    createdAt: record.createdAt,
    settledAt: record.settledAt,
  };
}

/** One payment; of that account only when `accountId` is given; `forUpdate` locks it until the transaction ends. */
export async function findPayment(
  q: Queryable,
  id: string,
  { accountId, forUpdate = false }: { accountId?: string; forUpdate?: boolean } = {},
): Promise<PaymentRecord | null> {
  const { rows } = await q.query<PaymentRow>(
    `SELECT ${COLUMNS} FROM payments WHERE id::text = $1 ${accountId ? 'AND account_id = $2' : ''}
     ${forUpdate ? 'FOR UPDATE' : ''}`,
    accountId ? [id, accountId] : [id],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function findPaymentByKey(
  q: Queryable,
  accountId: string,
  idempotencyKey: string,
): Promise<PaymentRecord | null> {
  const { rows } = await q.query<PaymentRow>(
    `SELECT ${COLUMNS} FROM payments WHERE account_id = $1 AND idempotency_key = $2`,
    [accountId, idempotencyKey],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/**
 * Inserts a PENDING payment; false when the account used the key already (a concurrent request with it waits here
 * until that one's transaction ends, then finds it).
 */
export async function insertPayment(
  q: Queryable,
  input: {
    id: string;
    accountId: string;
    purpose: Payment['purpose'];
    albumId: string;
    amount: number;
    currency: string;
    idempotencyKey: string;
    fingerprint: string;
    provider: string;
  },
): Promise<boolean> {
  const { rowCount } = await q.query(
    `INSERT INTO payments (id, account_id, purpose, album_id, amount, currency, idempotency_key, fingerprint, provider)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (account_id, idempotency_key) DO NOTHING`,
    [
      input.id,
      input.accountId,
      input.purpose,
      input.albumId,
      input.amount,
      input.currency,
      input.idempotencyKey,
      input.fingerprint,
      input.provider,
    ],
  );
  return (rowCount ?? 0) > 0;
}

export async function saveCheckout(
  q: Queryable,
  id: string,
  checkout: { reference: string; checkoutUrl: string },
): Promise<void> {
  await q.query('UPDATE payments SET provider_reference = $2, checkout_url = $3 WHERE id = $1', [
    id,
    checkout.reference,
    checkout.checkoutUrl,
  ]);
}

export async function markFailed(q: Queryable, id: string, reason: string): Promise<void> {
  await q.query(
    `UPDATE payments SET status = 'FAILED', failure_reason = $2, settled_at = now() WHERE id = $1`,
    [id, reason],
  );
}

export async function markSucceeded(
  q: Queryable,
  id: string,
  result: NonNullable<Payment['result']>,
  note: string,
): Promise<void> {
  await q.query(
    `UPDATE payments SET status = 'SUCCEEDED', result = $2, result_note = $3, settled_at = now() WHERE id = $1`,
    [id, result, note],
  );
}

/** Records a provider event as acted on; false when it was seen before (a replay). */
export async function recordWebhookEvent(
  q: Queryable,
  provider: string,
  eventId: string,
  /** The payment the event is about; null for a card set-up's event. */
  paymentId: string | null,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `INSERT INTO payment_webhook_events (provider, event_id, payment_id) VALUES ($1, $2, $3)
     ON CONFLICT (provider, event_id) DO NOTHING`,
    [provider, eventId, paymentId],
  );
  return (rowCount ?? 0) > 0;
}
