import type { CountryCode, VerificationDocumentType } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import type { VerificationDecision } from './provider.js';

export type VerificationRecord = {
  id: string;
  accountId: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  provider: string;
  providerReference: string | null;
  legalName: string;
  dateOfBirth: string;
  addressLine: string;
  city: string;
  postalCode: string;
  country: CountryCode;
  documentFile: string;
  documentType: VerificationDocumentType;
  documentSize: number;
  submittedAt: Date;
  decidedAt: Date | null;
  reason: string | null;
};

type VerificationRow = {
  id: string;
  account_id: string;
  status: VerificationRecord['status'];
  provider: string;
  provider_reference: string | null;
  legal_name: string;
  date_of_birth: string;
  address_line: string;
  city: string;
  postal_code: string;
  country: CountryCode;
  document_file: string;
  document_type: VerificationDocumentType;
  document_size: number;
  submitted_at: Date;
  decided_at: Date | null;
  reason: string | null;
};

// date_of_birth as text: a DATE column would come back as a local-midnight Date and could shift by a day.
const COLUMNS = `id, account_id, status, provider, provider_reference, legal_name,
  to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, address_line, city, postal_code, country,
  document_file, document_type, document_size, submitted_at, decided_at, reason`;

const toRecord = (row: VerificationRow): VerificationRecord => ({
  id: row.id,
  accountId: row.account_id,
  status: row.status,
  provider: row.provider,
  providerReference: row.provider_reference,
  legalName: row.legal_name,
  dateOfBirth: row.date_of_birth,
  addressLine: row.address_line,
  city: row.city,
  postalCode: row.postal_code,
  country: row.country,
  documentFile: row.document_file,
  documentType: row.document_type,
  documentSize: row.document_size,
  submittedAt: row.submitted_at,
  decidedAt: row.decided_at,
  reason: row.reason,
});

export type NewVerification = Pick<
  VerificationRecord,
  | 'id'
  | 'accountId'
  | 'provider'
  | 'legalName'
  | 'dateOfBirth'
  | 'addressLine'
  | 'city'
  | 'postalCode'
  | 'country'
  | 'documentFile'
  | 'documentType'
  | 'documentSize'
> & { submittedBy: string };

const UNIQUE_VIOLATION = '23505';

/** Answers null when the account already has a submission under review (the partial unique index decides). */
export async function insertVerification(
  q: Queryable,
  v: NewVerification,
): Promise<VerificationRecord | null> {
  try {
    const { rows } = await q.query<VerificationRow>(
      `INSERT INTO identity_verifications (id, account_id, submitted_by, provider, legal_name, date_of_birth,
                                          address_line, city, postal_code, country, document_file,
                                          document_type, document_size)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       RETURNING ${COLUMNS}`,
      [
        v.id,
        v.accountId,
        v.submittedBy,
        v.provider,
        v.legalName,
        v.dateOfBirth,
        v.addressLine,
        v.city,
        v.postalCode,
        v.country,
        v.documentFile,
        v.documentType,
        v.documentSize,
      ],
    );
    return toRecord(rows[0]!);
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) return null;
    throw error;
  }
}

export async function setProviderReference(q: Queryable, id: string, reference: string): Promise<void> {
  await q.query('UPDATE identity_verifications SET provider_reference = $2 WHERE id = $1', [id, reference]);
}

/** The account's latest submission. */
export async function findLatestVerification(
  q: Queryable,
  accountId: string,
): Promise<VerificationRecord | null> {
  const { rows } = await q.query<VerificationRow>(
    `SELECT ${COLUMNS} FROM identity_verifications WHERE account_id = $1
      ORDER BY submitted_at DESC, id LIMIT 1`,
    [accountId],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function findVerification(q: Queryable, id: string): Promise<VerificationRecord | null> {
  const { rows } = await q.query<VerificationRow>(
    `SELECT ${COLUMNS} FROM identity_verifications WHERE id = $1`,
    [id],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/**
 * Records the decision of a submission still under review; an approval marks the account verified (an account is
 * verified when its verifiedAt is set). Answers false when it was decided already (a retried job).
 */
export async function recordDecision(
  q: Queryable,
  id: string,
  decision: VerificationDecision,
): Promise<boolean> {
  const { rows } = await q.query<{ account_id: string }>(
    `UPDATE identity_verifications SET status = $2, decided_at = now(), reason = $3
      WHERE id = $1 AND status = 'PENDING'
      RETURNING account_id`,
    [id, decision.status, decision.status === 'REJECTED' ? decision.reason : null],
  );
  const accountId = rows[0]?.account_id;
  if (!accountId) return false;
  if (decision.status === 'APPROVED') {
    await q.query('UPDATE accounts SET verified_at = COALESCE(verified_at, now()) WHERE id = $1', [
      accountId,
    ]);
  }
  return true;
}

/** Who the account's approved identity verification says it is: the name and address its document showed. */
export type VerifiedIdentity = Pick<
  VerificationRecord,
  'legalName' | 'addressLine' | 'city' | 'postalCode' | 'country' | 'decidedAt'
>;

/**
 * The account's latest approved verification, or null: the only source of the legal name invoices are made out in
 * and bank account holders are compared with (docs/decisions/0062-verified-supplier-and-names.md).
 */
export async function findVerifiedIdentity(
  q: Queryable,
  accountId: string,
): Promise<VerifiedIdentity | null> {
  const { rows } = await q.query<VerificationRow>(
    `SELECT ${COLUMNS} FROM identity_verifications WHERE account_id = $1 AND status = 'APPROVED'
      ORDER BY decided_at DESC, id LIMIT 1`,
    [accountId],
  );
  const record = rows[0] ? toRecord(rows[0]) : null;
  return record
    ? {
        legalName: record.legalName,
        addressLine: record.addressLine,
        city: record.city,
        postalCode: record.postalCode,
        country: record.country,
        decidedAt: record.decidedAt,
      }
    : null;
}

/**
 * An approved verification recorded without a provider (`provider = 'seed'`, no document file): for the demo's
 * account and for tests, which need a verified name without waiting for the simulator. Marks the account verified.
 */
export async function insertApprovedVerification(
  q: Queryable,
  accountId: string,
  identity: Pick<VerificationRecord, 'legalName' | 'addressLine' | 'city' | 'postalCode' | 'country'> & {
    dateOfBirth?: string;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO identity_verifications (account_id, provider, status, legal_name, date_of_birth, address_line, city,
       postal_code, country, document_file, document_type, document_size, decided_at)
     VALUES ($1, 'seed', 'APPROVED', $2, $3, $4, $5, $6, $7, '', 'application/pdf', 0, now())`,
    [
      accountId,
      identity.legalName,
      identity.dateOfBirth ?? '1990-01-01',
      identity.addressLine,
      identity.city,
      identity.postalCode,
      identity.country,
    ],
  );
  await q.query('UPDATE accounts SET verified_at = COALESCE(verified_at, now()) WHERE id = $1', [accountId]);
}
