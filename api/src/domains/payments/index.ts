/**
 * Payments: money coming in by card through a payment provider's hosted checkout — the built-in simulator, plainly
 * labelled as one, or Stripe Checkout when configured — confirmed by the provider's signed webhook, the browser's
 * return or the reconciliation job, settled once (docs/decisions/0048-payments.md). A takedown paid by card: the
 * money goes to the wallet, the takedown pays the settlement from it. Cards saved as payment methods through the
 * provider's set-up page (`setups` of the service), stored once confirmed.
 *
 * Exports for app.ts and main.ts: `createPaymentsFromConfig(config, { db, amountDue, takedown })` (its `work()`
 * runs the reconciliation job) and `paymentRoutes`. For tests: `createPaymentService` with any `PaymentProvider`,
 * the simulator, the Stripe adapter, `signWebhook`, `signStripe`, `PAYMENTS_RECEIVED`. For the operator's metrics:
 * `paymentCounts`.
 */
export type { PaymentProvider, PaymentProviderStatus, SetupProviderStatus } from './provider.js';
export { paymentRoutes } from './routes.js';
export { paymentCounts } from './status-counts.js';
export {
  type AmountDue,
  createPaymentService,
  createPaymentsFromConfig,
  type PaymentService,
} from './service.js';
export { PAYMENTS_RECEIVED, type TakedownInTransaction } from './settlement.js';
export { SimulatedPaymentProvider } from './simulated-payment-provider.js';
export { createStripePaymentProvider, signStripe } from './stripe-payment-provider.js';
export { signWebhook } from './webhook-signature.js';
