/**
 * The signed-in account's payment methods (bank accounts payouts go to, cards it pays with) and its billing
 * details (docs/decisions/0074-one-name-per-money-concept.md); and the administrators' review of bank accounts
 * whose holder is not the account's verified name (docs/decisions/0062-verified-supplier-and-names.md).
 */

import { z } from 'zod';
import {
  adminHolderReviewItemSchema,
  adminHolderReviewPageSchema,
  adminHolderReviewParamsSchema,
  adminHolderReviewQuerySchema,
  billingDetailsAnswerSchema,
  billingDetailsInputSchema,
  newPaymentMethodSchema,
  paymentMethodListSchema,
  paymentMethodParamsSchema,
  paymentMethodSchema,
} from '../payouts.js';
import { cardSetupStartedSchema } from '../payments.js';
import { endpoint, meta, noBody } from './define.js';

const billing = /*#__PURE__*/ meta({ access: 'session', tag: 'billing' });
/** Where the account's money goes: never an impersonating administrator's call. */
const billingChange = /*#__PURE__*/ meta({ access: 'session', tag: 'billing', moneyRouting: true });
const adminOnly = /*#__PURE__*/ meta({ access: 'admin', tag: 'admin' });

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

export const holderQueue = /*#__PURE__*/ endpoint({
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

export const approveHolder = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/admin/payment-methods/:id/approve',
  pathParams: adminHolderReviewParamsSchema,
  body: noBody,
  responses: { 200: adminHolderReviewItemSchema },
  summary: 'Approve a bank account waiting for review: payouts may go to it (409 when not waiting)',
  metadata: adminOnly,
});

export const rejectHolder = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/admin/payment-methods/:id/reject',
  pathParams: adminHolderReviewParamsSchema,
  body: noBody,
  responses: { 200: adminHolderReviewItemSchema },
  summary: 'Reject a bank account waiting for review: payouts to it stay refused (409 when not waiting)',
  metadata: adminOnly,
});
