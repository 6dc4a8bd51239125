/**
 * Payments: money coming in by card through a payment provider's hosted checkout — the built-in simulator, plainly
 * labelled as one — confirmed by the provider's signed webhook or the browser's return, settled once
 * (docs/decisions/0048-payments.md). A takedown paid by card: the money goes to the wallet, the takedown pays the
 * settlement from it.
 *
 * Exports for app.ts: `createPaymentsFromConfig(config, { db, amountDue, takedown })` and `paymentRoutes`. For
 * tests: `createPaymentService` with any `PaymentProvider`, the simulator, `signWebhook`, `PAYMENTS_RECEIVED`.
 */
export type { PaymentProvider, PaymentProviderStatus } from './provider.js';
export { paymentRoutes } from './routes.js';
export {
  type AmountDue,
  createPaymentService,
  createPaymentsFromConfig,
  type PaymentService,
} from './service.js';
export { PAYMENTS_RECEIVED, type TakedownInTransaction } from './settlement.js';
export { SimulatedPaymentProvider } from './simulated-payment-provider.js';
export { signWebhook } from './webhook-signature.js';
