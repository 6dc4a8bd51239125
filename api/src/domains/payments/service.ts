import { randomUUID } from 'node:crypto';
import type { Payment, PaymentRequest, SimulatedPaymentEvent } from '@tunehouse/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../platform/config.js';
import { type Db, type Queryable, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { type Jobs, QUEUES } from '../../platform/jobs.js';
import { createCardSetups } from './card-setups.js';
import type { PaymentProvider, PaymentProviderStatus, ProviderEvent } from './provider.js';
import {
  findPayment,
  findPaymentByKey,
  insertPayment,
  type PaymentRecord,
  recordWebhookEvent,
  saveCheckout,
  toPayment,
} from './repository.js';
import { settlePayment, type TakedownInTransaction } from './settlement.js';
import { findSetup, pendingOlderThan } from './setup-repository.js';
import { SimulatedPaymentProvider } from './simulated-payment-provider.js';
import { createStripePaymentProvider, type StripePaymentProvider } from './stripe-payment-provider.js';

/** How long a provider call may take before the payment is left as it is (a later call or the webhook goes on). */
const PROVIDER_TIMEOUT_MS = 20_000;

/** The takedown amount due now for one of the account's albums (404 for another's), and its id as stored. */
export type AmountDue = (
  accountId: string,
  albumId: string,
) => Promise<{ albumId: string; amountDue: number }>;

export type PaymentServiceDeps = {
  db: Db;
  provider: PaymentProvider;
  platformCurrency: string;
  /** The secret the simulated provider's webhooks are signed with. */
  webhookSecret: string;
  /** The browser comes back here after the checkout (`?payment_id=` added). */
  siteUrl: string;
  amountDue: AmountDue;
  takedown: TakedownInTransaction;
  logger?: FastifyBaseLogger | undefined;
};

const notFound = () => new ApiError(404, 'NOT_FOUND', 'No such payment');

export function createPaymentService(deps: PaymentServiceDeps) {
  const { db, provider, platformCurrency, amountDue, takedown, logger } = deps;

  /** Opens the provider's checkout for a payment that has none yet (a first request, or one cut short before). */
  async function withCheckout(payment: PaymentRecord): Promise<PaymentRecord> {
    if (payment.checkoutUrl || payment.status !== 'PENDING') return payment;
    let checkout: { reference: string; checkoutUrl: string };
    try {
      checkout = await provider.createCheckout(
        {
          paymentId: payment.id,
          amount: payment.amount,
          currency: payment.currency,
          description: 'Tunehouse: the distribution-fee settlement that takes a release down',
          returnUrl: returnUrl(payment.id),
        },
        AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      );
    } catch (error) {
      // The payment stays without a checkout: the same request (same key) opens it later, once (decision 0048).
      logger?.warn({ err: error, paymentId: payment.id }, 'payment provider did not open a checkout');
      throw new ApiError(
        503,
        'SERVICE_UNAVAILABLE',
        'The payment provider could not open the checkout now; try again with the same Idempotency-Key',
      );
    }
    await saveCheckout(db, payment.id, checkout);
    return (await findPayment(db, payment.id))!;
  }

  function sameRequest(existing: PaymentRecord, fingerprint: string): PaymentRecord {
    if (existing.fingerprint !== fingerprint)
      throw new ApiError(
        409,
        'IDEMPOTENCY_CONFLICT',
        'This Idempotency-Key was already used for a different payment',
      );
    return existing;
  }

  /** POST /v1/payments: the whole takedown settlement, paid by card (docs/decisions/0048-payments.md). */
  async function create(accountId: string, idempotencyKey: string, body: PaymentRequest): Promise<Payment> {
    const requested = {
      purpose: body.purpose,
      albumId: String(body.albumId).toLowerCase(),
      amount: body.amount,
    };
    const fingerprint = JSON.stringify([requested.purpose, requested.albumId, requested.amount]);
    const earlier = await findPaymentByKey(db, accountId, idempotencyKey);
    if (earlier) return toPayment(await withCheckout(sameRequest(earlier, fingerprint)));

    const due = await amountDue(accountId, requested.albumId);
    if (due.amountDue === 0)
      throw new ApiError(409, 'CONFLICT', 'Nothing is due for this takedown: take the release down directly');
    if (requested.amount !== due.amountDue)
      throw new ApiError(
        409,
        'CONFLICT',
        `Taking this release down settles ${due.amountDue} (minor units) now, not ${requested.amount}`,
        [{ path: ['body', 'amount'], message: `Send amount=${due.amountDue}` }],
      );
    const id = randomUUID();
    const inserted = await insertPayment(db, {
      id,
      accountId,
      purpose: requested.purpose,
      albumId: due.albumId,
      amount: requested.amount,
      currency: platformCurrency,
      idempotencyKey,
      fingerprint,
      provider: provider.name,
    });
    const payment = inserted
      ? (await findPayment(db, id))!
      : sameRequest((await findPaymentByKey(db, accountId, idempotencyKey))!, fingerprint);
    return toPayment(await withCheckout(payment));
  }

  /** Settles a decided payment in its own transaction (once, however many confirmations race). */
  function settle(paymentId: string, decision: Exclude<PaymentProviderStatus, { status: 'PENDING' }>) {
    return withTransaction(db, (tx) => settlePayment(tx, paymentId, decision, takedown));
  }

  /** Asks the provider about a PENDING payment and settles what it has decided; a silent provider leaves it. */
  async function refresh(payment: PaymentRecord): Promise<PaymentRecord> {
    if (payment.status !== 'PENDING' || !payment.providerReference || payment.provider !== provider.name)
      return payment;
    let decision: PaymentProviderStatus;
    try {
      decision = await provider.status(payment.providerReference, AbortSignal.timeout(PROVIDER_TIMEOUT_MS));
    } catch (error) {
      // The provider not answering leaves the payment PENDING: its webhook, the next look or the job settles it.
      logger?.warn({ err: error, paymentId: payment.id }, 'payment provider status check failed');
      return payment;
    }
    if (decision.status === 'PENDING') return payment;
    return (await settle(payment.id, decision))!;
  }

  /** GET /v1/payments/{id}: while PENDING, asks the provider and settles what it has decided. */
  async function get(accountId: string, id: string): Promise<Payment> {
    const payment = await findPayment(db, id, { accountId });
    if (!payment) throw notFound();
    return toPayment(await refresh(payment));
  }

  /**
   * A provider's webhook event, its signature already checked. A payment event is recorded in the transaction
   * that settles it, so an event id seen before is refused (409) and one that failed half-way can be sent again;
   * a set-up event has the provider asked for the card first (card-setups.ts).
   */
  async function providerEvent(providerName: string, event: ProviderEvent): Promise<Payment['status']> {
    const record = (tx: Queryable) =>
      recordWebhookEvent(tx, providerName, event.id, event.subject === 'payment' ? event.paymentId : null);
    if (event.subject === 'setup') return setups.event(providerName, event, record);
    return withTransaction(db, async (tx) => {
      if (!(await record(tx))) throw new ApiError(409, 'CONFLICT', `Event ${event.id} was received already`);
      const found = await findPayment(tx, event.paymentId);
      if (!found || found.provider !== providerName) throw notFound();
      return (await settlePayment(tx, event.paymentId, event.decision, takedown))!.status;
    });
  }

  /** The simulated provider's webhook, its signature already checked. */
  function simulatorEvent(event: SimulatedPaymentEvent): Promise<Payment['status']> {
    if ('setupId' in event)
      return providerEvent('simulator', { id: event.id, subject: 'setup', setupId: event.setupId });
    return providerEvent('simulator', {
      id: event.id,
      subject: 'payment',
      paymentId: event.paymentId,
      decision:
        event.type === 'payment.succeeded'
          ? { status: 'SUCCEEDED' }
          : { status: 'FAILED', reason: event.reason ?? 'The payment provider refused the payment' },
    });
  }

  /**
   * Payments and card set-ups still PENDING `olderThanSeconds` after they were opened — their webhook and the
   * browser's return both lost — asked about at the provider and settled through the same code as the webhook,
   * once (the row lock in settlePayment / confirmSetup). Answers how many were decided.
   */
  async function reconcile(olderThanSeconds: number): Promise<{ settled: number; asked: number }> {
    const pending = await pendingOlderThan(db, provider.name, olderThanSeconds);
    let settled = 0;
    for (const id of pending.payments) {
      const payment = await findPayment(db, id);
      if (payment && (await refresh(payment)).status !== 'PENDING') settled += 1;
    }
    for (const id of pending.setups) {
      const setup = await findSetup(db, id);
      if (setup && (await setups.refresh(setup)).status !== 'PENDING') settled += 1;
    }
    return { settled, asked: pending.payments.length + pending.setups.length };
  }

  /** main.ts: the reconciliation job, every minute (pg-boss cron), for what has waited `afterSeconds`. */
  async function work(jobs: Jobs, afterSeconds: number): Promise<void> {
    await jobs.work(QUEUES.paymentReconcile, async () => {
      const done = await reconcile(afterSeconds);
      if (done.asked > 0) logger?.info(done, 'pending payments and card set-ups asked about at the provider');
    });
    await jobs.schedule(QUEUES.paymentReconcile, '* * * * *');
  }

  /** The built-in simulator, when it is the provider (its checkout pages exist only then). */
  function simulator(): SimulatedPaymentProvider {
    if (!(provider instanceof SimulatedPaymentProvider))
      throw new ApiError(404, 'NOT_FOUND', 'The payment simulator is not in use');
    return provider;
  }

  /** Stripe, when it is the provider (its webhook route answers only then). */
  function stripe(): StripePaymentProvider {
    if (provider.name !== 'stripe')
      throw new ApiError(404, 'NOT_FOUND', 'Stripe is not the payment provider');
    return provider as StripePaymentProvider;
  }

  /** Where the browser goes back to after the checkout. */
  function returnUrl(paymentId: string) {
    return `${deps.siteUrl}/payments/complete?payment_id=${encodeURIComponent(paymentId)}`;
  }

  const setups = createCardSetups({
    db,
    provider,
    platformCurrency,
    siteUrl: deps.siteUrl,
    providerTimeoutMs: PROVIDER_TIMEOUT_MS,
    logger,
  });

  return {
    create,
    get,
    simulatorEvent,
    providerEvent,
    reconcile,
    work,
    simulator,
    stripe,
    returnUrl,
    setups,
    webhookSecret: deps.webhookSecret,
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;

/**
 * The payment service as the API runs it: Stripe Checkout when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are
 * set, otherwise the built-in simulator (its webhook secret under `<DATA_DIR>/secrets/` like the other secrets).
 */
export function createPaymentsFromConfig(
  config: AppConfig,
  deps: { db: Db; amountDue: AmountDue; takedown: TakedownInTransaction; logger?: FastifyBaseLogger },
): PaymentService {
  const { stripe } = config.payments;
  return createPaymentService({
    ...deps,
    provider: stripe
      ? createStripePaymentProvider(stripe)
      : new SimulatedPaymentProvider(deps.db, config.publicApiUrl),
    platformCurrency: config.platformCurrency,
    webhookSecret: config.paymentSimulatorWebhookSecret,
    siteUrl: config.siteUrl,
  });
}
