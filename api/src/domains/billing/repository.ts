/** The `payment_methods` and `billing_details` tables: where an account's money goes and whom its invoices name. */
import type { BillingDetailsData, HolderReview, PaymentMethod } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';

/** `NL•• •••• 4300`: the IBAN's country code and last four characters, the rest masked. */
export function maskIban(country: string, last4: string): string {
  return `${country}•• •••• ${last4}`;
}

export type PaymentMethodRecord = PaymentMethod & { provider: string; providerRecipient: string };
export type BankAccountRecord = Extract<PaymentMethodRecord, { kind: 'BANK_ACCOUNT' }>;
export type CardRecord = Extract<PaymentMethodRecord, { kind: 'CARD' }>;

type MethodRow = {
  id: string;
  kind: PaymentMethod['kind'];
  holder_name: string | null;
  country: string | null;
  bic: string | null;
  iban_country: string | null;
  iban_last4: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  holder_review: HolderReview | null;
  provider: string;
  provider_recipient: string;
  created_at: Date;
  held_until: Date | null;
};

/** `held_until`: when a bank account's hold for new payees ends, while it has not ended yet. */
export const METHOD_COLUMNS = `id, kind, holder_name, country, bic, iban_country, iban_last4, card_brand, card_last4,
  card_exp_month, card_exp_year, holder_review, provider, provider_recipient, created_at,
  CASE WHEN payouts_from > now() THEN payouts_from END AS held_until`;

/** A row as its kind reads: a bank account (masked IBAN) or a card (brand, last four, expiry). */
export function toMethod(row: MethodRow): PaymentMethodRecord {
  const common = {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    provider: row.provider,
    providerRecipient: row.provider_recipient,
  };
  if (row.kind === 'CARD')
    return {
      ...common,
      kind: 'CARD',
      brand: row.card_brand!,
      last4: row.card_last4!,
      expMonth: row.card_exp_month!,
      expYear: row.card_exp_year!,
    };
  return {
    ...common,
    kind: 'BANK_ACCOUNT',
    holderName: row.holder_name!,
    maskedIban: maskIban(row.iban_country!, row.iban_last4!),
    last4: row.iban_last4!,
    bic: row.bic,
    country: row.country as BankAccountRecord['country'],
    heldUntil: row.held_until ? row.held_until.toISOString() : null,
    holderReview: row.holder_review ?? 'PENDING_REVIEW',
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

/** One of the account's bank accounts that has not been removed: the only kind a payout can go to. */
export async function findActiveMethod(
  q: Queryable,
  accountId: string,
  id: string,
): Promise<BankAccountRecord | null> {
  const { rows } = await q.query<MethodRow>(
    `SELECT ${METHOD_COLUMNS} FROM payment_methods
     WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL AND kind = 'BANK_ACCOUNT'`,
    [id, accountId],
  );
  return rows[0] ? (toMethod(rows[0]) as BankAccountRecord) : null;
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
    /** Hours before payouts may go to it (a new payee's hold); 0 or none: at once. */
    holdHours?: number;
    /** MATCHED when the holder is the verified name, else PENDING_REVIEW (docs/decisions/0062-verified-supplier-and-names.md). */
    holderReview: 'MATCHED' | 'PENDING_REVIEW';
  },
): Promise<BankAccountRecord> {
  const { rows } = await q.query<MethodRow>(
    `INSERT INTO payment_methods (account_id, kind, holder_name, country, bic, iban_country, iban_length, iban_last4,
       provider, provider_recipient, holder_review, payouts_from)
     VALUES ($1, 'BANK_ACCOUNT', $2, $3, $4, $5, $6, $7, $8, $9, $10,
       CASE WHEN $11::int > 0 THEN now() + make_interval(hours => $11::int) END)
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
      input.holderReview,
      input.holdHours ?? 0,
    ],
  );
  return toMethod(rows[0]!) as BankAccountRecord;
}

/** A card saved through the payment provider's set-up: what is shown of it and the provider's reference to it. */
export async function insertCardMethod(
  q: Queryable,
  input: {
    accountId: string;
    brand: string;
    last4: string;
    expMonth: number;
    expYear: number;
    provider: string;
    providerReference: string;
  },
): Promise<CardRecord> {
  const { rows } = await q.query<MethodRow>(
    `INSERT INTO payment_methods (account_id, kind, card_brand, card_last4, card_exp_month, card_exp_year, provider,
       provider_recipient)
     VALUES ($1, 'CARD', $2, $3, $4, $5, $6, $7)
     RETURNING ${METHOD_COLUMNS}`,
    [
      input.accountId,
      input.brand,
      input.last4,
      input.expMonth,
      input.expYear,
      input.provider,
      input.providerReference,
    ],
  );
  return toMethod(rows[0]!) as CardRecord;
}

/** One card method by id (a set-up's answer names the card it stored, removed or not). */
export async function findCardMethod(q: Queryable, id: string): Promise<CardRecord | null> {
  const { rows } = await q.query<MethodRow>(
    `SELECT ${METHOD_COLUMNS} FROM payment_methods WHERE id = $1 AND kind = 'CARD'`,
    [id],
  );
  return rows[0] ? (toMethod(rows[0]) as CardRecord) : null;
}

export async function removeMethod(q: Queryable, accountId: string, id: string): Promise<boolean> {
  const { rowCount } = await q.query(
    'UPDATE payment_methods SET deleted_at = now() WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL',
    [id, accountId],
  );
  return (rowCount ?? 0) > 0;
}

type BillingRow = {
  trading_name: string | null;
  address_line: string;
  postal_code: string;
  city: string;
  country: string;
  vat_id: string | null;
};

/** What the account declared for its invoices; the legal name is not among it (it is the verified one). */
export type DeclaredBillingDetails = Omit<BillingDetailsData, 'legalName' | 'tradingName' | 'vatId'> & {
  tradingName: string | null;
  vatId: string | null;
};

export async function findBillingDetails(
  q: Queryable,
  accountId: string,
): Promise<DeclaredBillingDetails | null> {
  const { rows } = await q.query<BillingRow>(
    `SELECT trading_name, address_line, postal_code, city, country, vat_id FROM billing_details
      WHERE account_id = $1`,
    [accountId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    tradingName: row.trading_name,
    addressLine: row.address_line,
    postalCode: row.postal_code,
    city: row.city,
    country: row.country as DeclaredBillingDetails['country'],
    vatId: row.vat_id,
  };
}

export async function saveBillingDetails(
  q: Queryable,
  accountId: string,
  details: DeclaredBillingDetails,
): Promise<void> {
  await q.query(
    `INSERT INTO billing_details (account_id, trading_name, address_line, postal_code, city, country, vat_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (account_id) DO UPDATE SET trading_name = $2, address_line = $3, postal_code = $4, city = $5,
       country = $6, vat_id = $7, updated_at = now()`,
    [
      accountId,
      details.tradingName,
      details.addressLine,
      details.postalCode,
      details.city,
      details.country,
      details.vatId,
    ],
  );
}
