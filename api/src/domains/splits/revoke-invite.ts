import type { SplitInviteAnswer } from '@tunehouse/contracts';
import { withTransaction } from '../../platform/db.js';
import { answerParticipant } from './answers.js';
import { ownedSplit } from './reading.js';
import type { SplitsDeps } from './split-deps.js';

/** POST /v1/splits/{id}/participants/{participantId}/revoke: the owner withdraws a participant's invite. */
export async function revokeInvite(
  { db }: Pick<SplitsDeps, 'db'>,
  {
    accountId,
    splitId,
    participantId,
    key,
  }: { accountId: string; splitId: string; participantId: string; key: string },
): Promise<SplitInviteAnswer> {
  return withTransaction(db, async (tx) => {
    await ownedSplit(tx, splitId, accountId);
    return answerParticipant(tx, {
      splitId,
      participantId,
      action: 'REVOKE',
      key,
      callerAccountId: accountId,
    });
  });
}
