import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.js';
import type { PaymentProvider } from './provider.js';
import type { TakedownInTransaction } from './settlement.js';

/** How long a provider call may take before the payment is left as it is (a later call or the webhook goes on). */
export const PROVIDER_TIMEOUT_MS = 20_000;

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

/** Where the browser goes back to after the checkout. */
export function returnUrlOf({ siteUrl }: Pick<PaymentServiceDeps, 'siteUrl'>, paymentId: string): string {
  return `${siteUrl}/payments/complete?payment_id=${encodeURIComponent(paymentId)}`;
}
