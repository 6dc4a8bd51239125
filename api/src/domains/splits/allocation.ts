import type { SplitParticipantStatus } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import { walletKey } from '../ledger/index.js';
import type { OwnerShare, ShareAllocation, SplitsPort } from '../periods/index.js';
import { type Beneficiary, divideOwnerShare } from './divide.js';
import { versionOn } from './versions.js';

type ShareRow = {
  split_id: string;
  version_id: string;
  number: number;
  effective_from: string;
  participant_id: string;
  track_id: string | null;
  basis_points: number;
  status: SplitParticipantStatus;
  account_id: string | null;
  recouping: boolean;
};

/** An album's split as the close reads it once: every version's shares, participants locked FOR SHARE. */
type AlbumSplit = {
  splitId: string;
  recouping: boolean;
  versions: { id: string; number: number; effectiveFrom: string }[];
  rows: ShareRow[];
};

type RecoupmentRow = {
  id: string;
  outstanding: string;
  payer_id: string;
  status: SplitParticipantStatus;
  account_id: string | null;
};

/**
 * Every version's shares of the album's split, with their participants locked FOR SHARE (an answer to an invite,
 * which locks its participant FOR UPDATE, then waits for the close to commit and moves what the close held). Whether
 * any recoupment is still outstanding comes along, so most albums need no other query. Null: no split or no version.
 */
async function albumSplit(q: Queryable, albumId: string): Promise<AlbumSplit | null> {
  const { rows } = await q.query<ShareRow>(
    `SELECT s.id AS split_id, v.id AS version_id, v.number, v.effective_from::text AS effective_from,
       sh.participant_id, sh.track_id, sh.basis_points, p.status, p.account_id,
       EXISTS (SELECT 1 FROM split_recoupments r
               WHERE r.split_id = s.id AND r.repaid_micro < r.amount_cents * 10000) AS recouping
     FROM splits s
     JOIN split_versions v ON v.split_id = s.id
     JOIN split_shares sh ON sh.version_id = v.id
     JOIN split_participants p ON p.id = sh.participant_id
     WHERE s.album_id = $1
     ORDER BY v.number, p.created_at, p.id
     FOR SHARE OF p`,
    [albumId],
  );
  const first = rows[0];
  if (!first) return null;
  const versions = new Map(
    rows.map((row) => [
      row.version_id,
      { id: row.version_id, number: row.number, effectiveFrom: row.effective_from },
    ]),
  );
  return { splitId: first.split_id, recouping: first.recouping, versions: [...versions.values()], rows };
}

/**
 * Divides a track's owner share by the version of its album's split in force on the usage's first day (the
 * highest-numbered version starting on or before it; none: all to the owner). A track with shares of its own uses
 * only those. Outstanding recoupments are read locked FOR UPDATE and repaid first; their repaid amount grows in the
 * close's transaction.
 */
async function allocate(
  q: Queryable,
  share: OwnerShare,
  split: AlbumSplit | null,
): Promise<ShareAllocation[]> {
  const ownerKey = walletKey(share.ownerAccountId);
  const version = split ? versionOn(split.versions, share.firstDay) : undefined;
  if (!split || !version) return [{ beneficiaryKey: ownerKey, amountMicro: share.amountMicro }];
  const rows = split.rows.filter(
    (row) => row.version_id === version.id && (row.track_id === null || row.track_id === share.trackId),
  );
  const own = rows.filter((row) => row.track_id !== null);
  const shares = (own.length > 0 ? own : rows).map((row) => ({
    participant: { id: row.participant_id, status: row.status, accountId: row.account_id },
    basisPoints: row.basis_points,
  }));
  const recoupments = split.recouping ? await outstandingRecoupments(q, split.splitId) : [];
  const division = divideOwnerShare({ amountMicro: share.amountMicro, ownerKey, shares, recoupments });
  for (const { id, amountMicro } of division.repaid)
    await q.query('UPDATE split_recoupments SET repaid_micro = repaid_micro + $2 WHERE id = $1', [
      id,
      amountMicro.toString(),
    ]);
  return division.parts.map((part) => ({ ...part, splitId: split.splitId }));
}

/**
 * The splits' side of the period close. `inTransaction(q)` keeps each album's split as read (and locked) in the
 * close's transaction, so an album is read once however many tracks it has; a call without it reads afresh.
 */
export const splitsOfTunehouse: SplitsPort = {
  allocateOwnerShare: async (q, share) => allocate(q, share, await albumSplit(q, share.albumId)),
  inTransaction(tx) {
    const albums = new Map<string, AlbumSplit | null>();
    return {
      async allocateOwnerShare(q, share) {
        if (q !== tx) return splitsOfTunehouse.allocateOwnerShare(q, share);
        let split = albums.get(share.albumId);
        if (split === undefined) {
          split = await albumSplit(q, share.albumId);
          albums.set(share.albumId, split);
        }
        return allocate(q, share, split);
      },
    };
  },
};

async function outstandingRecoupments(q: Queryable, splitId: string) {
  const { rows } = await q.query<RecoupmentRow>(
    `SELECT r.id, (r.amount_cents * 10000 - r.repaid_micro)::text AS outstanding, p.id AS payer_id, p.status,
       p.account_id
     FROM split_recoupments r JOIN split_participants p ON p.id = r.paid_by_participant_id
     WHERE r.split_id = $1 AND r.repaid_micro < r.amount_cents * 10000
     ORDER BY r.created_at, r.id
     FOR UPDATE OF r FOR SHARE OF p`,
    [splitId],
  );
  return rows.map((row) => ({
    id: row.id,
    outstandingMicro: BigInt(row.outstanding),
    payer: { id: row.payer_id, status: row.status, accountId: row.account_id } satisfies Beneficiary,
  }));
}
