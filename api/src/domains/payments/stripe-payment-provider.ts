import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '../../platform/errors.js';
import type {
  CheckoutOrder,
  PaymentProvider,
  PaymentProviderStatus,
  ProviderEvent,
  SetupOrder,
  SetupProviderStatus,
} from './provider.js';
import { WEBHOOK_TOLERANCE_SECONDS } from './webhook-signature.js';

export type StripeOptions = {
  /** https://api.stripe.com; tests point it at a local server. */
  apiUrl: string;
  /** A secret API key (`sk_live_…` or `sk_test_…`). */
  secretKey: string;
  /** The webhook endpoint's signing secret (`whsec_…`). */
  webhookSecret: string;
};

/** Stripe's Checkout Session, the fields read here (its API reference, "The Checkout Session object"). */
const sessionSchema = z.object({
  id: z.string().min(1),
  object: z.literal('checkout.session'),
  mode: z.enum(['payment', 'setup', 'subscription']),
  status: z.enum(['open', 'complete', 'expired']).nullable(),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  url: z.string().nullable(),
  client_reference_id: z.string().nullable(),
  setup_intent: z
    .union([
      z.string(),
      z.object({
        id: z.string(),
        status: z.string(),
        last_setup_error: z.object({ message: z.string().optional() }).nullable().optional(),
        payment_method: z
          .union([
            z.string(),
            z.object({
              id: z.string(),
              type: z.string(),
              card: z
                .object({
                  brand: z.string(),
                  last4: z.string().regex(/^\d{4}$/),
                  exp_month: z.number().int().min(1).max(12),
                  exp_year: z.number().int(),
                })
                .nullable()
                .optional(),
            }),
          ])
          .nullable(),
      }),
    ])
    .nullable()
    .optional(),
});
type Session = z.infer<typeof sessionSchema>;

/**
 * Checks a `Stripe-Signature` header (`t=<unix seconds>,v1=<hex>[,v1=…][,v0=…]`) over the exact body received:
 * one of its v1 signatures must be the HMAC-SHA256 of `t.body` under the endpoint's secret (compared in constant
 * time), and `t` within 5 minutes of now — Stripe's own scheme and tolerance. Throws a 400 naming what is wrong.
 */
export function verifyStripeSignature(
  secret: string,
  { body, header, now }: { body: string; header: unknown; now: Date },
): void {
  if (typeof header !== 'string' || header.length === 0 || header.length > 2000)
    throw new ApiError(400, 'BAD_REQUEST', 'The webhook has no Stripe-Signature header');
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = parts.find(([key]) => key === 't')?.[1];
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0)
    throw new ApiError(400, 'BAD_REQUEST', 'The Stripe-Signature header has no timestamp or no v1 signature');
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex'));
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new ApiError(400, 'BAD_REQUEST', 'The webhook signature does not match');
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS)
    throw new ApiError(400, 'BAD_REQUEST', 'The webhook was signed more than 5 minutes from now');
}

