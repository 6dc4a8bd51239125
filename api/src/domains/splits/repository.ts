import type { SplitParticipantStatus } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import { accountBalanceSql, accountCreditsSql } from '../ledger/index.js';

/**
 * A participant row's (`p`) ledger accounts as SQL expressions, for the ledger's read face: what is held for them
 * (account-keys.ts `heldKey`), and their wallet once they have an account (NULL before, which matches no entry).
 */
const HELD_KEY_OF_P = `'held:' || p.id`;
const WALLET_KEY_OF_P = `'wallet:' || p.account_id`;

export type SplitRecord = { id: string; albumId: string; ownerAccountId: string };

export type ParticipantRecord = {
  id: string;
  email: string;
  role: string;
  isOwner: boolean;
  accountId: string | null;
  status: SplitParticipantStatus;
  inviteExpiresAt: Date | null;
  inviteRound: number;
  /** The bound account holder's name ("First Last"), else null. */
  name: string | null;
};

export type VersionRecord = { id: string; number: number; effectiveFrom: string; createdAt: Date };
export type ShareRecord = {
  versionId: string;
  participantId: string;
  trackId: string | null;
  basisPoints: number;
};
export type RecoupmentRecord = {
  id: string;
  label: string;
  paidByParticipantId: string;
  amountCents: number;
  repaidMicro: bigint;
};

export type AlbumRecord = {
  id: string;
  accountId: string;
  title: string | null;
  version: string | null;
  artworkId: string | null;
  thumbnail: { file: string } | null;
  /** Set once the release was taken down: its split is closed. */
  takenDownAt: Date | null;
};

export type TrackRecord = { id: string; title: string | null; position: number };

/** Everything a split view is built from (money aside). */
export type SplitData = {
  split: SplitRecord;
  album: AlbumRecord;
  artistName: string | null;
  tracks: TrackRecord[];
  participants: ParticipantRecord[];
  versions: VersionRecord[];
  shares: ShareRecord[];
  recoupments: RecoupmentRecord[];
};

const PARTICIPANT_COLUMNS = `p.id, p.email, p.role, p.is_owner, p.account_id, p.status, p.invite_expires_at,
  p.invite_round, NULLIF(trim(u.first_name || ' ' || u.last_name), '') AS name`;

type ParticipantRow = {
  id: string;
  email: string;
  role: string;
  is_owner: boolean;
  account_id: string | null;
  status: SplitParticipantStatus;
  invite_expires_at: Date | null;
  invite_round: number;
  name: string | null;
};

function toParticipant(row: ParticipantRow): ParticipantRecord {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    isOwner: row.is_owner,
    accountId: row.account_id,
    status: row.status,
    inviteExpiresAt: row.invite_expires_at,
    inviteRound: row.invite_round,
    name: row.account_id ? row.name : null,
  };
}

async function splitWhere(
  q: Queryable,
  column: 'id' | 'album_id',
  value: string,
): Promise<SplitRecord | null> {
  const { rows } = await q.query<{ id: string; album_id: string; owner_account_id: string }>(
    `SELECT id, album_id, owner_account_id FROM splits WHERE ${column} = $1`,
    [value],
  );
  const row = rows[0];
  return row ? { id: row.id, albumId: row.album_id, ownerAccountId: row.owner_account_id } : null;
}

/** Whether the account is bound to a participant row of the split (an owner is not asked). */
export async function isBoundParticipant(q: Queryable, splitId: string, accountId: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM split_participants WHERE split_id = $1 AND account_id = $2', [
    splitId,
    accountId,
  ]);
  return rows.length > 0;
}

export const findSplitOfAlbum = (q: Queryable, albumId: string) => splitWhere(q, 'album_id', albumId);
export const findSplit = (q: Queryable, splitId: string) => splitWhere(q, 'id', splitId);

/** The album (taken down or not), for its split; null when missing. */
export async function findAlbum(q: Queryable, albumId: string): Promise<AlbumRecord | null> {
  const { rows } = await q.query<{
    id: string;
    account_id: string;
    title: string | null;
    version: string | null;
    image_id: string | null;
    renditions: Record<string, { file: string }> | null;
    deleted_at: Date | null;
  }>(
    `SELECT a.id, a.account_id, a.title, a.version, i.id AS image_id, i.renditions, a.deleted_at
     FROM albums a LEFT JOIN images i ON i.id = a.artwork_id WHERE a.id = $1`,
    [albumId],
  );
  const row = rows[0];
  if (!row) return null;
  const stored = row.renditions?.['thumbnail'] ?? row.renditions?.['medium'] ?? null;
  return {
    id: row.id,
    accountId: row.account_id,
    title: row.title,
    version: row.version,
    artworkId: row.image_id,
    thumbnail: stored ? { file: stored.file } : null,
    takenDownAt: row.deleted_at,
  };
}

