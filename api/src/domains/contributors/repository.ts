import type { ContributorListQuery, CreditRole } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import { containsPattern } from '../../platform/sql.js';

export type ContributorRecord = {
  id: string;
  name: string;
  role: CreditRole;
  publisher: string | null;
  createdAt: Date;
  updatedAt: Date;
};

type ContributorRow = {
  id: string;
  name: string;
  role: CreditRole;
  publisher: string | null;
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = 'c.id, c.name, c.role, c.publisher, c.created_at, c.updated_at';

const ORDER_COLUMNS: Record<ContributorListQuery['order_by'], string> = {
  name: 'c.name COLLATE "und-x-icu"',
  created_at: 'c.created_at',
  updated_at: 'c.updated_at',
};

function toRecord(row: ContributorRow): ContributorRecord {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    publisher: row.publisher,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function listContributors(
  db: Queryable,
  accountId: string,
  query: ContributorListQuery,
): Promise<{ contributors: ContributorRecord[]; total: number }> {
  const where = `c.account_id = $1 AND ($2::text IS NULL OR c.name ILIKE $2) AND ($3::text IS NULL OR c.role = $3)`;
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const filters = [accountId, containsPattern(query.q), query.role ?? null];
  const [page, count] = await Promise.all([
    db.query<ContributorRow>(
      `SELECT ${COLUMNS} FROM contributors c WHERE ${where}
        ORDER BY ${ORDER_COLUMNS[query.order_by]} ${direction}, c.id ${direction}
        LIMIT $4 OFFSET $5`,
      [...filters, query.size, query.offset],
    ),
    db.query<{ total: string }>(`SELECT count(*) AS total FROM contributors c WHERE ${where}`, filters),
  ]);
  return { contributors: page.rows.map(toRecord), total: Number(count.rows[0]?.total ?? 0) };
}

/** The account's contributor, or null (another account's is not found). */
export async function findContributor(
  q: Queryable,
  accountId: string,
  id: string,
  { lock = false } = {},
): Promise<ContributorRecord | null> {
  const { rows } = await q.query<ContributorRow>(
    `SELECT ${COLUMNS} FROM contributors c WHERE c.account_id = $1 AND c.id = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [accountId, id],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function insertContributor(
  q: Queryable,
  accountId: string,
  contributor: { name: string; role: CreditRole; publisher: string | null },
): Promise<ContributorRecord> {
  const { rows } = await q.query<ContributorRow>(
    `INSERT INTO contributors AS c (account_id, name, role, publisher) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
    [accountId, contributor.name, contributor.role, contributor.publisher],
  );
  return toRecord(rows[0]!);
}

/** Absent fields unchanged; `publisher: null` clears it. */
export async function updateContributor(
  q: Queryable,
  accountId: string,
  id: string,
  changes: {
    name?: string | undefined;
    role?: CreditRole | undefined;
    publisher?: string | null | undefined;
  },
): Promise<ContributorRecord | null> {
  const { rows } = await q.query<ContributorRow>(
    `UPDATE contributors AS c
        SET name = COALESCE($3, c.name), role = COALESCE($4, c.role),
            publisher = CASE WHEN $5 THEN $6 ELSE c.publisher END, updated_at = now()
      WHERE c.account_id = $1 AND c.id = $2
      RETURNING ${COLUMNS}`,
    [
      accountId,
      id,
      changes.name ?? null,
      changes.role ?? null,
      changes.publisher !== undefined,
      changes.publisher ?? null,
    ],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function deleteContributor(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM contributors WHERE id = $1', [id]);
}

/**
 * Whether the contributor is credited on a live track of a release that has been delivered to a platform: a
 * delivery done and not taken down, or one under way (as artists' isArtistOnDeliveredRelease). Such a contributor
 * cannot be deleted (409).
 */
export async function isContributorOnDeliveredRelease(q: Queryable, contributorId: string): Promise<boolean> {
  const { rows } = await q.query<{ delivered: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM track_contributors tc
         JOIN tracks t ON t.id = tc.track_id AND t.deleted_at IS NULL
         JOIN album_platforms ap ON ap.album_id = t.album_id
        WHERE tc.contributor_id = $1
          AND (ap.current_action IN ('DELIVER', 'UPDATE') OR ap.pending_action IS NOT NULL)
     ) AS delivered`,
    [contributorId],
  );
  return rows[0]?.delivered ?? false;
}
