import type { Queryable } from '../../platform/db.js';

export type ChallengePurpose = 'second_step' | 'email_activation' | 'password_reset';
export type ChallengeMethod = 'totp' | 'email';

export type ChallengeRecord = {
  id: string;
  userId: string;
  sessionId: string | null;
  purpose: ChallengePurpose;
  method: ChallengeMethod;
  secretHash: Buffer | null;
  attempts: number;
  maxAttempts: number;
  expiresAt: Date;
  consumedAt: Date | null;
};

type ChallengeRow = {
  id: string;
  user_id: string;
  session_id: string | null;
  purpose: ChallengePurpose;
  method: ChallengeMethod;
  secret_hash: Buffer | null;
  attempts: number;
  max_attempts: number;
  expires_at: Date;
  consumed_at: Date | null;
};

const toRecord = (row: ChallengeRow): ChallengeRecord => ({
  id: row.id,
  userId: row.user_id,
  sessionId: row.session_id,
  purpose: row.purpose,
  method: row.method,
  secretHash: row.secret_hash,
  attempts: row.attempts,
  maxAttempts: row.max_attempts,
  expiresAt: row.expires_at,
  consumedAt: row.consumed_at,
});

export async function insertChallenge(
  q: Queryable,
  c: {
    userId: string;
    sessionId?: string | null;
    purpose: ChallengePurpose;
    method: ChallengeMethod;
    secretHash: Buffer | null;
    maxAttempts: number;
    ttlSeconds: number;
  },
): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO challenges (user_id, session_id, purpose, method, secret_hash, max_attempts, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7)) RETURNING id`,
    [c.userId, c.sessionId ?? null, c.purpose, c.method, c.secretHash, c.maxAttempts, c.ttlSeconds],
  );
  return rows[0]!.id;
}

/** The open second-step challenge of a pending session. */
export async function findSessionChallenge(q: Queryable, sessionId: string): Promise<ChallengeRecord | null> {
  const { rows } = await q.query<ChallengeRow>(
    `SELECT * FROM challenges WHERE session_id = $1 AND purpose = 'second_step'
      ORDER BY created_at DESC LIMIT 1`,
    [sessionId],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/**
 * Counts one attempt before the secret is compared, and locks the row for the rest of the transaction:
 * concurrent guesses cannot exceed `max_attempts`. Answers the challenge as it is after counting.
 */
export async function countAttempt(q: Queryable, id: string): Promise<ChallengeRecord | null> {
  const { rows } = await q.query<ChallengeRow>(
    `UPDATE challenges SET attempts = attempts + 1 WHERE id = $1 RETURNING *`,
    [id],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function consumeChallenge(q: Queryable, id: string): Promise<void> {
  await q.query('UPDATE challenges SET consumed_at = now() WHERE id = $1', [id]);
}

/** A new link replaces older ones: only the newest reset or activation link works. */
export async function consumeOpenChallenges(q: Queryable, userId: string, purpose: ChallengePurpose) {
  await q.query(
    `UPDATE challenges SET consumed_at = now() WHERE user_id = $1 AND purpose = $2 AND consumed_at IS NULL`,
    [userId, purpose],
  );
}
