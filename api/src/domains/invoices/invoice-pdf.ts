import { formatMoney, type Invoice } from '@tunehouse/contracts';
import { pdfText } from '../../platform/pdf-text.js';
import { pdfDocument } from '../../platform/pdf-document.js';

/** A calendar day in UTC, written out: `25 November 2026`. */
function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** `invoice-2026-000042.pdf`. */
export function invoiceFileName(invoice: Pick<Invoice, 'number'>): string {
  return `invoice-${invoice.number}.pdf`;
}

/**
 * The self-billing invoice as a one-page PDF (standard Helvetica, nothing embedded: see platform/pdf-text.ts):
 * supplier and customer, number and date, the line, the total, the VAT wording and the self-billing statement.
 */
export function renderInvoicePdf(
  invoice: Invoice,
  { compress = true }: { compress?: boolean } = {},
): Promise<Buffer> {
  const { doc, done } = pdfDocument({
    size: 'A4',
    margin: 56,
    compress,
    info: {
      Title: `Invoice ${invoice.number}`,
      Author: invoice.customer.name,
      Subject: 'Self-billing invoice',
    },
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const text = (value: string) => doc.text(pdfText(value), { width });

  doc.font('Helvetica-Bold').fontSize(18);
  text(`Self-billing invoice ${invoice.number}`);
  doc.font('Helvetica').fontSize(10).fillColor('#555555');
  text(`Issued ${formatDay(invoice.issuedAt)} by the customer on behalf of the supplier`);
  if (invoice.cancelledAt) {
    doc.moveDown(0.4).font('Helvetica-Bold').fillColor('#b00020');
    text(`CANCELLED on ${formatDay(invoice.cancelledAt)}: the payout did not reach the supplier`);
  }
  doc.fillColor('#000000').moveDown(1);

  const { supplier, customer } = invoice;
  const top = doc.y;
  const column = (x: number, heading: string, lines: string[]) => {
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor('#555555')
      .text(heading, x, top, { width: width / 2 - 8 });
    doc.font('Helvetica').fontSize(10).fillColor('#000000');
    for (const line of lines) doc.text(pdfText(line), x, doc.y, { width: width / 2 - 8 });
    return doc.y;
  };
  // The supplier's legal name is the verified one; the trading name, business address and VAT id are as declared.
  const supplierEnd = column(left, 'SUPPLIER', [
    supplier.legalName,
    ...(supplier.tradingName ? [`trading as ${supplier.tradingName}`] : []),
    `Business address: ${supplier.addressLine}`,
    [supplier.postalCode, supplier.city].filter(Boolean).join(' '),
    supplier.country,
    ...(supplier.vatId ? [`VAT id ${supplier.vatId} (as declared)`] : []),
  ]);
  const customerEnd = column(left + width / 2, 'CUSTOMER', [
    customer.name,
    ...customer.addressLines,
    ...(customer.vatId ? [`VAT id ${customer.vatId}`] : []),
  ]);
  doc.x = left;
  doc.y = Math.max(supplierEnd, customerEnd) + 20;

  for (const line of invoice.lines) {
    const y = doc.y;
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(pdfText(line.description), left, y, { width: width - 120 });
    const after = doc.y;
    doc.text(formatMoney(line.amount, invoice.currency), left + width - 110, y, {
      width: 110,
      align: 'right',
    });
    doc.y = Math.max(after, doc.y) + 6;
  }
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .strokeColor('#999999')
    .stroke();
  doc.moveDown(0.5);
  const y = doc.y;
  doc.font('Helvetica-Bold').text('Total', left, y, { width: width - 120 });
  doc.text(formatMoney(invoice.total, invoice.currency), left + width - 110, y, {
    width: 110,
    align: 'right',
  });
  doc.x = left;
  doc.moveDown(1.5).font('Helvetica').fontSize(9).fillColor('#333333');
  text(invoice.vatNote);
  doc.moveDown(0.5);
  text(
    `This invoice was issued by ${customer.name} under a self-billing arrangement with the supplier, for the ` +
      `payout ${invoice.payoutId}.`,
  );
  doc.end();
  return done;
}
