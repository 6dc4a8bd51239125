import { idempotencyKeyHeadersSchema } from '../requests/common.js';
import { z } from 'zod';
import {
  paymentParamsSchema,
  paymentRequestSchema,
  paymentSchema,
  simulatedCheckoutFormSchema,
  simulatedCheckoutParamsSchema,
  simulatedPaymentEventSchema,
  webhookReceiptSchema,
} from '../payments.js';
import { endpointGroup, meta, noBody } from './define.js';

const payments = meta({ access: 'session', tag: 'payments' });
const checkout = meta({ access: 'public', tag: 'payments', file: true, fileType: 'text/html' });
const simulatorForm = meta({ access: 'public', tag: 'payments' });

/** Money coming in: card payments through the payment provider's hosted checkout, and the provider's webhook. */
export const paymentEndpoints = endpointGroup({
  create: {
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
    metadata: payments,
  },
  get: {
    method: 'GET',
    path: '/v1/payments/:id',
    pathParams: paymentParamsSchema,
    responses: { 200: paymentSchema },
    summary: 'One of the account’s payments; while PENDING, the provider is asked again',
    metadata: payments,
  },
  simulatorWebhook: {
    method: 'POST',
    path: '/v1/payments/webhooks/simulator',
    body: simulatedPaymentEventSchema,
    responses: { 200: webhookReceiptSchema },
    summary: 'The simulated payment provider’s signed event (payment succeeded or failed)',
    description:
      'Signed with HMAC-SHA256 over `timestamp.body` (headers x-simulator-timestamp and x-simulator-signature ' +
      '`v1=<hex>`): a bad signature, a timestamp more than 5 minutes away or an event id seen before is refused.',
    metadata: meta({ access: 'public', tag: 'payments' }),
  },
  checkoutPage: {
    method: 'GET',
    path: '/v1/simulator/checkout/:id',
    pathParams: simulatedCheckoutParamsSchema,
    responses: { 200: z.unknown().describe('An HTML page') },
    summary: 'The simulated payment provider’s hosted checkout page (no real money): Pay or Decline',
    metadata: checkout,
  },
  checkoutPay: {
    method: 'POST',
    path: '/v1/simulator/checkout/:id/pay',
    pathParams: simulatedCheckoutParamsSchema,
    body: simulatedCheckoutFormSchema,
    responses: { 303: noBody },
    summary: 'Simulated checkout: pay, then back to /payments/complete (a 303 redirect)',
    metadata: simulatorForm,
  },
  checkoutDecline: {
    method: 'POST',
    path: '/v1/simulator/checkout/:id/decline',
    pathParams: simulatedCheckoutParamsSchema,
    body: simulatedCheckoutFormSchema,
    responses: { 303: noBody },
    summary: 'Simulated checkout: decline the card, then back to /payments/complete (a 303 redirect)',
    metadata: simulatorForm,
  },
});
