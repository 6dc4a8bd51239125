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
    'A version replacing one with the same `effectiveFrom` supersedes it; closed months are never rewritten.',
  metadata: signedIn,
});

export const resend = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/splits/:id/participants/:participantId/resend',
  pathParams: splitParticipantParamsSchema,
  body: noBody,
  responses: { 200: splitInviteLinkSchema },
  summary: 'Send a pending participant a fresh invite (the old link stops working)',
  metadata: signedIn,
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
  metadata: signedIn,
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
  metadata: signedIn,
});

export const decline = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/splits/invites/:code/decline',
  pathParams: splitInviteParamsSchema,
  headers: idempotencyKeyHeadersSchema,
  body: noBody,
  responses: { 200: splitInviteAnswerSchema },
  summary: 'Decline; what was held returns to the owner’s wallet',
  description: 'Needs an Idempotency-Key header.',
  metadata: signedIn,
});
