import type { SplitInvite } from '@tunehouse/contracts';
import { ApiError } from '../../platform/errors.js';
import { balanceOf, heldKey } from '../ledger/index.js';
import { inviteHash } from './invite-codes.js';
import { ownerNameOf } from './invite-repository.js';
import { findSplit, loadSplitData, participantByInvite } from './repository.js';
import type { SplitsDeps } from './split-deps.js';
import { albumRefOf, trackRefOf } from './view.js';
import { nextEffectiveFrom, shareOfTrack, sharesInVersion } from './versions.js';

export const inviteNotFound = () =>
  new ApiError(404, 'NOT_FOUND', 'No such invite: the link may have been replaced');

/**
 * GET /v1/splits/invites/{code}: whoever holds the code (signed in) may read the invite: the code is the
 * capability. The offer is the share in the newest version, with what is held for the participant meanwhile.
 */
export async function readInvite(
  { db }: Pick<SplitsDeps, 'db'>,
  { code, origin }: { code: string; origin: string },
): Promise<SplitInvite> {
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
}
