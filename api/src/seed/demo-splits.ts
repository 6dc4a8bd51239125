import type { Db } from '../platform/db.js';
import { withTransaction } from '../platform/db.js';
import { answerParticipant, saveSplit } from '../domains/splits/index.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';

/** The demo's pending invitee: an address without an account, so a visitor can sign up as her and answer. */
export const DEMO_INVITEE_EMAIL = 'noor.haddad@example.com';

type DemoParticipant = { email: string; role: string; basisPoints: number; accepted: boolean };

/**
 * Who the demo splits share Mara's releases with. Northern Static, her best-streamed release whose fee is settled,
 * pays every close: Kofi (a demo account) accepted his 30 %, and the invitee's 10 % is held for her. Lanterns' 20 %
 * to the invitee holds nothing yet: its royalties still pay its distribution fee, which comes first.
 */
const DEMO_SPLITS: { title: string; participants: DemoParticipant[] }[] = [
  {
    title: 'Northern Static',
    participants: [
      { email: DEMO_ACCOUNTS[1]!.email, role: 'Co-writer', basisPoints: 3_000, accepted: true },
      { email: DEMO_INVITEE_EMAIL, role: 'Producer', basisPoints: 1_000, accepted: false },
    ],
  },
  {
    title: 'Lanterns',
    participants: [{ email: DEMO_INVITEE_EMAIL, role: 'Producer', basisPoints: 2_000, accepted: false }],
  },
];

/**
 * Mara's demo splits (docs/decisions/0045-royalty-splits.md, 0069-demo-truth-and-wallet-errors.md): Northern
 * Static 60/30/10 with Kofi, who accepted, and an invite still pending to an address without an account; Lanterns
 * 80/20 with the same invitee, pending. Both take effect from the earliest open month, and this step runs before
 * the demo periods close, so those closes divide the releases' royalties through them: Kofi's wallet shows split
 * income, and the invitee's share of Northern Static is held for her. Made through the splits' own code (no mail
 * is sent: the seed has no outbox worker); answers the splits it created.
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
          participants: demo.participants.map(({ email, role, basisPoints }) => ({
            email,
            role,
            basisPoints,
          })),
          tracks: [],
          recoupments: [],
        },
      });
      for (const participant of demo.participants) {
        const taker = accountOf.get(participant.email);
        const invite = invites.find((made) => made.email === participant.email);
        if (participant.accepted && taker && invite)
          await answerParticipant(tx, {
            splitId,
            participantId: invite.participantId,
            action: 'ACCEPT',
            key: `demo-accept:${invite.participantId}`,
            callerAccountId: taker,
          });
      }
      return true;
    });
    if (made) created += 1;
  }
  return created;
}
