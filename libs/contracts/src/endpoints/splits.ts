/**
 * Royalty splits. Every call is scoped to the signed-in account: the owner reads and edits, a participant reads,
 * anyone else gets 404. An invite code is a capability: whoever holds it (signed in) may read and answer it.
 */

import { idempotencyKeyHeadersSchema } from '../requests/common.js';
import { albumParamsSchema } from '../requests/albums.js';
import {
  albumSplitSchema,
  splitInviteAnswerSchema,
  splitInviteLinkSchema,
  splitInviteOptOutRequestSchema,
  splitInviteOptOutSchema,
  splitInviteParamsSchema,
  splitInviteSchema,
  splitListQuerySchema,
  splitParamsSchema,
  splitParticipantParamsSchema,
  splitPutBodySchema,
  splitPutResultSchema,
  splitSchema,
  splitSummaryPageSchema,
} from '../splits.js';
import { endpoint, meta, noBody } from './define.js';

const signedIn = /*#__PURE__*/ meta({ access: 'session', tag: 'splits' });
/** Who gets the release's royalties: never an impersonating administrator's call (decision 0061). */
const moneyRouting = /*#__PURE__*/ meta({ access: 'session', tag: 'splits', moneyRouting: true });

export const list = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/splits',
  query: splitListQuerySchema,
  responses: { 200: splitSummaryPageSchema },
  summary: 'The splits I own and those I take part in, paged; filter `role=owner|participant`',
  metadata: signedIn,
});

export const get = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/splits/:id',
  pathParams: splitParamsSchema,
  responses: { 200: splitSchema },
  summary: 'One split: participants, shares, earnings, version history and recoupments',
  metadata: signedIn,
});

export const ofAlbum = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/albums/:id/splits',
  pathParams: albumParamsSchema,
  responses: { 200: albumSplitSchema },
  summary: 'The release’s split with its per-track shares (null when it has none yet)',
  description: 'The owner and the split’s participants may read it; anyone else gets 404.',
  metadata: signedIn,
});

export const put = /*#__PURE__*/ endpoint({
  method: 'PUT',
  path: '/v1/albums/:id/splits',
  pathParams: albumParamsSchema,
  body: splitPutBodySchema,
  responses: { 200: splitPutResultSchema },
  summary: 'Set the release’s split: a new version from `effectiveFrom`, the first day of an open month',
  description:
    'The owner only. Shares in basis points; the owner holds the remainder. Participants whose shares do not ' +
    'change keep their status; new and changed ones are invited by e-mail, and their links are in `invites`. ' +
    'A version replacing one with the same `effectiveFrom` supersedes it; closed months are never rewritten. ' +
    'Inviting someone needs an identity-verified owner (403 IDENTITY_NOT_VERIFIED), and invite mails have ' +
    'daily limits per owner and per address: past one the whole save is refused (429 RATE_LIMITED naming it).',
  metadata: moneyRouting,
});

export const resend = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/splits/:id/participants/:participantId/resend',
  pathParams: splitParticipantParamsSchema,
  body: noBody,
  responses: { 200: splitInviteLinkSchema },
  summary: 'Send a pending participant a fresh invite (the old link stops working)',
  description:
    'Needs an identity-verified owner (403 IDENTITY_NOT_VERIFIED) and counts towards the daily invite-mail ' +
    'limits (429 RATE_LIMITED).',
  metadata: moneyRouting,
});

export const revoke = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/splits/:id/participants/:participantId/revoke',
  pathParams: splitParticipantParamsSchema,
  headers: idempotencyKeyHeadersSchema,
  body: noBody,
  responses: { 200: splitInviteAnswerSchema },
  summary: 'Withdraw a pending invite; what was held for them returns to the owner’s wallet',
  description: 'Needs an Idempotency-Key header.',
  metadata: moneyRouting,
});

export const invite = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/splits/invites/:code',
  pathParams: splitInviteParamsSchema,
  responses: { 200: splitInviteSchema },
  summary:
    'The invite behind a link: the release, its tracks, the share offered and the date it takes effect',
  metadata: signedIn,
});

export const accept = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/splits/invites/:code/accept',
  pathParams: splitInviteParamsSchema,
  headers: idempotencyKeyHeadersSchema,
  body: noBody,
  responses: { 200: splitInviteAnswerSchema },
  summary: 'Accept with the signed-in account; what was held moves to its wallet in one transfer',
  description: 'Needs an Idempotency-Key header. 409 once expired or answered, or for the split’s owner.',
  metadata: moneyRouting,
});

export const decline = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/splits/invites/:code/decline',
  pathParams: splitInviteParamsSchema,
  headers: idempotencyKeyHeadersSchema,
  body: noBody,
  responses: { 200: splitInviteAnswerSchema },
  summary: 'Decline; what was held returns to the owner’s wallet',
  description: 'Needs an Idempotency-Key header. 409 for the split’s owner.',
  metadata: moneyRouting,
});

export const optOut = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/splits/invite-opt-outs',
  body: splitInviteOptOutRequestSchema,
  responses: { 200: splitInviteOptOutSchema },
  summary: 'No more invite mails from this sender to this address (the token of an invite mail’s link)',
  description:
    'The signed token names the sender and the address; it is the only capability needed (no session). Later ' +
    'invites from the sender to the address are still made, but not mailed; the owner sees them as not mailed. ' +
    'Answering again is the same answer. 404 for a token this installation did not sign.',
  metadata: meta({ access: 'public', tag: 'splits' }),
});
