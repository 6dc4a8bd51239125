import { billingRoutes, createBillingFromConfig, createHolderReviews } from '../domains/billing/index.js';
import { createInvoiceService, invoiceRoutes } from '../domains/invoices/index.js';
import { paymentRoutes } from '../domains/payments/index.js';
import { createPayoutsFromConfig, payoutRoutes } from '../domains/payouts/index.js';
import { periodRoutes } from '../domains/periods/index.js';
import { createSplitsService, splitRoutes } from '../domains/splits/index.js';
import { createWalletService, walletRoutes } from '../domains/wallet/index.js';
import { createClosingPeriods, createPayments } from '../composition.js';
import type { Catalogue } from './wire-catalogue.js';
import type { Wiring } from './wiring.js';

/** Periods and their close, the wallet, splits, card payments, payouts, billing and invoices. */
export async function wireMoney(
  { app, config, db, jobs, logger, auth, mailer, rateLimits, emit }: Wiring,
  { releases, licensing }: Pick<Catalogue, 'releases' | 'licensing'>,
): Promise<void> {
  // Royalty periods and their close into the ledger (docs/decisions/0042-ledger-and-periods.md).
  const periods = createClosingPeriods({ db, jobs, config });
  await app.register(periodRoutes({ periods, auth }));
  // The account's wallet, read from the ledger.
  const wallet = createWalletService({ db, platformCurrency: config.platformCurrency });
  await app.register(walletRoutes({ wallet, auth }));
  // Royalty splits of releases (docs/decisions/0045-royalty-splits.md); the periods' close divides through them.
  const splits = createSplitsService({ db, mailer, config, emit });
  await app.register(splitRoutes({ splits, auth, rateLimits }));
  // Card payments in and saved cards (docs/decisions/0048-payments.md); main.ts works the reconciliation job.
  const payments = createPayments(config, { db, releases, licensing, logger });
  await app.register(paymentRoutes({ payments, auth }));
  // Payouts and their self-billing invoices (docs/decisions/0046-payouts.md); main.ts works their jobs.
  const payouts = createPayoutsFromConfig(config, { db, jobs, emit, ...(logger ? { logger } : {}) });
  await app.register(payoutRoutes({ payouts, auth }));
  // Payment methods and billing details (docs/decisions/0074-one-name-per-money-concept.md): a bank account is
  // registered with the payouts' provider, a card set up through the payments' provider.
  const billing = createBillingFromConfig(config, {
    db,
    jobs,
    payees: payouts.payees,
    cardSetups: payments.setups,
    ...(logger ? { logger } : {}),
  });
  await app.register(billingRoutes({ billing, holderReviews: createHolderReviews(db), auth }));
  const invoices = createInvoiceService({ db, issuer: config.payouts.invoiceIssuer });
  await app.register(invoiceRoutes({ invoices, auth }));
}
