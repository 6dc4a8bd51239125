import type { PlanType } from '@tunehouse/contracts';
import type { PlanTerms } from '../../platform/config.js';
import type { Queryable } from '../../platform/db.js';

/** Licences, distribution fees and stream collections as stored (migration 0011; dates as YYYY-MM-DD). */

export type LicenceStatus = 'PENDING' | 'ACTIVE' | 'CANCELED' | 'REVOKED';

export type LicenceRecord = {
  id: string;
  albumId: string;
  accountId: string;
  plan: PlanType;
  share: number;
  distributionFee: PlanTerms['distributionFee'];
  termsAcceptedAt: Date;
  status: LicenceStatus;
  startsAt: string;
  endsAt: string | null;
  createdAt: Date;
};

export type FeeRecord = {
  id: string;
  licenceId: string;
  sequenceNumber: number;
  issuedAt: string;
  expiresAt: string;
  numberOfStreams: number;
  pricePerStream: number;
  collectionStartedAt: string;
  collectionEndedAt: Date | null;
  settledAt: Date | null;
  isCurrent: boolean;
  /** Streams collected so far, from royalties and settlements. */
  collected: number;
};

type LicenceRow = {
  id: string;
  album_id: string;
  account_id: string;
  plan: PlanType;
  share_bp: number;
  fee_terms: PlanTerms['distributionFee'];
  terms_accepted_at: Date;
  status: LicenceStatus;
  starts_at: string;
  ends_at: string | null;
  created_at: Date;
};

export const LICENCE_COLUMNS = `l.id, l.album_id, l.account_id, l.plan, l.share_bp, l.fee_terms, l.terms_accepted_at,
  l.status, l.starts_at::text AS starts_at, l.ends_at::text AS ends_at, l.created_at`;

export function toLicence(row: LicenceRow): LicenceRecord {
  return {
    id: row.id,
    albumId: row.album_id,
    accountId: row.account_id,
    plan: row.plan,
    share: row.share_bp,
    distributionFee: row.fee_terms,
    termsAcceptedAt: row.terms_accepted_at,
    status: row.status,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    createdAt: row.created_at,
  };
}

/**
 * The album's licence: the one in force, else the latest ended one (revenue reported after a takedown still
 * belongs to the licence it was earned under). Null when the album never had one.
 */
export async function findLicenceOfAlbum(
  q: Queryable,
  albumId: string,
  { inForce = false } = {},
): Promise<LicenceRecord | null> {
  const { rows } = await q.query<LicenceRow>(
    `SELECT ${LICENCE_COLUMNS} FROM licences l
      WHERE l.album_id = $1 ${inForce ? `AND l.status IN ('PENDING', 'ACTIVE')` : ''}
      ORDER BY l.status IN ('PENDING', 'ACTIVE') DESC, l.created_at DESC LIMIT 1`,
    [albumId],
  );
  return rows[0] ? toLicence(rows[0]) : null;
}

export async function insertLicence(
  q: Queryable,
  licence: {
    albumId: string;
    accountId: string;
    plan: PlanType;
    terms: PlanTerms;
    termsAcceptedAt: Date;
    startsAt: string;
  },
): Promise<LicenceRecord> {
  const { rows } = await q.query<LicenceRow>(
    `INSERT INTO licences AS l (album_id, account_id, plan, share_bp, fee_terms, terms_accepted_at, status,
                                assigned_at, activated_at, starts_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'ACTIVE', $6, $6, $7, $6, $6)
     RETURNING ${LICENCE_COLUMNS}`,
    [
      licence.albumId,
      licence.accountId,
      licence.plan,
      licence.terms.share,
      licence.terms.distributionFee ? JSON.stringify(licence.terms.distributionFee) : null,
      licence.termsAcceptedAt,
      licence.startsAt,
    ],
  );
  return toLicence(rows[0]!);
}

/** Ends a licence in force (a takedown): CANCELED, ending today (or on its first day, if that is later). */
export async function cancelLicence(q: Queryable, licenceId: string, today: string): Promise<void> {
  await q.query(
    `UPDATE licences SET status = 'CANCELED', canceled_at = now(), updated_at = now(),
            ends_at = greatest($2::date, starts_at)
      WHERE id = $1 AND status IN ('PENDING', 'ACTIVE')`,
    [licenceId, today],
  );
}

type FeeRow = {
  id: string;
  licence_id: string;
  sequence_number: number;
  issued_at: string;
  expires_at: string;
  number_of_streams: string;
  price_per_stream_micro: string;
  collection_started_at: string;
  collection_ended_at: Date | null;
  settled_at: Date | null;
  is_current: boolean;
  collected: string;
};

export const FEE_COLUMNS = `f.id, f.licence_id, f.sequence_number, f.issued_at::text AS issued_at,
  f.expires_at::text AS expires_at, f.number_of_streams, f.price_per_stream_micro,
  f.collection_started_at::text AS collection_started_at, f.collection_ended_at, f.settled_at, f.is_current,
  (SELECT coalesce(sum(c.streams), 0) FROM stream_collections c WHERE c.fee_id = f.id) AS collected`;

export function toFee(row: FeeRow): FeeRecord {
  return {
    id: row.id,
    licenceId: row.licence_id,
    sequenceNumber: row.sequence_number,
    issuedAt: row.issued_at,
    expiresAt: row.expires_at,
    numberOfStreams: Number(row.number_of_streams),
    pricePerStream: Number(row.price_per_stream_micro),
    collectionStartedAt: row.collection_started_at,
    collectionEndedAt: row.collection_ended_at,
    settledAt: row.settled_at,
    isCurrent: row.is_current,
    collected: Number(row.collected),
  };
}

