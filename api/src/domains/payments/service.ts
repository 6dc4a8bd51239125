import { randomUUID } from 'node:crypto';
import type { Payment, PaymentRequest, SimulatedPaymentEvent } from '@tunehouse/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../platform/config.js';
import { type Db, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { readOrCreateSecret } from '../../platform/secrets.js';
import type { PaymentProvider, PaymentProviderStatus } from './provider.js';
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
import { SimulatedPaymentProvider } from './simulated-payment-provider.js';

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
    const checkout = await provider.createCheckout(
      {
        paymentId: payment.id,
        amount: payment.amount,
        currency: payment.currency,
        description: 'Tunehouse: the distribution-fee settlement that takes a release down',
      },
      AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    );
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

  /** GET /v1/payments/{id}: while PENDING, asks the provider and settles what it has decided. */
  async function get(accountId: string, id: string): Promise<Payment> {
    const payment = await findPayment(db, id, { accountId });
    if (!payment) throw notFound();
    if (payment.status !== 'PENDING' || !payment.providerReference || payment.provider !== provider.name)
      return toPayment(payment);
    let decision: PaymentProviderStatus;
    try {
      decision = await provider.status(payment.providerReference, AbortSignal.timeout(PROVIDER_TIMEOUT_MS));
    } catch (error) {
      // The provider not answering leaves the payment PENDING: its webhook or the next look settles it.
      logger?.warn({ err: error, paymentId: id }, 'payment provider status check failed');
      return toPayment(payment);
    }
    if (decision.status === 'PENDING') return toPayment(payment);
    return toPayment((await settle(payment.id, decision))!);
  }

  /**
   * The simulated provider's webhook, its signature already checked: the event is recorded in the transaction
   * that acts on it, so an event id seen before is refused (409) and one that failed half-way can be sent again.
   */
  async function simulatorEvent(event: SimulatedPaymentEvent): Promise<Payment['status']> {
    return withTransaction(db, async (tx) => {
      if (!(await recordWebhookEvent(tx, 'simulator', event.id, event.paymentId)))
        throw new ApiError(409, 'CONFLICT', `Event ${event.id} was received already`);
      const decision =
        event.type === 'payment.succeeded'
          ? ({ status: 'SUCCEEDED' } as const)
          : ({
              status: 'FAILED',
              reason: event.reason ?? 'The payment provider refused the payment',
            } as const);
      const payment = await settlePayment(tx, event.paymentId, decision, takedown);
      if (!payment) throw notFound();
      return payment.status;
    });
  }

  /** The built-in simulator, when it is the provider (its checkout pages exist only then). */
  function simulator(): SimulatedPaymentProvider {
    if (!(provider instanceof SimulatedPaymentProvider))
      throw new ApiError(404, 'NOT_FOUND', 'The payment simulator is not in use');
    return provider;
  }

  /** Where the browser goes back to after the checkout. */
  const returnUrl = (paymentId: string) =>
    `${deps.siteUrl}/payments/complete?payment_id=${encodeURIComponent(paymentId)}`;

  return { create, get, simulatorEvent, simulator, returnUrl, webhookSecret: deps.webhookSecret };
}

export type PaymentService = ReturnType<typeof createPaymentService>;

/**
 * The payment service as the API runs it: the built-in simulator (no real adapter is configured yet), its webhook
 * secret under `<DATA_DIR>/secrets/` like the other secrets.
 */
export function createPaymentsFromConfig(
  config: AppConfig,
  deps: { db: Db; amountDue: AmountDue; takedown: TakedownInTransaction; logger?: FastifyBaseLogger },
): PaymentService {
  return createPaymentService({
    ...deps,
    provider: new SimulatedPaymentProvider(deps.db, config.publicApiUrl),
    platformCurrency: config.platformCurrency,
    webhookSecret: readOrCreateSecret(config.dataDir, 'payment-simulator-webhook-secret'),
    siteUrl: config.siteUrl,
  });
}