export async function liveTracksOf(q: Queryable, albumId: string): Promise<TrackRecord[]> {
  const { rows } = await q.query<TrackRecord>(
    `SELECT id, title, position FROM tracks WHERE album_id = $1 AND deleted_at IS NULL ORDER BY position, id`,
    [albumId],
  );
  return rows;
}

async function artistNameOf(q: Queryable, albumId: string): Promise<string | null> {
  const { rows } = await q.query<{ name: string | null }>(
    `SELECT string_agg(ar.name, ', ' ORDER BY aa.position) AS name
     FROM album_artists aa JOIN artists ar ON ar.id = aa.artist_id
     WHERE aa.album_id = $1 AND aa.role = 'PRIMARY'`,
    [albumId],
  );
  return rows[0]?.name ?? null;
}

export async function participantsOf(q: Queryable, splitId: string): Promise<ParticipantRecord[]> {
  const { rows } = await q.query<ParticipantRow>(
    `SELECT ${PARTICIPANT_COLUMNS}
     FROM split_participants p LEFT JOIN users u ON u.account_id = p.account_id
     WHERE p.split_id = $1 ORDER BY p.is_owner DESC, p.created_at, p.email`,
    [splitId],
  );
  return rows.map(toParticipant);
}

/** The participant behind an invite code's hash, with its split, locked FOR UPDATE when asked. */
export async function participantByInvite(
  q: Queryable,
  hash: Buffer,
  lock: boolean,
): Promise<
  | (ParticipantRecord & {
      splitId: string;
      answerKey: string | null;
      answerAction: string | null;
      answerReleased: number | null;
    })
  | null
> {
  return participantWhere(q, 'p.invite_hash = $1', [hash], lock);
}

export async function participantById(q: Queryable, splitId: string, participantId: string, lock: boolean) {
  return participantWhere(q, 'p.split_id = $1 AND p.id = $2', [splitId, participantId], lock);
}

async function participantWhere(q: Queryable, where: string, params: unknown[], lock: boolean) {
  const { rows } = await q.query<
    ParticipantRow & {
      split_id: string;
      answer_key: string | null;
      answer_action: string | null;
      answer_released: string | null;
    }
  >(
    `SELECT ${PARTICIPANT_COLUMNS}, p.split_id, p.answer_key, p.answer_action, p.answer_released
     FROM split_participants p LEFT JOIN users u ON u.account_id = p.account_id
     WHERE ${where} ${lock ? 'FOR UPDATE OF p' : ''}`,
    params,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    ...toParticipant(row),
    splitId: row.split_id,
    answerKey: row.answer_key,
    answerAction: row.answer_action,
    answerReleased: row.answer_released === null ? null : Number(row.answer_released),
  };
}

export async function versionsOf(q: Queryable, splitId: string): Promise<VersionRecord[]> {
  const { rows } = await q.query<{ id: string; number: number; effective_from: string; created_at: Date }>(
    `SELECT id, number, effective_from::text AS effective_from, created_at
     FROM split_versions WHERE split_id = $1 ORDER BY number DESC`,
    [splitId],
  );
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    effectiveFrom: row.effective_from,
    createdAt: row.created_at,
  }));
}

export async function sharesOf(q: Queryable, versionIds: readonly string[]): Promise<ShareRecord[]> {
  if (versionIds.length === 0) return [];
  const { rows } = await q.query<{
    version_id: string;
    participant_id: string;
    track_id: string | null;
    basis_points: number;
  }>(
    `SELECT sh.version_id, sh.participant_id, sh.track_id, sh.basis_points
     FROM split_shares sh JOIN split_participants p ON p.id = sh.participant_id
     WHERE sh.version_id = ANY($1::uuid[])
     ORDER BY sh.track_id NULLS FIRST, p.is_owner DESC, p.created_at, p.email`,
    [versionIds],
  );
  return rows.map((row) => ({
    versionId: row.version_id,
    participantId: row.participant_id,
    trackId: row.track_id,
    basisPoints: row.basis_points,
  }));
}