/** A Stripe-Signature header for a body (tests; Stripe's own libraries make it the same way). */
export function signStripe(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Stripe's error answer: `{ error: { type, code?, message } }`. */
function messageOf(body: unknown): string {
  const shape = z.object({ error: z.object({ message: z.string().optional() }) }).safeParse(body);
  return (shape.success && shape.data.error.message) || 'no details';
}

/** Form fields as Stripe takes them (`line_items[0][price_data][currency]=eur`), in order. */
const form = (fields: Record<string, string | number>) =>
  new URLSearchParams(
    Object.entries(fields).map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();

export type StripePaymentProvider = PaymentProvider & {
  /** The event a verified webhook body is about, or null for events this platform does not act on. */
  eventOf(body: unknown): ProviderEvent | null;
  readonly webhookSecret: string;
};

/**
 * Payments and card set-ups through Stripe Checkout (docs/decisions/0048-payments.md), with `fetch` against
 * Stripe's REST API: a payment is a Checkout Session in payment mode (one line for the exact amount, `client_reference_id` = our payment id, created under the
 * Idempotency-Key `payment-<id>` so a retry opens no second session); a card set-up is one in setup mode (cards
 * only, `client_reference_id` = our set-up id). Status is read back with GET /v1/checkout/sessions/{id} (a set-up's
 * card with `expand[]=setup_intent.payment_method`). A non-2xx answer is an error; the caller leaves the payment
 * as it is and asks again later.
 */
export function createStripePaymentProvider(options: StripeOptions): StripePaymentProvider {
  async function call(
    method: 'GET' | 'POST',
    path: string,
    { body, idempotencyKey, signal }: { body?: string; idempotencyKey?: string; signal: AbortSignal },
  ): Promise<Session> {
    // Stripe's own paths (`v1/checkout/sessions`), relative to its API root; our endpoint-path rule is about our API.
    const response = await fetch(`${options.apiUrl.replace(/\/+$/, '')}/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.secretKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      ...(body === undefined ? {} : { body }),
      signal,
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      throw new Error(`Stripe ${method} ${path} answered ${response.status} with a body that is not JSON`);
    }
    if (!response.ok)
      throw new Error(`Stripe ${method} ${path} answered ${response.status}: ${messageOf(parsed)}`);
    const session = sessionSchema.safeParse(parsed);
    if (!session.success) throw new Error(`Stripe ${method} ${path} answered a session we do not understand`);
    return session.data;
  }

  const opened = (session: Session) => {
    if (!session.url) throw new Error(`Stripe session ${session.id} has no URL to send the browser to`);
    return { reference: session.id, url: session.url };
  };

  return {
    name: 'stripe',
    webhookSecret: options.webhookSecret,

    async createCheckout(order: CheckoutOrder, signal) {
      const session = await call('POST', 'v1/checkout/sessions', {
        body: form({
          mode: 'payment',
          client_reference_id: order.paymentId,
          'metadata[payment_id]': order.paymentId,
          success_url: order.returnUrl,
          cancel_url: order.returnUrl,
          'line_items[0][quantity]': 1,
          'line_items[0][price_data][currency]': order.currency.toLowerCase(),
          'line_items[0][price_data][unit_amount]': order.amount,
          'line_items[0][price_data][product_data][name]': order.description,
        }),
        idempotencyKey: `payment-${order.paymentId}`,
        signal,
      });
      const { reference, url } = opened(session);
      return { reference, checkoutUrl: url };
    },

    async status(reference, signal): Promise<PaymentProviderStatus> {
      const session = await call('GET', `v1/checkout/sessions/${encodeURIComponent(reference)}`, { signal });
      if (session.status === 'complete' && session.payment_status === 'paid') return { status: 'SUCCEEDED' };
      if (session.status === 'expired')
        return { status: 'FAILED', reason: 'The checkout expired before the card was charged' };
      return { status: 'PENDING' };
    },

    async createSetup(order: SetupOrder, signal) {
      const session = await call('POST', 'v1/checkout/sessions', {
        body: form({
          mode: 'setup',
          currency: order.currency.toLowerCase(),
          'payment_method_types[0]': 'card',
          client_reference_id: order.setupId,
          'metadata[setup_id]': order.setupId,
          success_url: order.returnUrl,
          cancel_url: order.returnUrl,
        }),
        idempotencyKey: `setup-${order.setupId}`,
        signal,
      });
      const { reference, url } = opened(session);
      return { reference, redirectUrl: url };
    },

    async setupStatus(reference, signal): Promise<SetupProviderStatus> {
      const session = await call(
        'GET',
        `v1/checkout/sessions/${encodeURIComponent(reference)}?expand[]=setup_intent.payment_method`,
        { signal },
      );
      if (session.status === 'expired')
        return { status: 'FAILED', reason: 'The card set-up expired before a card was saved' };
      const intent = session.setup_intent;
      if (session.status !== 'complete' || !intent || typeof intent === 'string')
        return { status: 'PENDING' };
      if (intent.status === 'canceled' || intent.status === 'requires_payment_method')
        return {
          status: 'FAILED',
          reason: intent.last_setup_error?.message ?? 'The card could not be saved',
        };
      const method = intent.payment_method;
      if (intent.status !== 'succeeded' || !method || typeof method === 'string')
        return { status: 'PENDING' };
      if (!method.card) return { status: 'FAILED', reason: `Stripe saved a ${method.type}, not a card` };
      return {
        status: 'SUCCEEDED',
        card: {
          reference: method.id,
          brand: method.card.brand,
          last4: method.card.last4,
          expMonth: method.card.exp_month,
          expYear: method.card.exp_year,
        },
      };
    },

    eventOf(body): ProviderEvent | null {
      const event = z
        .object({ id: z.string(), type: z.string(), data: z.object({ object: sessionSchema }) })
        .safeParse(body);
      if (!event.success) return null;
      const { id, type } = event.data;
      const session = event.data.data.object;
      const ours = session.client_reference_id;
      if (!ours) return null;
      if (session.mode === 'setup')
        return type.startsWith('checkout.session.') ? { id, subject: 'setup', setupId: ours } : null;
      if (session.mode !== 'payment') return null;
      const decided = (
        decision: Extract<ProviderEvent, { subject: 'payment' }>['decision'],
      ): ProviderEvent => ({
        id,
        subject: 'payment',
        paymentId: ours,
        decision,
      });
      if (
        (type === 'checkout.session.completed' && session.payment_status === 'paid') ||
        type === 'checkout.session.async_payment_succeeded'
      )
        return decided({ status: 'SUCCEEDED' });
      if (type === 'checkout.session.async_payment_failed')
        return decided({ status: 'FAILED', reason: 'Stripe: the payment failed after the checkout' });
      if (type === 'checkout.session.expired')
        return decided({ status: 'FAILED', reason: 'The checkout expired before the card was charged' });
      return null;
    },
  };
}
