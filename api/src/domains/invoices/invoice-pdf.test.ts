import type { Invoice } from '@tunehouse/contracts';
import { describe, expect, it } from 'vitest';
import { textOfPdf } from '../../testing/pdf-text.js';
import { formatMoney } from '@tunehouse/contracts';
import { invoiceFileName, renderInvoicePdf } from './invoice-pdf.js';

const INVOICE: Invoice = {
  id: '22222222-2222-4222-8222-222222222222',
  number: '2026-000042',
  payoutId: '33333333-3333-4333-8333-333333333333',
  issuedAt: '2026-11-20T10:00:00.000Z',
  currency: 'EUR',
  supplier: {
    legalName: 'Mara Lindqvist',
    tradingName: null,
    addressLine: 'Södra Förstadsgatan 1',
    postalCode: '211 43',
    city: 'Malmö',
    country: 'SE',
    vatId: 'SE556677889901',
  },
  customer: { name: 'Tunehouse', addressLines: ['Main street 1', '1000 Brussels'], vatId: null },
  lines: [{ description: 'Royalties paid out', amount: 123_456 }],
  total: 123_456,
  vatNote: 'VAT: reverse charge. The supplier (VAT id SE556677889901) accounts for any VAT due.',
  cancelledAt: null,
};

describe('invoice PDF', () => {
  it('shows the number, both parties, the amount, the VAT wording and the self-billing statement', async () => {
    const text = textOfPdf(await renderInvoicePdf(INVOICE));
    for (const expected of [
      'Self-billing invoice 2026-000042',
      'Mara Lindqvist',
      'Södra Förstadsgatan 1',
      '211 43 Malmö',
      'VAT id SE556677889901',
      '1000 Brussels',
      '1,234.56', // after the euro sign, which Windows-1252 writes as 0x80
      'reverse charge',
      'self-billing arrangement',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('CANCELLED');
  });

  it('says so on a cancelled invoice', async () => {
    const text = textOfPdf(await renderInvoicePdf({ ...INVOICE, cancelledAt: '2026-11-21T08:00:00.000Z' }));
    expect(text).toContain('CANCELLED on 21 November 2026');
  });

  it('names the file by the invoice number and writes money in the invoice currency', () => {
    expect(invoiceFileName(INVOICE)).toBe('invoice-2026-000042.pdf');
    expect(formatMoney(5, 'EUR')).toBe('€0.05');
  });
});