export async function recoupmentsOf(q: Queryable, splitId: string): Promise<RecoupmentRecord[]> {
  const { rows } = await q.query<{
    id: string;
    label: string;
    paid_by_participant_id: string;
    amount_cents: string;
    repaid_micro: string;
  }>(
    `SELECT id, label, paid_by_participant_id, amount_cents, repaid_micro FROM split_recoupments
     WHERE split_id = $1 ORDER BY created_at, id`,
    [splitId],
  );
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    paidByParticipantId: row.paid_by_participant_id,
    amountCents: Number(row.amount_cents),
    repaidMicro: BigInt(row.repaid_micro),
  }));
}

export async function loadSplitData(q: Queryable, split: SplitRecord): Promise<SplitData> {
  const album = await findAlbum(q, split.albumId);
  if (!album) throw new Error(`Split ${split.id} names a missing album`);
  const versions = await versionsOf(q, split.id);
  return {
    split,
    album,
    artistName: await artistNameOf(q, split.albumId),
    tracks: await liveTracksOf(q, split.albumId),
    participants: await participantsOf(q, split.id),
    versions,
    shares: await sharesOf(
      q,
      versions.map((version) => version.id),
    ),
    recoupments: await recoupmentsOf(q, split.id),
  };
}

/** Cents per participant: held for them now, and credited to their wallet by this split's transfers. */
export async function moneyOf(
  q: Queryable,
  splitId: string,
): Promise<Map<string, { held: number; credited: number }>> {
  const { rows } = await q.query<{ id: string; held: string; credited: string }>(
    `SELECT p.id, (${accountBalanceSql(HELD_KEY_OF_P)})::text AS held,
       (SELECT COALESCE(SUM(c.amount), 0) FROM (${accountCreditsSql(WALLET_KEY_OF_P)}) c
        WHERE c.split_id = p.split_id)::text AS credited
     FROM split_participants p WHERE p.split_id = $1`,
    [splitId],
  );
  return new Map(rows.map((row) => [row.id, { held: Number(row.held), credited: Number(row.credited) }]));
}

/**
 * Cents each closed month's close gave each participant through this split: to their wallet or held for them.
 * Releases of held money on acceptance are not a month's earnings (the month they were held in already counts them).
 */
export async function earningsByPeriodOf(
  q: Queryable,
  splitId: string,
): Promise<{ periodId: string; month: string; participantId: string; amount: number }[]> {
  const { rows } = await q.query<{ period_id: string; month: string; participant_id: string; cents: string }>(
    `SELECT c.period_id, to_char(per.month, 'YYYY-MM') AS month, p.id AS participant_id,
            SUM(c.amount)::text AS cents
     FROM split_participants p
     CROSS JOIN LATERAL (
       ${accountCreditsSql(HELD_KEY_OF_P)}
       UNION ALL
       ${accountCreditsSql(WALLET_KEY_OF_P)}
     ) c
     JOIN periods per ON per.id = c.period_id
     WHERE p.split_id = $1 AND c.split_id = p.split_id
     GROUP BY c.period_id, per.month, p.id
     ORDER BY per.month DESC, p.id`,
    [splitId],
  );
  return rows.map((row) => ({
    periodId: row.period_id,
    month: row.month,
    participantId: row.participant_id,
    amount: Number(row.cents),
  }));
}

/**
 * Cents held for the account's pending invites: participant rows bound to it (shares changed after an acceptance,
 * waiting for the new answer), and invites not yet bound to anyone that are addressed to one of its confirmed
 * e-mail addresses — so an invitee who signs up and activates sees what waits for them before they answer
 * (docs/decisions/0069-demo-truth-and-wallet-errors.md). Unconfirmed addresses count for nothing: anyone could type
 * someone else's address at sign-up.
 */
export async function heldForAccount(q: Queryable, accountId: string): Promise<number> {
  const { rows } = await q.query<{ held: string }>(
    `SELECT COALESCE(SUM((${accountBalanceSql(HELD_KEY_OF_P)})), 0)::bigint AS held
     FROM split_participants p
     WHERE p.status = 'PENDING' AND NOT p.is_owner
       AND (p.account_id = $1
            OR (p.account_id IS NULL AND p.email IN (
                  SELECT lower(u.email) FROM users u WHERE u.account_id = $1 AND u.email_verified_at IS NOT NULL)))`,
    [accountId],
  );
  return Number(rows[0]?.held ?? 0);
}
