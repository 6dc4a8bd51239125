import type { BillingDetails, PaymentMethod, Payout, PayoutQuery, PayoutStatus } from '@tunehouse/contracts';
import { toPage, type Paginated } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';

/** `NL•• •••• 4300`: the IBAN's country code and last four characters, the rest masked. */
export function maskIban(country: string, last4: string): string {
  return `${country}•• •••• ${last4}`;
}

export type PaymentMethodRecord = PaymentMethod & { provider: string; providerRecipient: string };

type MethodRow = {
  id: string;
  kind: 'BANK_ACCOUNT';
  holder_name: string;
  country: string;
  bic: string | null;
  iban_country: string;
  iban_last4: string;
  provider: string;
  provider_recipient: string;
  created_at: Date;
};

const METHOD_COLUMNS =
  'id, kind, holder_name, country, bic, iban_country, iban_last4, provider, provider_recipient, created_at';

function toMethod(row: MethodRow): PaymentMethodRecord {
  return {
    id: row.id,
    kind: row.kind,
    holderName: row.holder_name,
    maskedIban: maskIban(row.iban_country, row.iban_last4),
    last4: row.iban_last4,
    bic: row.bic,
    country: row.country as PaymentMethod['country'],
    createdAt: row.created_at.toISOString(),
    provider: row.provider,
    providerRecipient: row.provider_recipient,
  };
}

export async function listMethods(q: Queryable, accountId: string): Promise<PaymentMethodRecord[]> {
  const { rows } = await q.query<MethodRow>(
    `SELECT ${METHOD_COLUMNS} FROM payment_methods WHERE account_id = $1 AND deleted_at IS NULL
     ORDER BY created_at, id`,
    [accountId],
  );
  return rows.map(toMethod);
}

/** One of the account's methods that has not been removed. */
export async function findActiveMethod(
  q: Queryable,
  accountId: string,
  id: string,
): Promise<PaymentMethodRecord | null> {
  const { rows } = await q.query<MethodRow>(
    `SELECT ${METHOD_COLUMNS} FROM payment_methods WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL`,
    [id, accountId],
  );
  return rows[0] ? toMethod(rows[0]) : null;
}

export async function insertMethod(
  q: Queryable,
  input: {
    accountId: string;
    holderName: string;
    country: string;
    bic: string | null;
    iban: string;
    provider: string;
    providerRecipient: string;
  },
): Promise<PaymentMethodRecord> {
  const { rows } = await q.query<MethodRow>(
    `INSERT INTO payment_methods (account_id, kind, holder_name, country, bic, iban_country, iban_length, iban_last4,
       provider, provider_recipient)
     VALUES ($1, 'BANK_ACCOUNT', $2, $3, $4, $5, $6, $7, $8, $9)
     RETURNING ${METHOD_COLUMNS}`,
    [
      input.accountId,
      input.holderName,
      input.country,
      input.bic,
      input.iban.slice(0, 2),
      input.iban.length,
      input.iban.slice(-4),
      input.provider,
      input.providerRecipient,
    ],
  );
  return toMethod(rows[0]!);
}

export async function removeMethod(q: Queryable, accountId: string, id: string): Promise<boolean> {
  const { rowCount } = await q.query(
    'UPDATE payment_methods SET deleted_at = now() WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL',
    [id, accountId],
  );
  return (rowCount ?? 0) > 0;
}

type BillingRow = {
  legal_name: string;
  address_line: string;
  postal_code: string;
  city: string;
  country: string;
  vat_id: string | null;
};

export async function findBillingDetails(q: Queryable, accountId: string): Promise<BillingDetails | null> {
  const { rows } = await q.query<BillingRow>(
    'SELECT legal_name, address_line, postal_code, city, country, vat_id FROM billing_details WHERE account_id = $1',
    [accountId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    legalName: row.legal_name,
    addressLine: row.address_line,
    postalCode: row.postal_code,
    city: row.city,
    country: row.country as BillingDetails['country'],
    vatId: row.vat_id,
  };
}

export async function saveBillingDetails(
  q: Queryable,
  accountId: string,
  details: BillingDetails,
): Promise<void> {
  await q.query(
    `INSERT INTO billing_details (account_id, legal_name, address_line, postal_code, city, country, vat_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (account_id) DO UPDATE SET legal_name = $2, address_line = $3, postal_code = $4, city = $5,
       country = $6, vat_id = $7, updated_at = now()`,
    [
      accountId,
      details.legalName,
      details.addressLine,
      details.postalCode,
      details.city,
      details.country,
      details.vatId,
    ],
  );
}

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
