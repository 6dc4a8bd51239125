import type { SplitInviteLink } from '@tunehouse/contracts';
import { withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { inviteUrl, newInvite } from './invite-codes.js';
import { assertMayInvite } from './invite-mails.js';
import { offeredBasisPoints, replaceInvite } from './invite-repository.js';
import { ownedSplit } from './reading.js';
import { participantById } from './repository.js';
import { sendInvites } from './send-invites.js';
import type { SplitsDeps } from './split-deps.js';

/**
 * POST /v1/splits/{id}/participants/{participantId}/resend: the owner sends a pending invite again, with a fresh
 * code (the old link stops working) and the share the newest version offers.
 */
export async function resendInvite(
  deps: SplitsDeps,
  { accountId, splitId, participantId }: { accountId: string; splitId: string; participantId: string },
): Promise<SplitInviteLink> {
  return withTransaction(deps.db, async (tx) => {
    await ownedSplit(tx, splitId, accountId);
    const participant = await participantById(tx, splitId, participantId, true);
    if (!participant || participant.isOwner) throw new ApiError(404, 'NOT_FOUND', 'No such participant');
    if (participant.status !== 'PENDING')
      throw new ApiError(409, 'CONFLICT', 'Only a pending invite can be sent again');
    await assertMayInvite(tx, accountId);
    const fresh = newInvite(new Date());
    await replaceInvite(tx, participant.id, fresh);
    await sendInvites(deps, tx, splitId, [
      {
        participantId: participant.id,
        email: participant.email,
        code: fresh.code,
        expiresAt: fresh.expiresAt,
        basisPoints: await offeredBasisPoints(tx, splitId, participant.id),
      },
    ]);
    return {
      participantId: participant.id,
      email: participant.email,
      url: inviteUrl(deps.config.siteUrl, fresh.code),
    };
  });
}
