/** A bank account as the provider registers it: the full IBAN is handed over here and kept only by the provider. */
export type PayoutRecipientDetails = {
  holderName: string;
  iban: string;
  bic: string | null;
  country: string;
  /** The currency the account is paid in (the platform currency). */
  currency: string;
};

/** One payout handed to the provider. `payoutId` is its idempotency key: sending it again never pays twice. */
export type PayoutOrder = {
  payoutId: string;
  /** The provider's reference of the recipient (from `addRecipient`). */
  recipient: string;
  amount: number;
  currency: string;
  /** The text the recipient's bank statement shows. */
  reference: string;
};

/** What the provider says of a payout it was sent. */
export type PayoutProviderStatus =
  | { status: 'PENDING' }
  | { status: 'SETTLED' }
  | { status: 'FAILED'; reason: string }
  | { status: 'RETURNED'; reason: string };

/**
 * The provider refused the payout for good (an invalid account, a rejected funding): the payout fails and its money
 * goes back to the wallet. Any other error (a timeout, a 5xx, a dropped connection) leaves the payout to be sent
 * again with the same idempotency key.
 */
export class PayoutRejectedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'PayoutRejectedError';
  }
}

/**
 * Who moves the money (docs/decisions/0046-payouts.md). `addRecipient` registers a bank account and answers the
 * reference payouts are sent to; `send` hands one payout over (idempotent by payout id) and says when to ask
 * `status` first; `status` answers PENDING until the provider is done with it.
 */
export interface PayoutProvider {
  /** Stored with each method and payout: a method is paid through the provider that registered it. */
  readonly name: string;
  addRecipient(details: PayoutRecipientDetails, signal: AbortSignal): Promise<{ reference: string }>;
  send(order: PayoutOrder, signal: AbortSignal): Promise<{ reference: string; checkAfterSeconds: number }>;
  status(reference: string, signal: AbortSignal): Promise<PayoutProviderStatus>;
}
