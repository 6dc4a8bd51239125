import type { Db } from '../platform/db.js';
import { withTransaction } from '../platform/db.js';
import { answerParticipant, saveSplit } from '../domains/splits/index.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';

/** Who the demo splits share Mara's releases with: Kofi (a demo account) accepted; the other has no account. */
const DEMO_SPLITS = [
  {
    title: 'Northern Static',
    email: DEMO_ACCOUNTS[1]!.email,
    role: 'Co-writer',
    basisPoints: 3_000,
    accepted: true,
  },
  {
    title: 'Lanterns',
    email: 'noor.haddad@example.com',
    role: 'Producer',
    basisPoints: 2_000,
    accepted: false,
  },
] as const;

/**
 * Mara's demo splits (docs/decisions/0045-royalty-splits.md): Northern Static 70/30 with Kofi, who accepted, and
 * Lanterns 80/20 with an invite still pending to an address without an account. Both take effect from the earliest
 * open month, and this step runs before the demo periods close, so those closes divide the two releases' royalties
 * through them: Kofi's wallet shows split income, and the Lanterns invitee's share is held. Made through the
 * splits' own code (no mail is sent: the seed has no outbox worker); answers the splits it created.
 */
export async function seedDemoSplits(db: Db): Promise<number> {
  const { rows: people } = await db.query<{ email: string; account_id: string }>(
    'SELECT email, account_id FROM users WHERE email = ANY($1::text[])',
    [[DEMO_ACCOUNTS[0]!.email, DEMO_ACCOUNTS[1]!.email]],
  );
  const accountOf = new Map(people.map((row) => [row.email, row.account_id]));
  const mara = accountOf.get(DEMO_ACCOUNTS[0]!.email);
  if (!mara) return 0;
  let created = 0;
  for (const demo of DEMO_SPLITS) {
    const made = await withTransaction(db, async (tx) => {
      const { rows: albums } = await tx.query<{ id: string; has_split: boolean }>(
        `SELECT a.id, EXISTS (SELECT 1 FROM splits s WHERE s.album_id = a.id) AS has_split FROM albums a
         WHERE a.account_id = $1 AND a.title = $2 AND a.deleted_at IS NULL ORDER BY a.created_at LIMIT 1`,
        [mara, demo.title],
      );
      const album = albums[0];
      if (!album || album.has_split) return false;
      const { rows: months } = await tx.query<{ month: string | null }>(
        `SELECT min(month)::text AS month FROM periods WHERE status = 'OPEN'`,
      );
      const effectiveFrom = months[0]?.month ?? `${new Date().toISOString().slice(0, 7)}-01`;
      const { splitId, invites } = await saveSplit(tx, {
        albumId: album.id,
        accountId: mara,
        now: new Date(),
        input: {
          effectiveFrom,
          participants: [{ email: demo.email, role: demo.role, basisPoints: demo.basisPoints }],
          tracks: [],
          recoupments: [],
        },
      });
      const taker = accountOf.get(demo.email);
      if (demo.accepted && taker)
        await answerParticipant(tx, {
          splitId,
          participantId: invites[0]!.participantId,
          action: 'ACCEPT',
          key: `demo-accept:${invites[0]!.participantId}`,
          callerAccountId: taker,
        });
      return true;
    });
    if (made) created += 1;
  }
  return created;
}
