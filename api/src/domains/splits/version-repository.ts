import type { Queryable } from '../../platform/db.js';

/** The writes of a new split version (put.ts's saveSplit), each in the caller's transaction. */

/** Whether the album was taken down (soft-deleted): its split is closed to new versions. */
export async function isAlbumDeleted(q: Queryable, albumId: string): Promise<boolean> {
  const { rows } = await q.query<{ gone: boolean }>(
    'SELECT deleted_at IS NOT NULL AS gone FROM albums WHERE id = $1',
    [albumId],
  );
  return rows[0]?.gone === true;
}

/** The account's sign-in address ('' when it has none): the owner's row on the split carries it. */
export async function accountEmailOf(q: Queryable, accountId: string): Promise<string> {
  const { rows } = await q.query<{ email: string }>('SELECT email FROM users WHERE account_id = $1', [
    accountId,
  ]);
  return rows[0]?.email ?? '';
}

/** The album's split, created on first use, locked for the rest of the transaction; answers its id. */
export async function lockSplit(q: Queryable, albumId: string, ownerAccountId: string): Promise<string> {
  await q.query(
    `INSERT INTO splits (album_id, owner_account_id) VALUES ($1, $2) ON CONFLICT (album_id) DO NOTHING`,
    [albumId, ownerAccountId],
  );
  const { rows } = await q.query<{ id: string }>('SELECT id FROM splits WHERE album_id = $1 FOR UPDATE', [
    albumId,
  ]);
  return rows[0]!.id;
}

/** The owner's participant row (ACCEPTED, holding the remainder), created on first use; answers its id. */
export async function ownerRow(
  q: Queryable,
  splitId: string,
  owner: { accountId: string; email: string },
): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    'SELECT id FROM split_participants WHERE split_id = $1 AND is_owner',
    [splitId],
  );
  if (rows[0]) return rows[0].id;
  const inserted = await q.query<{ id: string }>(
    `INSERT INTO split_participants (split_id, email, role, is_owner, account_id, status)
     VALUES ($1, $2, 'Owner', true, $3, 'ACCEPTED') RETURNING id`,
    [splitId, owner.email, owner.accountId],
  );
  return inserted.rows[0]!.id;
}

export async function setParticipantRole(q: Queryable, participantId: string, role: string): Promise<void> {
  await q.query('UPDATE split_participants SET role = $2, updated_at = now() WHERE id = $1', [
    participantId,
    role,
  ]);
}

/** A participant new to the split, PENDING on its first invite (round 1); answers its id. */
export async function insertInvitedParticipant(
  q: Queryable,
  splitId: string,
  participant: { email: string; role: string },
  invite: { hash: Buffer; expiresAt: Date },
): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO split_participants (split_id, email, role, status, invite_hash, invite_expires_at, invite_round)
     VALUES ($1, $2, $3, 'PENDING', $4, $5, 1) RETURNING id`,
    [splitId, participant.email, participant.role, invite.hash, invite.expiresAt],
  );
  return rows[0]!.id;
}

/** Answers the new version's id. */
export async function insertVersion(
  q: Queryable,
  splitId: string,
  version: { number: number; effectiveFrom: string },
): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO split_versions (split_id, number, effective_from) VALUES ($1, $2, $3) RETURNING id`,
    [splitId, version.number, version.effectiveFrom],
  );
  return rows[0]!.id;
}

export async function insertShares(
  q: Queryable,
  versionId: string,
  rows: { participantId: string; trackId: string | null; basisPoints: number }[],
): Promise<void> {
  await q.query(
    `INSERT INTO split_shares (version_id, participant_id, track_id, basis_points)
     SELECT $1, * FROM unnest($2::uuid[], $3::uuid[], $4::int[])`,
    [
      versionId,
      rows.map((row) => row.participantId),
      rows.map((row) => row.trackId),
      rows.map((row) => row.basisPoints),
    ],
  );
}

export async function deleteRecoupment(q: Queryable, recoupmentId: string): Promise<void> {
  await q.query('DELETE FROM split_recoupments WHERE id = $1', [recoupmentId]);
}

/** A recoupment as the owner lists it: `id` set, the existing one is updated; otherwise a new one is added. */
export async function saveRecoupment(
  q: Queryable,
  splitId: string,
  recoupment: { id?: string | undefined; label: string; payerId: string; amountCents: number },
): Promise<void> {
  if (recoupment.id)
    await q.query(
      `UPDATE split_recoupments SET label = $2, paid_by_participant_id = $3, amount_cents = $4 WHERE id = $1`,
      [recoupment.id, recoupment.label, recoupment.payerId, recoupment.amountCents],
    );
  else
    await q.query(
      `INSERT INTO split_recoupments (split_id, label, paid_by_participant_id, amount_cents)
       VALUES ($1, $2, $3, $4)`,
      [splitId, recoupment.label, recoupment.payerId, recoupment.amountCents],
    );
}

export async function touchSplit(q: Queryable, splitId: string): Promise<void> {
  await q.query('UPDATE splits SET updated_at = now() WHERE id = $1', [splitId]);
}
