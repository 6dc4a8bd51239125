import { z } from 'zod';
import { currencyCodeSchema } from './periods.js';
import { cardMethodSchema } from './payouts.js';
import { minorUnitsSchema } from './quantities.js';

/**
 * Payments: money coming in from a card, through a payment provider's hosted checkout (the built-in simulator
 * unless a real provider is configured). Amounts are cents of the platform currency.
 */

/** What a payment pays for. A takedown: the settlement of the release's distribution fee that its takedown needs. */
export const PAYMENT_PURPOSES = ['TAKEDOWN'] as const;
export const paymentPurposeSchema = /*#__PURE__*/ z.enum(PAYMENT_PURPOSES);

/** PENDING until the provider says the card was charged (SUCCEEDED) or not (FAILED); both are final. */
export const PAYMENT_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export const paymentStatusSchema = /*#__PURE__*/ z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/**
 * What the money did once it arrived: TAKEN_DOWN (it paid the settlement and the release was taken down) or
 * KEPT_IN_WALLET (the takedown could no longer happen — already taken down, or the amount due changed — so the
 * money stays in the wallet, where it can be paid out).
 */
export const PAYMENT_RESULTS = ['TAKEN_DOWN', 'KEPT_IN_WALLET'] as const;
export const paymentResultSchema = /*#__PURE__*/ z.enum(PAYMENT_RESULTS);

/** POST /v1/payments: the card pays the whole takedown settlement (`amount` must equal the amount due now). */
export const paymentRequestSchema = /*#__PURE__*/ z.object({
  purpose: paymentPurposeSchema,
  albumId: z.union([z.string().trim().min(1).max(100), z.number().int()]).transform(String),
  amount: minorUnitsSchema.positive(),
});
export type PaymentRequest = z.input<typeof paymentRequestSchema>;

export const paymentParamsSchema = /*#__PURE__*/ z.object({ id: z.uuid() });

export const paymentSchema = /*#__PURE__*/ z.object({
  id: z.uuid(),
  purpose: paymentPurposeSchema,
  albumId: z.string(),
  status: paymentStatusSchema,
  amount: minorUnitsSchema,
  currency: currencyCodeSchema,
  /** Where to send the browser to pay (the provider's hosted checkout); null once the payment is decided. */
  checkoutUrl: z.string().nullable(),
  /** Why it failed (FAILED only). */
  failureReason: z.string().nullable(),
  /** What the money did (SUCCEEDED only), with a sentence saying so. */
  result: paymentResultSchema.nullable(),
  resultNote: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  settledAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** The simulated provider's hosted checkout: its page and the Pay / Decline buttons' form posts. */
export const simulatedCheckoutParamsSchema = /*#__PURE__*/ z.object({ id: z.uuid() });
/** The checkout page's forms send nothing the server needs; whatever they send is ignored. */
export const simulatedCheckoutFormSchema = /*#__PURE__*/ z.object({});

/**
 * An event the simulated payment provider sends to POST /v1/payments/webhooks/simulator: a payment decided, or a
 * card set-up decided (the set-up's card is then read from the provider, as with a real one).
 */
export const simulatedPaymentEventSchema = /*#__PURE__*/ z.discriminatedUnion('type', [
  z.object({
    /** Unique per event: an event id seen before is refused (a replay). */
    id: z.string().min(1).max(200),
    type: z.enum(['payment.succeeded', 'payment.failed']),
    paymentId: z.uuid(),
    reason: z.string().max(500).optional(),
  }),
  z.object({
    id: z.string().min(1).max(200),
    type: z.enum(['setup.succeeded', 'setup.failed']),
    setupId: z.uuid(),
    reason: z.string().max(500).optional(),
  }),
]);
export type SimulatedPaymentEvent = z.infer<typeof simulatedPaymentEventSchema>;

/**
 * A Stripe event as POST /v1/payments/webhooks/stripe reads it: its id and type, and the Checkout Session it is
 * about (other events are acknowledged and ignored). Only trusted after its Stripe-Signature is checked.
 */
export const stripeEventSchema = /*#__PURE__*/ z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.looseObject({ object: z.looseObject({ id: z.string().max(255).optional() }) }),
});
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/**
 * A card set-up: the payment provider's hosted page where the card holder enters a card to keep (Stripe Checkout
 * in setup mode, or the simulator's page). PENDING until the provider confirms it (its webhook, or the browser's
 * return to /payment-methods/complete?setup_id=…); SUCCEEDED names the card stored; FAILED says why.
 */
export const PAYMENT_METHOD_SETUP_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export const paymentMethodSetupSchema = /*#__PURE__*/ z.object({
  id: z.uuid(),
  status: z.enum(PAYMENT_METHOD_SETUP_STATUSES),
  /** Where to send the browser to enter the card; null once the set-up is decided. */
  redirectUrl: z.string().nullable(),
  /** The card saved (SUCCEEDED only). */
  paymentMethod: cardMethodSchema.nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type PaymentMethodSetup = z.infer<typeof paymentMethodSetupSchema>;
export const paymentMethodSetupParamsSchema = /*#__PURE__*/ z.object({ id: z.uuid() });

/** POST /v1/payment-methods with kind CARD answers the set-up it started, to send the browser to. */
export const cardSetupStartedSchema = /*#__PURE__*/ z.object({ setup: paymentMethodSetupSchema });
export type CardSetupStarted = z.infer<typeof cardSetupStartedSchema>;

/** The simulator's set-up page offers these test cards (no card number is typed, even into the simulator). */
export const SIMULATED_TEST_CARDS = {
  visa: { brand: 'visa', last4: '4242', label: 'Visa ending 4242' },
  mastercard: { brand: 'mastercard', last4: '4444', label: 'Mastercard ending 4444' },
} as const;
export const simulatedSetupFormSchema = /*#__PURE__*/ z.object({
  card: z.enum(Object.keys(SIMULATED_TEST_CARDS) as ['visa', 'mastercard']).optional(),
});

/**
 * The webhook's signature headers: `x-simulator-timestamp` (Unix seconds) and `x-simulator-signature`
 * (`v1=` + hex HMAC-SHA256 of `timestamp.body` under the shared secret).
 */
export const SIMULATOR_SIGNATURE_HEADER = 'x-simulator-signature';
export const SIMULATOR_TIMESTAMP_HEADER = 'x-simulator-timestamp';

export const webhookReceiptSchema = /*#__PURE__*/ z.object({
  received: z.literal(true),
  paymentStatus: paymentStatusSchema,
});
