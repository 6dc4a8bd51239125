import type { SplitInviteOptOut } from '@tunehouse/contracts';
import { ApiError } from '../../platform/errors.js';
import { mailDisplayName } from '../../platform/mail/templates.js';
import { recordOptOut } from './invite-mails.js';
import { ownerNameOf } from './invite-repository.js';
import type { SplitsDeps } from './split-deps.js';

/**
 * POST /v1/splits/invite-opt-outs: the address behind an invite mail's opt-out link gets no more invite mails
 * from its sender (no session: the signed token is the capability). Answers the sender's name as the mails gave
 * it.
 */
export async function optOutOfInvites(
  { db, config }: Pick<SplitsDeps, 'db' | 'config'>,
  token: string,
): Promise<SplitInviteOptOut> {
  const recorded = await recordOptOut(db, config.jwtSecret, token);
  if (!recorded)
    throw new ApiError(404, 'NOT_FOUND', 'This link is not valid: copy the whole link from the mail');
  return { senderName: mailDisplayName(await ownerNameOf(db, recorded.senderAccountId)) };
}
