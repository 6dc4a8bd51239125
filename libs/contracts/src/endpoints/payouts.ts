/** The signed-in account's payout methods, billing details, payouts and their invoices. */

import { idempotencyKeyHeadersSchema } from '../requests/common.js';
import { z } from 'zod';
import {
  billingDetailsAnswerSchema,
  billingDetailsInputSchema,
  invoiceParamsSchema,
  invoiceSchema,
  newPaymentMethodSchema,
  paymentMethodListSchema,
  paymentMethodParamsSchema,
  paymentMethodSchema,
  payoutEligibilitySchema,
  payoutPageSchema,
  payoutParamsSchema,
  payoutQuerySchema,
  payoutRequestSchema,
  payoutSchema,
  simulatedPayoutOutcomeSchema,
} from '../payouts.js';
import { cardSetupStartedSchema } from '../payments.js';
import { endpoint, meta, noBody } from './define.js';

const payouts = /*#__PURE__*/ meta({ access: 'session', tag: 'payouts' });
const billing = /*#__PURE__*/ meta({ access: 'session', tag: 'billing' });
/** Where the account's money goes, and money leaving it: never an impersonating administrator's call. */
const billingChange = /*#__PURE__*/ meta({ access: 'session', tag: 'billing', moneyRouting: true });
const payoutMove = /*#__PURE__*/ meta({ access: 'session', tag: 'payouts', moneyRouting: true });

export const methods = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/payment-methods',
  responses: { 200: paymentMethodListSchema },
  summary:
    'The account’s payment methods on file: bank accounts (masked but for the last four characters) and cards',
  metadata: billing,
});

export const addMethod = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/payment-methods',
  body: newPaymentMethodSchema,
  responses: { 201: z.union([paymentMethodSchema, cardSetupStartedSchema]) },
  summary: 'Add a bank account to pay out to, or start saving a card on the payment provider’s set-up page',
  description:
    'A bank account (`kind: BANK_ACCOUNT`; the IBAN is checked with its mod-97 check digits) is answered as ' +
    'the method made: the full IBAN is handed to the payout provider and never stored here, only its last ' +
    'four characters are. It needs the owner again: `otp` when the account has an authenticator second step ' +
    '(403 SECOND_STEP_REQUIRED without it, 400 CHALLENGE_SECRET_INVALID when wrong), otherwise `password` (403 ' +
    'REAUTHENTICATION_REQUIRED without it, 400 INVALID_CREDENTIALS when wrong); wrong answers count with wrong ' +
    'sign-in codes, and after 10 in 15 minutes payouts and new methods are locked for 15 minutes (429 ' +
    'MONEY_ACTIONS_LOCKED, Retry-After). The owner is mailed, and payouts to the new account wait until its ' +
    '`heldUntil` (PAYOUT_METHOD_HOLD_HOURS). A card (`kind: CARD`, nothing else) answers `{ setup }`: send the browser to ' +
    '`setup.redirectUrl`, the provider’s page where the card is typed; it comes back to ' +
    '/payment-methods/complete?setup_id=…, and the card (brand, last four digits, expiry) is stored once the ' +
    'provider confirms it. Cards are for paying in; payouts go to bank accounts only.',
  metadata: billingChange,
});

export const deleteMethod = /*#__PURE__*/ endpoint({
  method: 'DELETE',
  path: '/v1/payment-methods/:id',
  pathParams: paymentMethodParamsSchema,
  body: noBody,
  responses: { 204: noBody },
  summary: 'Remove a bank account or card; payouts already made to a bank account keep naming it',
  metadata: billingChange,
});

export const billingDetails = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/billing-details',
  responses: { 200: billingDetailsAnswerSchema },
  summary: 'The account’s billing details (legal name, address, country, VAT id), null until entered',
  metadata: billing,
});

export const setBillingDetails = /*#__PURE__*/ endpoint({
  method: 'PUT',
  path: '/v1/billing-details',
  body: billingDetailsInputSchema,
  responses: { 200: billingDetailsAnswerSchema },
  summary: 'Set the billing details self-billing invoices are made out with (later invoices only)',
  metadata: billingChange,
});

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

export const invoice = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/wallet/invoices/:id',
  pathParams: invoiceParamsSchema,
  responses: { 200: invoiceSchema },
  summary: 'The self-billing invoice of one of the account’s payouts',
  metadata: payouts,
});

export const invoicePdf = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/wallet/invoices/:id/pdf',
  pathParams: invoiceParamsSchema,
  responses: { 200: z.unknown().describe('The invoice, a PDF document') },
  summary: 'The self-billing invoice as a PDF (application/pdf, as an attachment)',
  metadata: meta({ access: 'session', tag: 'payouts', file: true, fileType: 'application/pdf' }),
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
