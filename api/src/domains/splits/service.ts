import {
  toPage,
  type AlbumSplit,
  type Split,
  type SplitInvite,
  type SplitInviteAnswer,
  type SplitInviteLink,
  type SplitInviteOptOut,
  type SplitListQuery,
  type SplitPutResult,
  type SplitSummary,
  type Paginated,
} from '@tunehouse/contracts';
import { type Db, type Queryable, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail/outbox.js';
import { mailDisplayName } from '../../platform/mail/templates.js';
import { balanceOf, heldKey } from '../ledger/index.js';
import { type AnswerAction, answerInvite, answerParticipant } from './answers.js';
import { inviteHash, inviteUrl, newInvite } from './invite-codes.js';
import {
  assertMayInvite,
  type InviteMailSettings,
  mailInvites as mailInvitesOf,
  optedOutOf,
  recordOptOut,
} from './invite-mails.js';
import { albumNotFound, type NewInvite, saveSplit, type SplitPutInput } from './put.js';
import {
  findAlbum,
  findSplit,
  findSplitOfAlbum,
  loadSplitData,
  earningsByPeriodOf,
  moneyOf,
  participantById,
  participantByInvite,
  type SplitRecord,
} from './repository.js';
import { albumRefOf, toSplit, toSummary, trackRefOf } from './view.js';
import { nextEffectiveFrom, shareOfTrack, sharesInVersion, today } from './versions.js';

export type SplitsService = ReturnType<typeof createSplitsService>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const splitNotFound = () => new ApiError(404, 'NOT_FOUND', 'No such split');
const inviteNotFound = () =>
  new ApiError(404, 'NOT_FOUND', 'No such invite: the link may have been replaced');

async function ownerNameOf(q: Queryable, accountId: string): Promise<string> {
  const { rows } = await q.query<{ name: string }>(
    `SELECT COALESCE(NULLIF(trim(first_name || ' ' || last_name), ''), email) AS name FROM users
     WHERE account_id = $1`,
    [accountId],
  );
  return rows[0]?.name ?? 'A Tunehouse artist';
}

/** Whether the account may read the split: its owner, or a participant bound to the account. */
async function canRead(q: Queryable, split: SplitRecord, accountId: string): Promise<boolean> {
  if (split.ownerAccountId === accountId) return true;
  const { rows } = await q.query('SELECT 1 FROM split_participants WHERE split_id = $1 AND account_id = $2', [
    split.id,
    accountId,
  ]);
  return rows.length > 0;
}

/** A unique-index clash on (split, account): the account raced itself onto two rows of one split. */
function isAccountClash(error: unknown): boolean {
  const pgError = error as { code?: string; constraint?: string };
  return pgError.code === '23505' && pgError.constraint === 'split_participants_account_idx';
}

/**
 * Royalty splits of releases: read (owner and bound participants; anyone else gets 404), set a new version (the
 * owner), re-send and revoke invites (the owner), and read, accept and decline an invite (whoever holds its code).
 */
export function createSplitsService({
  db,
  mailer,
  config,
}: {
  db: Db;
  mailer: Mailer;
  config: InviteMailSettings;
}) {
  async function view(q: Queryable, split: SplitRecord, accountId: string, origin: string): Promise<Split> {
    const data = await loadSplitData(q, split);
    const owner = split.ownerAccountId === accountId;
    return toSplit(data, {
      viewerAccountId: accountId,
      origin,
      today: today(),
      nextEffectiveFrom: await nextEffectiveFrom(q),
      money: await moneyOf(q, split.id),
      earningsByPeriod: await earningsByPeriodOf(q, split.id),
      // Only the owner is told which addresses asked them for no more invites.
      optedOut: owner
        ? await optedOutOf(
            q,
            split.ownerAccountId,
            data.participants.map((participant) => participant.email),
          )
        : new Set(),
    });
  }

  async function readable(q: Queryable, splitId: string, accountId: string): Promise<SplitRecord> {
    const split = await findSplit(q, splitId);
    if (!split || !(await canRead(q, split, accountId))) throw splitNotFound();
    return split;
  }

  async function mailInvites(tx: Queryable, splitId: string, invites: readonly NewInvite[]): Promise<void> {
    if (invites.length === 0) return;
    const split = (await findSplit(tx, splitId))!;
    await mailInvitesOf(tx, {
      mailer,
      settings: config,
      ownerAccountId: split.ownerAccountId,
      senderName: await ownerNameOf(tx, split.ownerAccountId),
      invites,
    });
  }

  async function answerByCode(
    accountId: string,
    code: string,
    action: Exclude<AnswerAction, 'REVOKE'>,
    key: string,
  ): Promise<SplitInviteAnswer> {
    try {
      return await withTransaction(db, async (tx) => {
        const participant = await participantByInvite(tx, inviteHash(code), true);
        if (!participant) throw inviteNotFound();
        const split = (await findSplit(tx, participant.splitId))!;
        return answerInvite(tx, participant, {
          action,
          key,
          callerAccountId: accountId,
          ownerAccountId: split.ownerAccountId,
          now: new Date(),
        });
      });
    } catch (error) {
      if (isAccountClash(error))
        throw new ApiError(
          409,
          'CONFLICT',
          'Your account already takes part in this split under another invite',
        );
      throw error;
    }
  }

  return {
    async list(accountId: string, query: SplitListQuery, origin: string): Promise<Paginated<SplitSummary>> {
      const roles = {
        owner: 's.owner_account_id = $1',
        participant: `s.owner_account_id <> $1 AND EXISTS (SELECT 1 FROM split_participants p
          WHERE p.split_id = s.id AND p.account_id = $1)`,
      };
      const where = query.role ? roles[query.role] : `(${roles.owner}) OR (${roles.participant})`;
      const { rows } = await db.query<{
        id: string;
        album_id: string;
        owner_account_id: string;
        total: string;
      }>(
        `SELECT s.id, s.album_id, s.owner_account_id, count(*) OVER () AS total FROM splits s
         WHERE ${where} ORDER BY s.created_at DESC, s.id LIMIT $2 OFFSET $3`,
        [accountId, query.size, query.offset],
      );
      const items: SplitSummary[] = [];
      for (const row of rows)
        items.push(
          toSummary(
            await view(
              db,
              { id: row.id, albumId: row.album_id, ownerAccountId: row.owner_account_id },
              accountId,
              origin,
            ),
          ),
        );
      let total = Number(rows[0]?.total ?? 0);
      if (rows.length === 0 && query.offset > 0) {
        const counted = await db.query<{ total: string }>(
          `SELECT count(*) AS total FROM splits s WHERE ${where}`,
          [accountId],
        );
        total = Number(counted.rows[0]?.total ?? 0);
      }
      return toPage(items, query.offset, query.size, total);
    },

    async get(accountId: string, splitId: string, origin: string): Promise<Split> {
      return view(db, await readable(db, splitId, accountId), accountId, origin);
    },

    async ofAlbum(accountId: string, albumId: string, origin: string): Promise<AlbumSplit> {
      const id = albumId.toLowerCase();
      const album = UUID.test(id) ? await findAlbum(db, id) : null;
      if (!album) throw albumNotFound();
      const split = await findSplitOfAlbum(db, id);
      const next = await nextEffectiveFrom(db);
      // Said up front, so the editor can say the split is closed when it opens, not only when a save is refused.
      const takenDownAt = album.takenDownAt?.toISOString() ?? null;
      if (!split) {
        if (album.accountId !== accountId) throw albumNotFound();
        return { albumId: id, split: null, nextEffectiveFrom: next, takenDownAt };
      }
      if (!(await canRead(db, split, accountId))) throw albumNotFound();
      return {
        albumId: id,
        split: await view(db, split, accountId, origin),
        nextEffectiveFrom: next,
        takenDownAt,
      };
    },

    async put(
      accountId: string,
      albumId: string,
      input: SplitPutInput,
      origin: string,
    ): Promise<SplitPutResult> {
      return withTransaction(db, async (tx) => {
        const { splitId, invites } = await saveSplit(tx, { albumId, accountId, input, now: new Date() });
        if (invites.length > 0) await assertMayInvite(tx, accountId);
        await mailInvites(tx, splitId, invites);
        const split = (await findSplit(tx, splitId))!;
        return {
          split: await view(tx, split, accountId, origin),
          invites: invites.map((invite) => ({
            participantId: invite.participantId,
            email: invite.email,
            url: inviteUrl(config.siteUrl, invite.code),
          })),
        };
      });
    },

    async resend(accountId: string, splitId: string, participantId: string): Promise<SplitInviteLink> {
      return withTransaction(db, async (tx) => {
        const split = await findSplit(tx, splitId);
        if (!split || split.ownerAccountId !== accountId) throw splitNotFound();
        const participant = await participantById(tx, splitId, participantId, true);
        if (!participant || participant.isOwner) throw new ApiError(404, 'NOT_FOUND', 'No such participant');
        if (participant.status !== 'PENDING')
          throw new ApiError(409, 'CONFLICT', 'Only a pending invite can be sent again');
        await assertMayInvite(tx, accountId);
        const fresh = newInvite(new Date());
        await tx.query(
          `UPDATE split_participants SET invite_hash = $2, invite_expires_at = $3, updated_at = now() WHERE id = $1`,
          [participant.id, fresh.hash, fresh.expiresAt],
        );
        const version = await tx.query<{ id: string }>(
          'SELECT id FROM split_versions WHERE split_id = $1 ORDER BY number DESC LIMIT 1',
          [splitId],
        );
        const { rows } = await tx.query<{ basis_points: number }>(
          'SELECT max(basis_points) AS basis_points FROM split_shares WHERE version_id = $1 AND participant_id = $2',
          [version.rows[0]?.id ?? null, participant.id],
        );
        await mailInvites(tx, splitId, [
          {
            participantId: participant.id,
            email: participant.email,
            code: fresh.code,
            expiresAt: fresh.expiresAt,
            basisPoints: rows[0]?.basis_points ?? 0,
          },
        ]);
        return {
          participantId: participant.id,
          email: participant.email,
          url: inviteUrl(config.siteUrl, fresh.code),
        };
      });
    },

    async revoke(
      accountId: string,
      splitId: string,
      participantId: string,
      key: string,
    ): Promise<SplitInviteAnswer> {
      return withTransaction(db, async (tx) => {
        const split = await findSplit(tx, splitId);
        if (!split || split.ownerAccountId !== accountId) throw splitNotFound();
        return answerParticipant(tx, {
          splitId,
          participantId,
          action: 'REVOKE',
          key,
          callerAccountId: accountId,
        });
      });
    },

    /** Whoever holds the code (signed in) may read the invite: the code is the capability. */
    async invite(code: string, origin: string): Promise<SplitInvite> {
      const participant = await participantByInvite(db, inviteHash(code), false);
      if (!participant) throw inviteNotFound();
      const split = (await findSplit(db, participant.splitId))!;
      const data = await loadSplitData(db, split);
      // The offer is the newest version: the one that made (or last changed) this invite.
      const latest = data.versions[0];
      const shares = sharesInVersion(data.shares, latest?.id);
      const now = new Date();
      const expiresAt = participant.inviteExpiresAt ?? now;
      return {
        splitId: split.id,
        participantId: participant.id,
        album: albumRefOf(data.album, data.artistName, origin),
        tracks: data.tracks.map((track) => ({
          ...trackRefOf(track),
          basisPoints: shareOfTrack(shares, participant.id, track.id),
        })),
        ownerName: await ownerNameOf(db, split.ownerAccountId),
        role: participant.role,
        basisPoints: shares.byParticipant.get(participant.id)?.releaseWide ?? 0,
        effectiveFrom: latest?.effectiveFrom ?? (await nextEffectiveFrom(db)),
        status: participant.status,
        expiresAt: expiresAt.toISOString(),
        expired: participant.status === 'PENDING' && expiresAt.getTime() <= now.getTime(),
        held: await balanceOf(db, heldKey(participant.id)),
      };
    },

    /**
     * The address behind an invite mail's opt-out link gets no more invite mails from its sender (no session: the
     * signed token is the capability). Answers the sender's name as the mails gave it.
     */
    async optOut(token: string): Promise<SplitInviteOptOut> {
      const recorded = await recordOptOut(db, config.jwtSecret, token);
      if (!recorded)
        throw new ApiError(404, 'NOT_FOUND', 'This link is not valid: copy the whole link from the mail');
      return { senderName: mailDisplayName(await ownerNameOf(db, recorded.senderAccountId)) };
    },

    accept: (accountId: string, code: string, key: string) => answerByCode(accountId, code, 'ACCEPT', key),
    decline: (accountId: string, code: string, key: string) => answerByCode(accountId, code, 'DECLINE', key),
  };
}
