import type { Payment, PaymentRequest, SimulatedPaymentEvent } from '@tunehouse/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import type { Jobs } from '../../platform/jobs.js';
import { createCardSetups } from './card-setups.js';
import { createPayment } from './create-payment.js';
import { type AmountDue, PROVIDER_TIMEOUT_MS, type PaymentServiceDeps, returnUrlOf } from './payment-deps.js';
import type { ProviderEvent } from './provider.js';
import { providerEvent, simulatorEvent } from './provider-events.js';
import { simulatorInUse, stripeInUse } from './provider-in-use.js';
import { getPayment } from './read-payment.js';
import { reconcile, workReconciliation } from './reconcile.js';
import type { TakedownInTransaction } from './settlement.js';
import { SimulatedPaymentProvider } from './simulated-payment-provider.js';
import { createStripePaymentProvider } from './stripe-payment-provider.js';

export type { AmountDue, PaymentServiceDeps } from './payment-deps.js';

/**
 * Payments by card: each use case is a file of its own taking (deps, input): create-payment.ts, read-payment.ts,
 * provider-events.ts, reconcile.ts (card set-ups: card-setups.ts); this binds the deps.
 */
export function createPaymentService(deps: PaymentServiceDeps) {
  const { db, provider, platformCurrency, logger } = deps;
  const setups = createCardSetups({
    db,
    provider,
    platformCurrency,
    siteUrl: deps.siteUrl,
    providerTimeoutMs: PROVIDER_TIMEOUT_MS,
    logger,
  });
  const withSetups = { ...deps, setups };

  return {
    create: (accountId: string, idempotencyKey: string, body: PaymentRequest): Promise<Payment> =>
      createPayment(deps, { accountId, idempotencyKey, body }),
    get: (accountId: string, id: string): Promise<Payment> => getPayment(deps, { accountId, id }),
    simulatorEvent: (event: SimulatedPaymentEvent) => simulatorEvent(withSetups, event),
    providerEvent: (providerName: string, event: ProviderEvent) =>
      providerEvent(withSetups, providerName, event),
    reconcile: (olderThanSeconds: number) => reconcile(withSetups, olderThanSeconds),
    work: (jobs: Jobs, afterSeconds: number) => workReconciliation(withSetups, jobs, afterSeconds),
    simulator: () => simulatorInUse(provider),
    stripe: () => stripeInUse(provider),
    returnUrl: (paymentId: string) => returnUrlOf(deps, paymentId),
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
