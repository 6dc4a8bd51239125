/** Royalty periods: list, read, exchange rates, close preview and close (admins only). */

import { idempotencyKeyHeadersSchema } from '../requests/common.js';
import {
  adminPeriodDetailSchema,
  adminPeriodListSchema,
  adminPeriodSchema,
  periodClosePreviewSchema,
  periodParamsSchema,
  periodRateBodySchema,
  periodRateParamsSchema,
  rateTableBodySchema,
  rateTablePlanSchema,
} from '../periods.js';
import { endpoint, meta, noBody } from './define.js';

const adminOnly = /*#__PURE__*/ meta({ access: 'admin', tag: 'admin' });

export const list = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/admin/periods',
  responses: { 200: adminPeriodListSchema },
  summary: 'Royalty periods, newest month first, with their revenue, missing rates and totals once closed',
  metadata: adminOnly,
});

export const get = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/admin/periods/:id',
  pathParams: periodParamsSchema,
  responses: { 200: adminPeriodDetailSchema },
  summary: 'One period with its report files and totals (micro-units; cents as the ledger moved them)',
  metadata: adminOnly,
});

export const setRate = /*#__PURE__*/ endpoint({
  method: 'PUT',
  path: '/v1/admin/periods/:id/rates/:currency',
  pathParams: periodRateParamsSchema,
  body: periodRateBodySchema,
  responses: { 200: adminPeriodSchema },
  summary:
    'Set the period’s exchange rate of a report currency into the platform currency (parts per billion)',
  description: 'Refused (409) once the period is closed or closing.',
  metadata: adminOnly,
});

export const previewRateTable = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/admin/rate-tables/preview',
  body: rateTableBodySchema,
  responses: { 200: rateTablePlanSchema },
  summary: 'Read a reference-rate table (ECB CSV) and show the rates it would set in each open period',
  description:
    'Nothing is written. A table that cannot be read is refused (400) with its line and column named; one over ' +
    '4 MB is refused (413).',
  metadata: adminOnly,
});

export const applyRateTable = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/admin/rate-tables',
  body: rateTableBodySchema,
  responses: { 200: rateTablePlanSchema },
  summary: 'Set the open periods’ exchange rates from a reference-rate table (ECB CSV)',
  description:
    'Sets, in every open period, the rate of each report currency its lines use, as the preview showed; a ' +
    'currency the table lacks stays as it was (the close is refused while it has no rate). Closed and closing ' +
    'periods are untouched.',
  metadata: adminOnly,
});

export const closePreview = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/admin/periods/:id/close-preview',
  pathParams: periodParamsSchema,
  body: noBody,
  responses: { 200: periodClosePreviewSchema },
  summary: 'What closing the period now would allocate, without writing anything',
  metadata: adminOnly,
});

export const close = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/admin/periods/:id/close',
  pathParams: periodParamsSchema,
  headers: idempotencyKeyHeadersSchema,
  body: noBody,
  responses: { 202: adminPeriodSchema },
  summary: 'Start closing the period: a job allocates its revenue and credits the wallets in one transaction',
  description:
    'Needs an Idempotency-Key header: asking again with the same key answers the same close. Refused (409) ' +
    'while a report currency lacks a rate, naming it, and once the period was closed under another key; ' +
    'refused (409 PERIOD_NOT_ENDED) before the period’s closableFrom day: the month must have ended and the ' +
    'grace days for late platform reports passed.',
  metadata: adminOnly,
});
