import type { Queryable } from '../../platform/db.js';
import { mailInvites } from './invite-mails.js';
import { ownerNameOf } from './invite-repository.js';
import type { NewInvite } from './put.js';
import { findSplit } from './repository.js';
import type { SplitsDeps } from './split-deps.js';

/** Mails the split's new invites in the caller's transaction, in the owner's name (nothing when none). */
export async function sendInvites(
  { mailer, config }: Pick<SplitsDeps, 'mailer' | 'config'>,
  tx: Queryable,
  splitId: string,
  invites: readonly NewInvite[],
): Promise<void> {
  if (invites.length === 0) return;
  const split = (await findSplit(tx, splitId))!;
  await mailInvites(tx, {
    mailer,
    settings: config,
    ownerAccountId: split.ownerAccountId,
    senderName: await ownerNameOf(tx, split.ownerAccountId),
    invites,
  });
}
