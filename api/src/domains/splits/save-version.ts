import type { SplitPutResult } from '@tunehouse/contracts';
import { withTransaction } from '../../platform/db.js';
import { inviteUrl } from './invite-codes.js';
import { assertMayInvite } from './invite-mails.js';
import { saveSplit, type SplitPutInput } from './put.js';
import { viewSplit } from './reading.js';
import { findSplit } from './repository.js';
import { sendInvites } from './send-invites.js';
import type { SplitsDeps } from './split-deps.js';

/**
 * PUT /v1/albums/{id}/splits: the owner sets a new version of the album's split; the invites it makes are mailed
 * in the same transaction (a sender who may not invite changes nothing) and their links answered.
 */
export async function saveVersion(
  deps: SplitsDeps,
  {
    accountId,
    albumId,
    input,
    origin,
  }: { accountId: string; albumId: string; input: SplitPutInput; origin: string },
): Promise<SplitPutResult> {
  return withTransaction(deps.db, async (tx) => {
    const { splitId, invites } = await saveSplit(tx, { albumId, accountId, input, now: new Date() });
    if (invites.length > 0) await assertMayInvite(tx, accountId);
    await sendInvites(deps, tx, splitId, invites);
    const split = (await findSplit(tx, splitId))!;
    return {
      split: await viewSplit(tx, split, accountId, origin),
      invites: invites.map((invite) => ({
        participantId: invite.participantId,
        email: invite.email,
        url: inviteUrl(deps.config.siteUrl, invite.code),
      })),
    };
  });
}
