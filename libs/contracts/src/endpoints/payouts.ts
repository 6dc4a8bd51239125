/**
 * The signed-in account's payouts: whether it can ask for one, asking, reading them, and the simulator's outcomes.
 * Where they go (payment methods) and whom they are invoiced to (billing details): billing.ts.
 */

import { idempotencyKeyHeadersSchema } from '../requests/common.js';
import {
  payoutEligibilitySchema,
  payoutPageSchema,
  payoutParamsSchema,
  payoutQuerySchema,
  payoutRequestSchema,
  payoutSchema,
  simulatedPayoutOutcomeSchema,
} from '../payouts.js';
import { endpoint, meta } from './define.js';

const payouts = /*#__PURE__*/ meta({ access: 'session', tag: 'payouts' });
/** Money leaving the account: never an impersonating administrator's call. */
const payoutMove = /*#__PURE__*/ meta({ access: 'session', tag: 'payouts', moneyRouting: true });

export const eligibility = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/payouts/eligibility',
  responses: { 200: payoutEligibilitySchema },
  summary: 'Whether the account can request a payout now, and what stands in the way if not',
  metadata: payouts,
});

export const request = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/payouts',
  headers: idempotencyKeyHeadersSchema,
  body: payoutRequestSchema,
  responses: { 201: payoutSchema },
  summary: 'Pay out part of the available balance to a payout method on file',
  description:
    'Needs an Idempotency-Key header: asking again with the same key and body answers the same payout (a ' +
    'different body is 409 IDEMPOTENCY_CONFLICT). Only for identity-verified accounts (403 ' +
    'IDENTITY_NOT_VERIFIED), from the minimum payout up (422 PAYOUT_BELOW_MINIMUM), up to the available ' +
    'balance (409 INSUFFICIENT_FUNDS naming the shortfall), with billing details on file (409 ' +
    'BILLING_DETAILS_REQUIRED); `otp` is required when the account has an authenticator second step (403 ' +
    'SECOND_STEP_REQUIRED; wrong codes count with wrong sign-in codes: after 10 in 15 minutes 429 ' +
    'MONEY_ACTIONS_LOCKED for 15 minutes, even with the right code). A bank account added less than ' +
    'PAYOUT_METHOD_HOLD_HOURS ago is 409 PAYOUT_METHOD_HELD (the message names when it ends). Never from an administrator’s impersonation (403 IMPERSONATION_READ_ONLY).',
  metadata: meta({ access: 'session', tag: 'payouts', botCheck: 'request_payout', moneyRouting: true }),
});

export const list = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v2/payouts',
  query: payoutQuerySchema,
  responses: { 200: payoutPageSchema },
  summary: 'The account’s payouts, newest first, paged; filter `status`',
  metadata: payouts,
});

export const get = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/payouts/:id',
  pathParams: payoutParamsSchema,
  responses: { 200: payoutSchema },
  summary: 'One of the account’s payouts',
  metadata: payouts,
});

export const simulateOutcome = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/simulator/payouts/:id/outcome',
  pathParams: payoutParamsSchema,
  body: simulatedPayoutOutcomeSchema,
  responses: { 200: payoutSchema },
  summary: 'Payout simulator: make one of the account’s payouts fail, or settle and come back',
  description:
    'Only while payouts go through the built-in simulator (404 otherwise). FAIL refuses a payout not yet ' +
    'settled; RETURN settles it if needed, then returns it. Either way the money goes back to the wallet.',
  metadata: payoutMove,
});
