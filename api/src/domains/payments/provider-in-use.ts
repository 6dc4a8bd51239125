import { ApiError } from '../../platform/errors.js';
import type { PaymentProvider } from './provider.js';
import { SimulatedPaymentProvider } from './simulated-payment-provider.js';
import type { StripePaymentProvider } from './stripe-payment-provider.js';

/** The built-in simulator, when it is the provider (its checkout pages exist only then). */
export function simulatorInUse(provider: PaymentProvider): SimulatedPaymentProvider {
  if (!(provider instanceof SimulatedPaymentProvider))
    throw new ApiError(404, 'NOT_FOUND', 'The payment simulator is not in use');
  return provider;
}

/** Stripe, when it is the provider (its webhook route answers only then). */
export function stripeInUse(provider: PaymentProvider): StripePaymentProvider {
  if (provider.name !== 'stripe') throw new ApiError(404, 'NOT_FOUND', 'Stripe is not the payment provider');
  return provider as StripePaymentProvider;
}
