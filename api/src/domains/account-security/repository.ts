import type { SessionStatus } from '../../platform/auth-guard.js';
import type { Queryable } from '../../platform/db.js';

export async function findPasswordHash(q: Queryable, userId: string): Promise<string | null> {
  const { rows } = await q.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [
    userId,
  ]);
  return rows[0]?.password_hash ?? null;
}

const UNIQUE_VIOLATION = '23505';

/**
 * Gives the user a new, not yet confirmed address. Answers false when another user has it (also when a concurrent
 * change took it first: the unique index decides).
 */
export async function changeEmail(q: Queryable, userId: string, email: string): Promise<boolean> {
  try {
    const { rowCount } = await q.query(
      `UPDATE users SET email = $2, email_verified_at = NULL, updated_at = now()
        WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users WHERE email = $2)`,
      [userId, email],
    );
    return rowCount === 1;
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) return false;
    throw error;
  }
}

export async function setPendingTotp(
  q: Queryable,
  userId: string,
  secret: string,
  expiresAt: Date,
): Promise<void> {
  await q.query(
    'UPDATE users SET totp_pending_secret = $2, totp_pending_expires_at = $3, updated_at = now() WHERE id = $1',
    [userId, secret, expiresAt],
  );
}

/** The TOTP secret being set up, while it is still valid; the row stays locked for the transaction. */
export async function findPendingTotp(q: Queryable, userId: string): Promise<string | null> {
  const { rows } = await q.query<{ totp_pending_secret: string | null }>(
    `SELECT totp_pending_secret FROM users
      WHERE id = $1 AND totp_pending_expires_at > now()
      FOR UPDATE`,
    [userId],
  );
  return rows[0]?.totp_pending_secret ?? null;
}

/** The pending secret becomes the second step; `step` is the time step of the code that confirmed it. */
export async function activateTotp(
  q: Queryable,
  userId: string,
  secret: string,
  step: number,
): Promise<void> {
  await q.query(
    `UPDATE users SET second_step = 'totp', totp_secret = $2, totp_last_step = $3,
                      totp_pending_secret = NULL, totp_pending_expires_at = NULL, updated_at = now()
      WHERE id = $1`,
    [userId, secret, step],
  );
}

export async function disableSecondStep(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `UPDATE users SET second_step = 'none', totp_secret = NULL, totp_last_step = NULL,
                      totp_pending_secret = NULL, totp_pending_expires_at = NULL, updated_at = now()
      WHERE id = $1`,
    [userId],
  );
}

export type LiveSessionRecord = {
  id: string;
  status: SessionStatus;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
  impersonation: boolean;
};

type LiveSessionRow = {
  id: string;
  status: SessionStatus;
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date;
  user_agent: string | null;
  ip: string | null;
  impersonation: boolean;
};

const toLiveSession = (row: LiveSessionRow): LiveSessionRecord => ({
  id: row.id,
  status: row.status,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  expiresAt: row.expires_at,
  userAgent: row.user_agent,
  ip: row.ip,
  impersonation: row.impersonation,
});

const LIVE_SESSION_COLUMNS = `id, status, created_at, last_used_at, expires_at, user_agent, ip,
  impersonator_id IS NOT NULL AS impersonation`;

/** The user's sessions that have neither ended nor expired, most recently used first. */
export async function listLiveSessions(q: Queryable, userId: string): Promise<LiveSessionRecord[]> {
  const { rows } = await q.query<LiveSessionRow>(
    `SELECT ${LIVE_SESSION_COLUMNS} FROM sessions
      WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
      ORDER BY COALESCE(last_used_at, created_at) DESC, created_at DESC`,
    [userId],
  );
  return rows.map(toLiveSession);
}

/** One live session, only when it is the user's (locked for the transaction). */
export async function findLiveSessionOfUser(
  q: Queryable,
  userId: string,
  sessionId: string,
): Promise<LiveSessionRecord | null> {
  const { rows } = await q.query<LiveSessionRow>(
    `SELECT ${LIVE_SESSION_COLUMNS} FROM sessions
      WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now()
      FOR UPDATE`,
    [sessionId, userId],
  );
  return rows[0] ? toLiveSession(rows[0]) : null;
}

/**
 * Notes that the session was just used, and from where. Skips the write when the row already says so and was
 * stamped within the last minute.
 */
export async function stampSessionUse(
  q: Queryable,
  sessionId: string,
  client: { userAgent: string | null; ip: string | null },
): Promise<void> {
  await q.query(
    `UPDATE sessions SET last_used_at = now(), user_agent = $2, ip = $3
      WHERE id = $1 AND revoked_at IS NULL
        AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute'
             OR user_agent IS DISTINCT FROM $2 OR ip IS DISTINCT FROM $3)`,
    [sessionId, client.userAgent, client.ip],
  );
}
