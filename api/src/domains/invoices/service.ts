import type { Invoice } from '@tunehouse/contracts';
import type { Db } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { renderInvoicePdf, invoiceFileName } from './invoice-pdf.js';
import { type InvoiceIssuer, toInvoice } from './invoice-view.js';
import { findInvoice } from './repository.js';

export type InvoiceService = {
  /** One of the account's invoices; 404 for another account's. */
  get(accountId: string, id: string): Promise<Invoice>;
  pdf(accountId: string, id: string): Promise<{ pdf: Buffer; fileName: string }>;
};

export function createInvoiceService({ db, issuer }: { db: Db; issuer: InvoiceIssuer }): InvoiceService {
  async function get(accountId: string, id: string): Promise<Invoice> {
    const record = await findInvoice(db, accountId, id);
    if (!record) throw new ApiError(404, 'NOT_FOUND', `No invoice ${id}`);
    return toInvoice(record, issuer);
  }
  return {
    get,
    async pdf(accountId, id) {
      const invoice = await get(accountId, id);
      return { pdf: await renderInvoicePdf(invoice), fileName: invoiceFileName(invoice) };
    },
  };
}
