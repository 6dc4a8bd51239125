/** The administrators' review of bank accounts whose holder is not the account's verified name (decision 0062). */

import {
  adminHolderReviewItemSchema,
  adminHolderReviewPageSchema,
  adminHolderReviewParamsSchema,
  adminHolderReviewQuerySchema,
} from '../payouts.js';
import { endpoint, meta, noBody } from './define.js';

const adminOnly = /*#__PURE__*/ meta({ access: 'admin', tag: 'admin' });

export const queue = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/admin/payment-methods',
  query: adminHolderReviewQuerySchema,
  responses: { 200: adminHolderReviewPageSchema },
  summary: 'Bank accounts by holder review state (PENDING_REVIEW by default), oldest first',
  description:
    'Each with the holder as typed and the account’s verified legal name it did not match. Removed bank ' +
    'accounts are left out.',
  metadata: adminOnly,
});

export const approve = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/admin/payment-methods/:id/approve',
  pathParams: adminHolderReviewParamsSchema,
  body: noBody,
  responses: { 200: adminHolderReviewItemSchema },
  summary: 'Approve a bank account waiting for review: payouts may go to it (409 when not waiting)',
  metadata: adminOnly,
});

export const reject = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/admin/payment-methods/:id/reject',
  pathParams: adminHolderReviewParamsSchema,
  body: noBody,
  responses: { 200: adminHolderReviewItemSchema },
  summary: 'Reject a bank account waiting for review: payouts to it stay refused (409 when not waiting)',
  metadata: adminOnly,
});
