import type { DistributionFeeListQuery, LicenseListQuery } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import {
  FEE_COLUMNS,
  type FeeRecord,
  LICENCE_COLUMNS,
  type LicenceRecord,
  toFee,
  toLicence,
} from './repository.js';

/** The reads of the reporting calls: pages of an account's licences and fees, and the albums they embed. */

/** The licence list's sort fields and their columns (payment_plan is the plan). */
const LICENCE_ORDER: Record<LicenseListQuery['order_by'], string> = {
  created_at: 'l.created_at',
  updated_at: 'l.updated_at',
  status: 'l.status',
  payment_plan: 'l.plan',
  assigned_at: 'l.assigned_at',
  activated_at: 'l.activated_at',
  revoked_at: 'l.revoked_at',
  canceled_at: 'l.canceled_at',
  starts_at: 'l.starts_at',
  ends_at: 'l.ends_at',
};

export type AlbumRow = {
  id: string;
  title: string | null;
  version: string | null;
  barcode: string | null;
  image_id: string | null;
  image_renditions: Record<
    string,
    { file: string; size: number; width: number; height: number; name: string }
  > | null;
};

/** The albums' titles, versions, barcodes and artwork (its renditions as stored). */
export async function albumRowsOf(q: Queryable, ids: string[]): Promise<AlbumRow[]> {
  const { rows } = await q.query<AlbumRow>(
    `SELECT al.id, al.title, al.version, al.barcode, i.id AS image_id, i.renditions AS image_renditions
       FROM albums al LEFT JOIN images i ON i.id = al.artwork_id WHERE al.id = ANY($1::uuid[])`,
    [ids],
  );
  return rows;
}

/** One page of the account's licences (`albumId` already a valid lower-case UUID), with the count of all. */
export async function licencePageOf(
  q: Queryable,
  accountId: string,
  query: Pick<LicenseListQuery, 'status' | 'order' | 'order_by' | 'size' | 'offset'> & { albumId?: string },
): Promise<{ licences: LicenceRecord[]; total: number }> {
  const filters: string[] = ['l.account_id = $1'];
  const values: unknown[] = [accountId];
  if (query.albumId !== undefined) {
    values.push(query.albumId);
    filters.push(`l.album_id = $${values.length}`);
  }
  if (query.status !== undefined) {
    values.push(query.status);
    filters.push(`l.status = $${values.length}`);
  }
  const where = filters.join(' AND ');
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const { rows } = await q.query<Parameters<typeof toLicence>[0] & { total: string }>(
    `SELECT ${LICENCE_COLUMNS}, count(*) OVER () AS total FROM licences l WHERE ${where}
      ORDER BY ${LICENCE_ORDER[query.order_by]} ${direction} NULLS LAST, l.id ${direction}
      LIMIT ${query.size} OFFSET ${query.offset}`,
    values,
  );
  let total: number;
  if (rows[0]) total = Number(rows[0].total);
  else {
    const counted = await q.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM licences l WHERE ${where}`,
      values,
    );
    total = counted.rows[0]?.total ?? 0;
  }
  return { licences: rows.map(toLicence), total };
}

/** The account's licences that carry distribution-fee terms. */
export async function feeLicencesOf(q: Queryable, accountId: string): Promise<LicenceRecord[]> {
  const { rows } = await q.query<Parameters<typeof toLicence>[0]>(
    `SELECT ${LICENCE_COLUMNS} FROM licences l WHERE l.account_id = $1 AND l.fee_terms IS NOT NULL`,
    [accountId],
  );
  return rows.map(toLicence);
}

/**
 * One page of the account's distribution fees, newest first, each with its licence's album (`albumId` already a
 * valid lower-case UUID), and the count of all.
 */
export async function feePageOf(
  q: Queryable,
  accountId: string,
  query: Pick<DistributionFeeListQuery, 'settled' | 'size' | 'offset'> & { albumId?: string },
): Promise<{ fees: { fee: FeeRecord; albumId: string }[]; total: number }> {
  const filters = ['l.account_id = $1'];
  const values: unknown[] = [accountId];
  if (query.settled !== undefined)
    filters.push(query.settled ? 'f.settled_at IS NOT NULL' : 'f.settled_at IS NULL');
  if (query.albumId !== undefined) {
    values.push(query.albumId);
    filters.push(`l.album_id = $${values.length}`);
  }
  const { rows } = await q.query<Parameters<typeof toFee>[0] & { album_id: string; total: string }>(
    `SELECT ${FEE_COLUMNS}, l.album_id, count(*) OVER () AS total
       FROM distribution_fees f JOIN licences l ON l.id = f.licence_id
      WHERE ${filters.join(' AND ')}
      ORDER BY f.issued_at DESC, f.sequence_number DESC, f.id
      LIMIT ${query.size} OFFSET ${query.offset}`,
    values,
  );
  let total = rows[0] ? Number(rows[0].total) : 0;
  // A page past the end has no row to carry the count: it is counted apart.
  if (!rows[0] && query.offset > 0) {
    const counted = await q.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM distribution_fees f JOIN licences l ON l.id = f.licence_id
        WHERE ${filters.join(' AND ')}`,
      values,
    );
    total = counted.rows[0]?.total ?? 0;
  }
  return { fees: rows.map((row) => ({ fee: toFee(row), albumId: row.album_id })), total };
}
