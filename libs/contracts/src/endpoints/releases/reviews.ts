/** The content review of submitted albums, by an administrator (never an impersonation). */

import {
  adminReviewDecisionSchema,
  adminReviewDetailSchema,
  adminReviewPageSchema,
  adminReviewParamsSchema,
  adminReviewQueueQuerySchema,
  rejectReviewRequestSchema,
} from '../../requests/releases.js';
import { endpoint, meta, noBody } from '../define.js';

const adminOnly = /*#__PURE__*/ meta({ access: 'admin', tag: 'admin' });

export const queue = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/admin/reviews',
  query: adminReviewQueueQuerySchema,
  responses: { 200: adminReviewPageSchema },
  summary: 'Albums waiting for content review (SUBMITTED), oldest first by default',
  metadata: adminOnly,
});

export const get = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/admin/reviews/:albumId',
  pathParams: adminReviewParamsSchema,
  responses: { 200: adminReviewDetailSchema },
  summary: 'One album waiting for content review, with its tracks and owner (404 when not SUBMITTED)',
  description:
    'The album as GET /v1/albums/{id} answers it to its owner (live tracks with their audio, whose file ' +
    'URLs need no session), plus the owner account’s e-mail. Only albums in the review queue: a draft, ' +
    'a decided or a taken-down album is 404 like an unknown one.',
  metadata: adminOnly,
});

export const accept = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/admin/reviews/:albumId/accept',
  pathParams: adminReviewParamsSchema,
  body: noBody,
  responses: { 200: adminReviewDecisionSchema },
  summary: 'Accept a submitted album: ACCEPTED, and handed to delivery (409 when not SUBMITTED)',
  metadata: adminOnly,
});

export const reject = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/admin/reviews/:albumId/reject',
  pathParams: adminReviewParamsSchema,
  body: rejectReviewRequestSchema,
  responses: { 200: adminReviewDecisionSchema },
  summary: 'Reject a submitted album with the reasons shown to its owner (409 when not SUBMITTED)',
  metadata: adminOnly,
});
