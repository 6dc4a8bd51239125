import { z } from 'zod';
import { currencyCodeSchema } from './periods.js';
import { minorUnitsSchema } from './quantities.js';

const centsSchema = minorUnitsSchema.min(0);

/**
 * Money of the account that is on its way but cannot be paid out yet, in cents of the platform currency: split
 * income waiting for the participant to accept the split, and payouts sent to the provider but not yet settled.
 */
export const walletHeldSchema = z.object({
  splitsPendingAcceptance: centsSchema,
  payoutsInFlight: centsSchema,
});
export type WalletHeld = z.infer<typeof walletHeldSchema>;

/** The latest period whose close has credited the wallets; null before the first close. */
export const walletPeriodRefSchema = z.object({
  id: z.uuid(),
  /** YYYY-MM. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
});
export type WalletPeriodRef = z.infer<typeof walletPeriodRefSchema>;

/** The signed-in account's wallet. Every amount is in cents of `currency`, the platform currency. */
export const walletSchema = z.object({
  /** The wallet's ledger balance: what can be paid out or spent on fees. */
  available: centsSchema,
  held: walletHeldSchema,
  currency: currencyCodeSchema,
  lastClosedPeriod: walletPeriodRefSchema.nullable(),
  /** Everything period closes have ever credited to this wallet (payouts and fees paid do not lower it). */
  lifetimeEarnings: centsSchema,
});
export type Wallet = z.infer<typeof walletSchema>;
