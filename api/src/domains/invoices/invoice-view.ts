import type { Invoice } from '@tunehouse/contracts';
import { type InvoiceRecord, invoiceNumber } from './repository.js';

/**
 * Who the invoices name as the customer: the operator of this installation (OPERATOR_LEGAL_NAME, OPERATOR_ADDRESS,
 * OPERATOR_VAT_ID; docs/decisions/0062-verified-supplier-and-names.md).
 */
export type InvoiceIssuer = { name: string; addressLines: string[]; vatId: string | null };

/**
 * The wording of VAT on a self-billing invoice. The platform does not compute VAT: a supplier with a VAT id
 * accounts for any VAT due themselves (reverse charge); one without declared no VAT registration.
 */
export function vatNoteOf(vatId: string | null): string {
  return vatId
    ? `VAT: reverse charge. The supplier (VAT id ${vatId}, as declared) accounts for any VAT due.`
    : 'No VAT charged: the supplier has not declared a VAT registration.';
}

/** The invoice as the API answers it. */
export function toInvoice(record: InvoiceRecord, issuer: InvoiceIssuer): Invoice {
  return {
    id: record.id,
    number: invoiceNumber(record),
    payoutId: record.payoutId,
    issuedAt: record.issuedAt.toISOString(),
    currency: record.currency,
    supplier: record.supplier,
    customer: { name: issuer.name, addressLines: issuer.addressLines, vatId: issuer.vatId },
    lines: [
      {
        description: 'Royalties and related music income, paid out from the Tunehouse wallet',
        amount: record.total,
      },
    ],
    total: record.total,
    vatNote: vatNoteOf(record.supplier.vatId),
    cancelledAt: record.cancelledAt ? record.cancelledAt.toISOString() : null,
  };
}
