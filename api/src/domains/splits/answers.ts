import type { SplitInviteAnswer, SplitParticipantStatus } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { balanceOf, heldKey, transfer, type TransferKind, walletKey } from '../ledger/index.js';
import { findSplit, participantById } from './repository.js';

export type AnswerAction = 'ACCEPT' | 'DECLINE' | 'REVOKE';

type LockedParticipant = NonNullable<Awaited<ReturnType<typeof participantById>>>;

const STATUS_OF: Record<AnswerAction, SplitParticipantStatus> = {
  ACCEPT: 'ACCEPTED',
  DECLINE: 'DECLINED',
  REVOKE: 'REVOKED',
};

/** The ledger kind of the answer's movement: to the invitee's wallet, or back to the owner's. */
const KIND_OF: Record<AnswerAction, TransferKind> = {
  ACCEPT: 'SPLIT_RELEASE',
  DECLINE: 'SPLIT_RETURN',
  REVOKE: 'SPLIT_RETURN',
};

/**
 * Answers a pending invite inside the caller's transaction, with the participant already locked FOR UPDATE (so a
 * concurrent answer waits and then finds it answered, and a close crediting its held account commits first).
 * Accepting binds the caller's account and moves everything held to its wallet in one transfer; declining and
 * revoking move it to the owner's wallet. The transfer's idempotency key is the participant, the action and the
 * invite round, so no replay pays twice; the same Idempotency-Key asking the same thing again gets the same
 * answer, anything else on an answered invite is a 409.
 */
export async function answerInvite(
  tx: Queryable,
  participant: LockedParticipant,
  {
    action,
    key,
    callerAccountId,
    ownerAccountId,
    now,
  }: { action: AnswerAction; key: string; callerAccountId: string; ownerAccountId: string; now: Date },
): Promise<SplitInviteAnswer> {
  const splitId = participant.splitId;
  if (participant.status !== 'PENDING') {
    if (participant.answerKey === key && participant.answerAction === action)
      return { status: participant.status, splitId, released: participant.answerReleased ?? 0 };
    throw new ApiError(
      409,
      'CONFLICT',
      action === 'REVOKE'
        ? 'Only a pending invite can be revoked'
        : `This invite was already answered (${participant.status.toLowerCase()})`,
    );
  }
  if (action !== 'REVOKE' && (participant.inviteExpiresAt?.getTime() ?? 0) <= now.getTime())
    throw new ApiError(
      409,
      'INVITE_EXPIRED',
      'This invite has expired: ask the owner of the split to send it again',
    );
  // The owner answers nobody's invite on their own split: declining would mark an invitee as having declined.
  if (action !== 'REVOKE' && callerAccountId === ownerAccountId)
    throw new ApiError(
      409,
      'CONFLICT',
      `This is your own split: you cannot ${action === 'ACCEPT' ? 'accept' : 'decline'} an invite to it`,
    );
  if (action === 'ACCEPT') await checkAcceptor(tx, participant, callerAccountId);

  const held = await balanceOf(tx, heldKey(participant.id));
  if (held > 0)
    await transfer(tx, {
      idempotencyKey: `split-${action.toLowerCase()}:${participant.id}:${participant.inviteRound}`,
      debit: heldKey(participant.id),
      credit: walletKey(action === 'ACCEPT' ? callerAccountId : ownerAccountId),
      amount: held,
      kind: KIND_OF[action],
      refs: { splitId },
    });
  const status = STATUS_OF[action];
  await tx.query(
    `UPDATE split_participants SET status = $2, account_id = CASE WHEN $3::uuid IS NULL THEN account_id ELSE $3 END,
       answer_key = $4, answer_action = $5, answer_released = $6, answered_at = now(), updated_at = now()
     WHERE id = $1`,
    [participant.id, status, action === 'ACCEPT' ? callerAccountId : null, key, action, held],
  );
  return { status, splitId, released: held };
}

/** Accepting needs an account that is not already someone else on this split (the owner is refused before). */
async function checkAcceptor(
  tx: Queryable,
  participant: LockedParticipant,
  callerAccountId: string,
): Promise<void> {
  if (participant.accountId !== null && participant.accountId !== callerAccountId)
    throw new ApiError(409, 'CONFLICT', 'This invite belongs to another account');
  const { rows } = await tx.query<{ id: string }>(
    'SELECT id FROM split_participants WHERE split_id = $1 AND account_id = $2 AND id <> $3',
    [participant.splitId, callerAccountId, participant.id],
  );
  if (rows.length > 0)
    throw new ApiError(409, 'CONFLICT', 'Your account already takes part in this split under another invite');
}

/**
 * Locks a participant of the split and answers for them (inside the caller's transaction): the owner's revoke, and
 * the demo seed, which holds no invite code. 404 when the split or participant is missing or is the owner's row.
 */
export async function answerParticipant(
  tx: Queryable,
  {
    splitId,
    participantId,
    action,
    key,
    callerAccountId,
  }: { splitId: string; participantId: string; action: AnswerAction; key: string; callerAccountId: string },
): Promise<SplitInviteAnswer> {
  const split = await findSplit(tx, splitId);
  const participant = split ? await participantById(tx, splitId, participantId, true) : null;
  if (!split || !participant || participant.isOwner)
    throw new ApiError(404, 'NOT_FOUND', 'No such participant');
  return answerInvite(tx, participant, {
    action,
    key,
    callerAccountId,
    ownerAccountId: split.ownerAccountId,
    now: new Date(),
  });
}
