/** One checkout opened with the provider. `paymentId` is its idempotency key: opening it again opens no second one. */
export type CheckoutOrder = {
  paymentId: string;
  amount: number;
  currency: string;
  /** What the card holder is shown they pay for. */
  description: string;
  /** Where the provider sends the browser back to, paid or not. */
  returnUrl: string;
};

/** One card set-up opened with the provider. `setupId` is its idempotency key. */
export type SetupOrder = {
  setupId: string;
  currency: string;
  /** Where the provider sends the browser back to, saved or not. */
  returnUrl: string;
};

/** A card as the provider describes it once saved: what may be shown, and its reference at the provider. */
export type SavedCard = {
  reference: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};

/** What the provider says of a card set-up. */
export type SetupProviderStatus =
  { status: 'PENDING' } | { status: 'SUCCEEDED'; card: SavedCard } | { status: 'FAILED'; reason: string };

/** What the provider says of a payment. */
export type PaymentProviderStatus =
  { status: 'PENDING' } | { status: 'SUCCEEDED' } | { status: 'FAILED'; reason: string };

/**
 * Who takes the card money (docs/decisions/0048-payments.md). `createCheckout` opens a hosted checkout (idempotent
 * by payment id) and answers the provider's reference and the URL to send the browser to; `status` answers PENDING
 * until the card holder has paid or the payment has failed. `createSetup` and `setupStatus` do the same for saving
 * a card (docs/decisions/0048-payments.md): the card is typed on the provider's page, never ours.
 */
export interface PaymentProvider {
  /** Stored with each payment: a payment is asked about at the provider that opened it. */
  readonly name: string;
  createCheckout(
    order: CheckoutOrder,
    signal: AbortSignal,
  ): Promise<{ reference: string; checkoutUrl: string }>;
  status(reference: string, signal: AbortSignal): Promise<PaymentProviderStatus>;
  createSetup(order: SetupOrder, signal: AbortSignal): Promise<{ reference: string; redirectUrl: string }>;
  setupStatus(reference: string, signal: AbortSignal): Promise<SetupProviderStatus>;
}

/**
 * A provider's webhook event as the service acts on it, its signature already checked: a payment it decided (by our
 * payment id), or a card set-up it is about (the set-up's card is then read from the provider).
 */
export type ProviderEvent =
  | {
      id: string;
      subject: 'payment';
      paymentId: string;
      decision: Exclude<PaymentProviderStatus, { status: 'PENDING' }>;
    }
  | { id: string; subject: 'setup'; setupId: string };
