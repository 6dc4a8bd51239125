/** Money coming in: card payments through the payment provider's hosted checkout, and the provider's webhook. */

import { idempotencyKeyHeadersSchema } from '../requests/common.js';
import { z } from 'zod';
import {
  paymentMethodSetupParamsSchema,
  paymentMethodSetupSchema,
  paymentParamsSchema,
  paymentRequestSchema,
  paymentSchema,
  simulatedCheckoutFormSchema,
  simulatedCheckoutParamsSchema,
  simulatedPaymentEventSchema,
  simulatedSetupFormSchema,
  stripeEventSchema,
  webhookReceiptSchema,
} from '../payments.js';
import { endpoint, meta, noBody } from './define.js';

const payments = /*#__PURE__*/ meta({ access: 'session', tag: 'payments' });
const checkout = /*#__PURE__*/ meta({ access: 'public', tag: 'payments', file: true, fileType: 'text/html' });
const simulatorForm = /*#__PURE__*/ meta({ access: 'public', tag: 'payments' });

export const create = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/payments',
  headers: idempotencyKeyHeadersSchema,
  body: paymentRequestSchema,
  responses: { 201: paymentSchema },
  summary: 'Start a card payment (a takedown settlement) and get the provider’s checkout URL',
  description:
    'Needs an Idempotency-Key header: the same key and body answer the same payment (another body is 409 ' +
    'IDEMPOTENCY_CONFLICT). `amount` is the whole settlement the takedown needs now (409 CONFLICT naming it ' +
    'otherwise, or when nothing is due). Send the browser to `checkoutUrl`; the provider returns it to ' +
    '/payments/complete?payment_id=…. Once paid, the money is booked to the wallet and the release taken down, ' +
    'once, whether the provider’s webhook or the return confirms it first.',
  metadata: meta({ access: 'session', tag: 'payments', moneyRouting: true }),
});

export const get = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/payments/:id',
  pathParams: paymentParamsSchema,
  responses: { 200: paymentSchema },
  summary: 'One of the account’s payments; while PENDING, the provider is asked again',
  metadata: payments,
});

export const simulatorWebhook = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/payments/webhooks/simulator',
  body: simulatedPaymentEventSchema,
  responses: { 200: webhookReceiptSchema },
  summary: 'The simulated payment provider’s signed event (payment succeeded or failed)',
  description:
    'Signed with HMAC-SHA256 over `timestamp.body` (headers x-simulator-timestamp and x-simulator-signature ' +
    '`v1=<hex>`): a bad signature, a timestamp more than 5 minutes away or an event id seen before is refused.',
  metadata: meta({ access: 'public', tag: 'payments' }),
});

export const checkoutPage = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/simulator/checkout/:id',
  pathParams: simulatedCheckoutParamsSchema,
  responses: { 200: z.unknown().describe('An HTML page') },
  summary: 'The simulated payment provider’s hosted checkout page (no real money): Pay or Decline',
  metadata: checkout,
});

export const checkoutPay = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/simulator/checkout/:id/pay',
  pathParams: simulatedCheckoutParamsSchema,
  body: simulatedCheckoutFormSchema,
  responses: { 303: noBody },
  summary: 'Simulated checkout: pay, then back to /payments/complete (a 303 redirect)',
  metadata: simulatorForm,
});

export const checkoutDecline = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/simulator/checkout/:id/decline',
  pathParams: simulatedCheckoutParamsSchema,
  body: simulatedCheckoutFormSchema,
  responses: { 303: noBody },
  summary: 'Simulated checkout: decline the card, then back to /payments/complete (a 303 redirect)',
  metadata: simulatorForm,
});

export const setup = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/payment-method-setups/:id',
  pathParams: paymentMethodSetupParamsSchema,
  responses: { 200: paymentMethodSetupSchema },
  summary: 'One of the account’s card set-ups; while PENDING, the provider is asked again',
  metadata: payments,
});

export const stripeWebhook = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/payments/webhooks/stripe',
  body: stripeEventSchema,
  responses: { 200: z.object({ received: z.literal(true) }) },
  summary: 'Stripe’s signed event about a Checkout Session (only while Stripe is the payment provider)',
  description:
    'Signed as Stripe signs webhooks (header Stripe-Signature `t=…,v1=…`, HMAC-SHA256 of `t.body` under ' +
    'STRIPE_WEBHOOK_SECRET): a bad signature or a timestamp more than 5 minutes away is 400, an event id seen ' +
    'before 409. 404 while the built-in simulator is the provider.',
  metadata: meta({ access: 'public', tag: 'payments' }),
});

export const setupPage = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/simulator/setup/:id',
  pathParams: simulatedCheckoutParamsSchema,
  responses: { 200: z.unknown().describe('An HTML page') },
  summary: 'The simulated payment provider’s card set-up page (no real card): save a test card or cancel',
  metadata: checkout,
});

export const setupSave = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/simulator/setup/:id/save',
  pathParams: simulatedCheckoutParamsSchema,
  body: simulatedSetupFormSchema,
  responses: { 303: noBody },
  summary: 'Simulated card set-up: save the chosen test card, then back to /payment-methods/complete',
  metadata: simulatorForm,
});

export const setupCancel = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/simulator/setup/:id/cancel',
  pathParams: simulatedCheckoutParamsSchema,
  body: simulatedSetupFormSchema,
  responses: { 303: noBody },
  summary: 'Simulated card set-up: cancel, then back to /payment-methods/complete',
  metadata: simulatorForm,
});
