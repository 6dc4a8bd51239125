import type { SplitInviteAnswer } from '@tunehouse/contracts';
import { withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { emitNothing } from '../../platform/webhook-events.js';
import { type AnswerAction, answerInvite } from './answers.js';
import { inviteHash } from './invite-codes.js';
import { inviteNotFound } from './read-invite.js';
import { findSplit, participantByInvite } from './repository.js';
import type { SplitsDeps } from './split-deps.js';

/** A unique-index clash on (split, account): the account raced itself onto two rows of one split. */
function isAccountClash(error: unknown): boolean {
  const pgError = error as { code?: string; constraint?: string };
  return pgError.code === '23505' && pgError.constraint === 'split_participants_account_idx';
}

/**
 * POST /v1/splits/invites/{code}/accept and /decline: whoever holds the code answers the invite for the signed-in
 * account (idempotent by key). The split's owner gets `split.invite_answered` in the same transaction, once: a
 * replay of the same answer records nothing.
 */
export async function answerByCode(
  { db, emit = emitNothing }: Pick<SplitsDeps, 'db' | 'emit'>,
  {
    accountId,
    code,
    action,
    key,
  }: { accountId: string; code: string; action: Exclude<AnswerAction, 'REVOKE'>; key: string },
): Promise<SplitInviteAnswer> {
  try {
    return await withTransaction(db, async (tx) => {
      const participant = await participantByInvite(tx, inviteHash(code), true);
      if (!participant) throw inviteNotFound();
      const split = (await findSplit(tx, participant.splitId))!;
      const answer = await answerInvite(tx, participant, {
        action,
        key,
        callerAccountId: accountId,
        ownerAccountId: split.ownerAccountId,
        now: new Date(),
      });
      if (participant.status === 'PENDING')
        await emit(tx, split.ownerAccountId, 'split.invite_answered', {
          albumId: split.albumId,
          inviteId: participant.id,
          answer: action === 'ACCEPT' ? 'ACCEPTED' : 'DECLINED',
        });
      return answer;
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
