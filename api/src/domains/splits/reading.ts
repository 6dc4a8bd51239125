import type { Split } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { optedOutOf } from './invite-repository.js';
import {
  earningsByPeriodOf,
  findSplit,
  isBoundParticipant,
  loadSplitData,
  moneyOf,
  type SplitRecord,
} from './repository.js';
import { toSplit } from './view.js';
import { nextEffectiveFrom, today } from './versions.js';

export const splitNotFound = () => new ApiError(404, 'NOT_FOUND', 'No such split');

/** Whether the account may read the split: its owner, or a participant bound to the account. */
export async function canRead(q: Queryable, split: SplitRecord, accountId: string): Promise<boolean> {
  return split.ownerAccountId === accountId || isBoundParticipant(q, split.id, accountId);
}

/** The split as the account sees it (the owner sees more than a participant). */
export async function viewSplit(
  q: Queryable,
  split: SplitRecord,
  accountId: string,
  origin: string,
): Promise<Split> {
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

/** The split, when the account may read it; 404 otherwise (another's split is as absent as a missing one). */
export async function readableSplit(q: Queryable, splitId: string, accountId: string): Promise<SplitRecord> {
  const split = await findSplit(q, splitId);
  if (!split || !(await canRead(q, split, accountId))) throw splitNotFound();
  return split;
}

/** The split the account owns, for a change only its owner makes; 404 for anyone else. */
export async function ownedSplit(q: Queryable, splitId: string, accountId: string): Promise<SplitRecord> {
  const split = await findSplit(q, splitId);
  if (!split || split.ownerAccountId !== accountId) throw splitNotFound();
  return split;
}
