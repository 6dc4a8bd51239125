/**
 * Invoices: the self-billing invoice of each payout, numbered without gaps within a year, as JSON and as a PDF.
 *
 * Exports: for the payouts domain, `issueInvoice(tx, …)` (inside the payout's transaction: it takes the year's
 * next number under the counter row's lock) and `cancelInvoiceOfPayout(tx, payoutId)`; for app.ts,
 * `createInvoiceService({ db, issuer })` and `invoiceRoutes` (GET /v1/wallet/invoices/:id and …/pdf).
 */
export { type InvoiceIssuer } from './invoice-view.js';
export { cancelInvoiceOfPayout, issueInvoice, invoiceNumber } from './repository.js';
export { invoiceRoutes } from './routes.js';
export { createInvoiceService, type InvoiceService } from './service.js';
