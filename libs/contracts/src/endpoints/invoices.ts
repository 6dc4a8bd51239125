/** The self-billing invoices of the signed-in account's payouts. */

import { z } from 'zod';
import { invoiceParamsSchema, invoiceSchema } from '../payouts.js';
import { endpoint, meta } from './define.js';

const payouts = /*#__PURE__*/ meta({ access: 'session', tag: 'payouts' });

export const get = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/wallet/invoices/:id',
  pathParams: invoiceParamsSchema,
  responses: { 200: invoiceSchema },
  summary: 'The self-billing invoice of one of the account’s payouts',
  metadata: payouts,
});

export const pdf = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/wallet/invoices/:id/pdf',
  pathParams: invoiceParamsSchema,
  responses: { 200: z.unknown().describe('The invoice, a PDF document') },
  summary: 'The self-billing invoice as a PDF (application/pdf, as an attachment)',
  metadata: meta({ access: 'session', tag: 'payouts', file: true, fileType: 'application/pdf' }),
});
