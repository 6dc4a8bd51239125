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
