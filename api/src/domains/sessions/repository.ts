import type { AuthContext, SessionRecord, SessionStatus } from '../../platform/auth-guard.js';
import type { Queryable } from '../../platform/db.js';
import { toUserRecord, USER_COLUMNS, type UserRow } from '../users/index.js';

type SessionRow = {
  session_id: string;
  session_user_id: string;
  status: SessionStatus;
  expires_at: Date;
  revoked_at: Date | null;
  impersonator_id: string | null;
  impersonator_email: string | null;
};

const SESSION_COLUMNS = `
  s.id AS session_id, s.user_id AS session_user_id, s.status, s.expires_at, s.revoked_at, s.impersonator_id,
  imp.email AS impersonator_email`;

function toSessionRecord(row: SessionRow): SessionRecord {
  return {
    id: row.session_id,
    userId: row.session_user_id,
    status: row.status,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    impersonatorId: row.impersonator_id,
    impersonatorEmail: row.impersonator_email,
  };
}

/** The session, its user and account, and the impersonating admin's e-mail: one query per request. */
export async function loadSessionContext(q: Queryable, sessionId: string): Promise<AuthContext | null> {
  const { rows } = await q.query<SessionRow & UserRow>({
    // Named, so each pooled connection parses and plans it once: it runs on every authenticated request.
    name: 'load-session-context',
    text: `SELECT ${SESSION_COLUMNS}, ${USER_COLUMNS}
             FROM sessions s
             JOIN users u ON u.id = s.user_id
             JOIN accounts a ON a.id = u.account_id
             LEFT JOIN users imp ON imp.id = s.impersonator_id
            WHERE s.id = $1`,
    values: [sessionId],
  });
  const row = rows[0];
  return row ? { session: toSessionRecord(row), user: toUserRecord(row) } : null;
}

export async function insertSession(
  q: Queryable,
  session: { userId: string; status: SessionStatus; expiresAt: Date; impersonatorId?: string | null },
): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO sessions (user_id, status, expires_at, impersonator_id) VALUES ($1, $2, $3, $4) RETURNING id`,
    [session.userId, session.status, session.expiresAt, session.impersonatorId ?? null],
  );
  return rows[0]!.id;
}

export async function revokeSession(q: Queryable, sessionId: string, reason: string): Promise<void> {
  await q.query(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL`,
    [sessionId, reason],
  );
  await endImpersonations(q, 'session_id = $1', sessionId);
}

/** Ends every live session of the user (suspension, password reset). */
export async function revokeUserSessions(q: Queryable, userId: string, reason: string): Promise<number> {
  const { rowCount } = await q.query(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = $2 WHERE user_id = $1 AND revoked_at IS NULL`,
    [userId, reason],
  );
  await endImpersonations(q, 'user_id = $1', userId);
  return rowCount ?? 0;
}

/** Ends every live session of the user but `keepSessionId` (e-mail or password changed from that session). */
export async function revokeOtherUserSessions(
  q: Queryable,
  userId: string,
  keepSessionId: string,
  reason: string,
): Promise<number> {
  const { rowCount } = await q.query(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = $3
      WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL`,
    [userId, keepSessionId, reason],
  );
  await q.query(
    `UPDATE impersonations SET ended_at = now() WHERE user_id = $1 AND session_id <> $2 AND ended_at IS NULL`,
    [userId, keepSessionId],
  );
  return rowCount ?? 0;
}

async function endImpersonations(q: Queryable, where: 'session_id = $1' | 'user_id = $1', id: string) {
  await q.query(`UPDATE impersonations SET ended_at = now() WHERE ${where} AND ended_at IS NULL`, [id]);
}

export async function insertRefreshToken(
  q: Queryable,
  token: { hash: Buffer; sessionId: string; expiresAt: Date },
): Promise<void> {
  await q.query(`INSERT INTO refresh_tokens (token_hash, session_id, expires_at) VALUES ($1, $2, $3)`, [
    token.hash,
    token.sessionId,
    token.expiresAt,
  ]);
}

export type RefreshTokenRow = { sessionId: string; expiresAt: Date; rotatedAt: Date | null };

/** The session a refresh token belongs to, rotated or not (signing out with the cookie). */
export async function findRefreshTokenSession(q: Queryable, hash: Buffer): Promise<string | null> {
  const { rows } = await q.query<{ session_id: string }>(
    'SELECT session_id FROM refresh_tokens WHERE token_hash = $1',
    [hash],
  );
  return rows[0]?.session_id ?? null;
}

/** Locks the token's row so that two refreshes with one token cannot both rotate it. */
export async function findRefreshTokenForUpdate(q: Queryable, hash: Buffer): Promise<RefreshTokenRow | null> {
  const { rows } = await q.query<{ session_id: string; expires_at: Date; rotated_at: Date | null }>(
    'SELECT session_id, expires_at, rotated_at FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE',
    [hash],
  );
  const row = rows[0];
  return row ? { sessionId: row.session_id, expiresAt: row.expires_at, rotatedAt: row.rotated_at } : null;
}

export async function markRefreshTokenRotated(q: Queryable, hash: Buffer): Promise<void> {
  await q.query('UPDATE refresh_tokens SET rotated_at = now() WHERE token_hash = $1', [hash]);
}
