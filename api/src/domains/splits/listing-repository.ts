import type { Queryable } from '../../platform/db.js';
import type { SplitRecord } from './repository.js';

/**
 * One page of the splits the account owns, takes part in (bound to a participant row of another's split), or
 * either, newest first, with the count of all of them.
 */
export async function splitsPageOf(
  q: Queryable,
  accountId: string,
  page: { role?: 'owner' | 'participant' | undefined; size: number; offset: number },
): Promise<{ splits: SplitRecord[]; total: number }> {
  const roles = {
    owner: 's.owner_account_id = $1',
    participant: `s.owner_account_id <> $1 AND EXISTS (SELECT 1 FROM split_participants p
      WHERE p.split_id = s.id AND p.account_id = $1)`,
  };
  const where = page.role ? roles[page.role] : `(${roles.owner}) OR (${roles.participant})`;
  const { rows } = await q.query<{ id: string; album_id: string; owner_account_id: string; total: string }>(
    `SELECT s.id, s.album_id, s.owner_account_id, count(*) OVER () AS total FROM splits s
     WHERE ${where} ORDER BY s.created_at DESC, s.id LIMIT $2 OFFSET $3`,
    [accountId, page.size, page.offset],
  );
  let total = Number(rows[0]?.total ?? 0);
  // A page past the end has no row to carry the count: it is counted apart.
  if (rows.length === 0 && page.offset > 0) {
    const counted = await q.query<{ total: string }>(
      `SELECT count(*) AS total FROM splits s WHERE ${where}`,
      [accountId],
    );
    total = Number(counted.rows[0]?.total ?? 0);
  }
  const splits = rows.map((row) => ({
    id: row.id,
    albumId: row.album_id,
    ownerAccountId: row.owner_account_id,
  }));
  return { splits, total };
}
