import type { Queryable } from '../../platform/db.js';

/** The name an invite gives for its sender: the owner's full name, or their address when they gave no name. */
export async function ownerNameOf(q: Queryable, accountId: string): Promise<string> {
  const { rows } = await q.query<{ name: string }>(
    `SELECT COALESCE(NULLIF(trim(first_name || ' ' || last_name), ''), email) AS name FROM users
     WHERE account_id = $1`,
    [accountId],
  );
  return rows[0]?.name ?? 'A Tunehouse artist';
}

/** A fresh invite code (its hash) and expiry replace the participant's old ones: the old link stops working. */
export async function replaceInvite(
  q: Queryable,
  participantId: string,
  invite: { hash: Buffer; expiresAt: Date },
): Promise<void> {
  await q.query(
    `UPDATE split_participants SET invite_hash = $2, invite_expires_at = $3, updated_at = now() WHERE id = $1`,
    [participantId, invite.hash, invite.expiresAt],
  );
}

/**
 * A fresh invite for a participant whose shares changed: PENDING, a new round (so the next answer is a new ledger
 * movement), the old answer cleared.
 */
export async function reopenInvite(
  q: Queryable,
  participantId: string,
  invite: { hash: Buffer; expiresAt: Date },
): Promise<void> {
  await q.query(
    `UPDATE split_participants SET status = 'PENDING', invite_hash = $2, invite_expires_at = $3,
       invite_round = invite_round + 1, answer_key = NULL, answer_action = NULL, answer_released = NULL,
       answered_at = NULL, updated_at = now()
     WHERE id = $1`,
    [participantId, invite.hash, invite.expiresAt],
  );
}

/** The participant's largest share (basis points) in the split's newest version: what a re-sent invite offers. */
export async function offeredBasisPoints(
  q: Queryable,
  splitId: string,
  participantId: string,
): Promise<number> {
  const version = await q.query<{ id: string }>(
    'SELECT id FROM split_versions WHERE split_id = $1 ORDER BY number DESC LIMIT 1',
    [splitId],
  );
  const { rows } = await q.query<{ basis_points: number }>(
    'SELECT max(basis_points) AS basis_points FROM split_shares WHERE version_id = $1 AND participant_id = $2',
    [version.rows[0]?.id ?? null, participantId],
  );
  return rows[0]?.basis_points ?? 0;
}

/** Whether the account's identity is verified (an approved verification sets `verified_at`). */
export async function isAccountVerified(q: Queryable, accountId: string): Promise<boolean> {
  const { rows } = await q.query<{ verified: boolean }>(
    'SELECT verified_at IS NOT NULL AS verified FROM accounts WHERE id = $1',
    [accountId],
  );
  return rows[0]?.verified === true;
}

/** The addresses of `emails` that asked the owner for no more invites. */
export async function optedOutOf(
  q: Queryable,
  ownerAccountId: string,
  emails: readonly string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const { rows } = await q.query<{ email: string }>(
    'SELECT email FROM split_invite_opt_outs WHERE sender_account_id = $1 AND email = ANY($2::text[])',
    [ownerAccountId, emails.map((email) => email.toLowerCase())],
  );
  return new Set(rows.map((row) => row.email));
}

/**
 * Records an address's wish for no more invites from a sender account; the same wish again changes nothing.
 * Answers false when no such account exists (nothing is recorded).
 */
export async function insertOptOut(q: Queryable, senderAccountId: string, email: string): Promise<boolean> {
  const { rowCount } = await q.query('SELECT 1 FROM accounts WHERE id = $1', [senderAccountId]);
  if (!rowCount) return false;
  await q.query(
    `INSERT INTO split_invite_opt_outs (sender_account_id, email) VALUES ($1, $2)
     ON CONFLICT (sender_account_id, email) DO NOTHING`,
    [senderAccountId, email],
  );
  return true;
}
