/** One checkout opened with the provider. `paymentId` is its idempotency key: opening it again opens no second one. */
export type CheckoutOrder = {
  paymentId: string;
  amount: number;
  currency: string;
  /** What the card holder is shown they pay for. */
  description: string;
};

/** What the provider says of a payment. */
export type PaymentProviderStatus =
  { status: 'PENDING' } | { status: 'SUCCEEDED' } | { status: 'FAILED'; reason: string };

/**
 * Who takes the card money (docs/decisions/0048-payments.md). `createCheckout` opens a hosted checkout (idempotent
 * by payment id) and answers the provider's reference and the URL to send the browser to; `status` answers PENDING
 * until the card holder has paid or the payment has failed.
 */
export interface PaymentProvider {
  /** Stored with each payment: a payment is asked about at the provider that opened it. */
  readonly name: string;
  createCheckout(
    order: CheckoutOrder,
    signal: AbortSignal,
  ): Promise<{ reference: string; checkoutUrl: string }>;
  status(reference: string, signal: AbortSignal): Promise<PaymentProviderStatus>;
}
