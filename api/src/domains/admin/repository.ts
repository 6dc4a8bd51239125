import type { AdminUserListQuery } from '@tunehouse/contracts';
import type { UserRecord } from '../../platform/auth-guard.js';
import type { Queryable } from '../../platform/db.js';
import { toUserRecord, USER_COLUMNS, type UserRow } from '../users/index.js';

const ORDER_COLUMNS: Record<AdminUserListQuery['order_by'], string> = {
  created_at: 'u.created_at',
  email: 'u.email',
  last_name: 'lower(u.last_name)',
};

/** `q` is matched literally: LIKE's own wildcards in it are escaped. */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listUsers(
  db: Queryable,
  query: AdminUserListQuery,
): Promise<{ users: UserRecord[]; total: number }> {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = `($1::text IS NULL OR u.email ILIKE $1 OR u.first_name ILIKE $1 OR u.last_name ILIKE $1
                  OR (u.first_name || ' ' || u.last_name) ILIKE $1)`;
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const [page, count] = await Promise.all([
    db.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM users u JOIN accounts a ON a.id = u.account_id
        WHERE ${where}
        ORDER BY ${ORDER_COLUMNS[query.order_by]} ${direction}, u.id ${direction}
        LIMIT $2 OFFSET $3`,
      [pattern, query.size, query.offset],
    ),
    db.query<{ total: string }>(`SELECT count(*) AS total FROM users u WHERE ${where}`, [pattern]),
  ]);
  return { users: page.rows.map(toUserRecord), total: Number(count.rows[0]?.total ?? 0) };
}

export async function setSuspended(q: Queryable, accountId: string, suspended: boolean): Promise<void> {
  await q.query(
    `UPDATE accounts SET suspended_at = CASE WHEN $2 THEN COALESCE(suspended_at, now()) END WHERE id = $1`,
    [accountId, suspended],
  );
}

export async function insertImpersonation(
  q: Queryable,
  row: { adminId: string; userId: string; sessionId: string; expiresAt: string },
): Promise<void> {
  await q.query(
    `INSERT INTO impersonations (admin_id, user_id, session_id, expires_at) VALUES ($1, $2, $3, $4)`,
    [row.adminId, row.userId, row.sessionId, row.expiresAt],
  );
}

interface ImpersonationRow {
  id: string;
  admin_id: string;
  admin_email: string;
  user_id: string;
  user_email: string;
  first_name: string | null;
  last_name: string | null;
  started_at: Date;
  expires_at: Date;
  ended_at: Date | null;
}

/** The impersonation audit, newest first, optionally for one user. */
export async function listImpersonations(
  db: Queryable,
  query: { userId?: string | undefined; offset: number; size: number },
): Promise<{ rows: ImpersonationRow[]; total: number }> {
  const userId = query.userId ?? null;
  const [page, count] = await Promise.all([
    db.query<ImpersonationRow>(
      `SELECT i.id, i.admin_id, a.email AS admin_email, i.user_id, u.email AS user_email, u.first_name, u.last_name,
              i.started_at, i.expires_at, i.ended_at
         FROM impersonations i
         JOIN users a ON a.id = i.admin_id
         JOIN users u ON u.id = i.user_id
        WHERE $1::uuid IS NULL OR i.user_id = $1
        ORDER BY i.started_at DESC, i.id DESC
        LIMIT $2 OFFSET $3`,
      [userId, query.size, query.offset],
    ),
    db.query<{ total: string }>(
      'SELECT count(*) AS total FROM impersonations WHERE $1::uuid IS NULL OR user_id = $1',
      [userId],
    ),
  ]);
  return { rows: page.rows, total: Number(count.rows[0]?.total ?? 0) };
}