export async function feesOfLicence(q: Queryable, licenceId: string): Promise<FeeRecord[]> {
  const { rows } = await q.query<FeeRow>(
    `SELECT ${FEE_COLUMNS} FROM distribution_fees f WHERE f.licence_id = $1 ORDER BY f.sequence_number`,
    [licenceId],
  );
  return rows.map(toFee);
}

/** The licence's fee whose year holds `day`, locked for the caller's transaction. */
export async function feeOnDay(q: Queryable, licenceId: string, day: string): Promise<FeeRecord | null> {
  const { rows } = await q.query<FeeRow>(
    `SELECT ${FEE_COLUMNS} FROM distribution_fees f
      WHERE f.licence_id = $1 AND f.issued_at <= $2::date AND f.expires_at > $2::date
      FOR UPDATE`,
    [licenceId, day],
  );
  return rows[0] ? toFee(rows[0]) : null;
}

/** Issues the fee of a licence year (nothing when it exists already: two readers may both issue it). */
export async function issueFee(
  q: Queryable,
  fee: {
    licenceId: string;
    sequenceNumber: number;
    issuedAt: string;
    numberOfStreams: number;
    pricePerStream: number;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO distribution_fees (licence_id, sequence_number, issued_at, expires_at, number_of_streams,
                                    price_per_stream_micro, collection_started_at)
     VALUES ($1, $2, $3::date, ($3::date + interval '1 year')::date, $4, $5, $3::date)
     ON CONFLICT DO NOTHING`,
    [fee.licenceId, fee.sequenceNumber, fee.issuedAt, fee.numberOfStreams, fee.pricePerStream],
  );
}

/** A fee whose year is over: no longer current, and what was not collected by then is not owed. */
export async function expireFee(q: Queryable, feeId: string): Promise<void> {
  await q.query(
    `UPDATE distribution_fees SET is_current = false,
            collection_ended_at = coalesce(collection_ended_at, expires_at::timestamptz)
      WHERE id = $1 AND (is_current OR collection_ended_at IS NULL)`,
    [feeId],
  );
}

export async function insertCollection(
  q: Queryable,
  collection: {
    feeId: string;
    origin: 'ROYALTIES' | 'BALANCE';
    streams: number;
    royaltyCollectedMicro: number;
    periodId: string | null;
    ledgerTransferId: string | null;
    /** When it was collected, for a book written after the fact (the demo seed's closes); default now. */
    bookedAt?: Date | undefined;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO stream_collections (fee_id, origin, streams, royalty_collected_micro, period_id, ledger_transfer_id,
       created_at)
     VALUES ($1, $2, $3, $4, $5, $6, coalesce($7::timestamptz, now()))`,
    [
      collection.feeId,
      collection.origin,
      collection.streams,
      collection.royaltyCollectedMicro,
      collection.periodId,
      collection.ledgerTransferId,
      collection.bookedAt ?? null,
    ],
  );
}

/** Settles a fee now, or at `bookedAt` (the close that settled it, when the book is written after the fact). */
export async function settleFee(q: Queryable, feeId: string, bookedAt?: Date): Promise<void> {
  await q.query(
    `UPDATE distribution_fees SET settled_at = coalesce($2::timestamptz, now()),
            collection_ended_at = coalesce(collection_ended_at, $2::timestamptz, now())
      WHERE id = $1 AND settled_at IS NULL`,
    [feeId, bookedAt ?? null],
  );
}

type CollectionRow = {
  origin: 'ROYALTIES' | 'BALANCE';
  streams: string;
  royalty_collected_micro: string;
  collected_at: Date;
  period_month: string | null;
};

/**
 * The stream-collection entries of one of the account's fees in the order they were recorded; null when the account has no such fee
 * (another account's fee is as unknown as a missing one). A close's entry is dated by its period's close (when the
 * period records one), a settlement by the moment it was paid.
 */
export async function collectionsOfFee(
  q: Queryable,
  accountId: string,
  feeId: string,
): Promise<
  | {
      origin: 'ROYALTIES' | 'BALANCE';
      streams: number;
      royaltyCollectedMicro: number;
      collectedAt: Date;
      periodMonth: string | null;
    }[]
  | null
> {
  const owned = await q.query(
    `SELECT 1 FROM distribution_fees f JOIN licences l ON l.id = f.licence_id
      WHERE f.id = $1 AND l.account_id = $2`,
    [feeId, accountId],
  );
  if (owned.rowCount === 0) return null;
  const { rows } = await q.query<CollectionRow>(
    `SELECT c.origin, c.streams, c.royalty_collected_micro, coalesce(p.closed_at, c.created_at) AS collected_at,
            to_char(p.month, 'YYYY-MM') AS period_month
       FROM stream_collections c LEFT JOIN periods p ON p.id = c.period_id
      WHERE c.fee_id = $1
      ORDER BY c.created_at, c.id`,
    [feeId],
  );
  return rows.map((row) => ({
    origin: row.origin,
    streams: Number(row.streams),
    royaltyCollectedMicro: Number(row.royalty_collected_micro),
    collectedAt: row.collected_at,
    periodMonth: row.period_month,
  }));
}
