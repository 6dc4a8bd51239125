/** The signed-in account's wallet (an impersonation session reads the impersonated user's). */

import { z } from 'zod';
import { periodParamsSchema } from '../periods.js';
import {
  walletEarningsSchema,
  walletMutationFilterSchema,
  walletMutationPageSchema,
  walletMutationQuerySchema,
  walletSchema,
  walletStatementExportQuerySchema,
  walletStatementQuerySchema,
  walletStatementSchema,
} from '../wallet.js';
import { endpoint, meta } from './define.js';

const signedIn = /*#__PURE__*/ meta({ access: 'session', tag: 'wallet' });

export const get = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/wallet',
  responses: { 200: walletSchema },
  summary: 'The account’s balance, held amounts and lifetime earnings',
  description:
    'Amounts in cents of the platform currency. `held` is money that is the account’s but not yet available: ' +
    'split income waiting for acceptance and payouts in flight. `lifetimeEarnings` is what period closes have ' +
    'credited to the wallet, ever.',
  metadata: signedIn,
});

export const earnings = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/wallet/earnings',
  responses: { 200: walletEarningsSchema },
  summary: 'What each of the last 12 closed periods credited the wallet, oldest first',
  description:
    'One entry per closed period, months without earnings included: `credited` in cents and `streams`, the ' +
    'same figures as the totals of that period’s statement.',
  metadata: signedIn,
});

export const mutations = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v2/wallet/mutations',
  query: walletMutationQuerySchema,
  responses: { 200: walletMutationPageSchema },
  summary: 'The wallet’s ledger mutations, newest first, paged; filters `type`, `from` and `to`',
  description:
    'Amounts in cents, signed (negative leaves the wallet); `balanceAfter` is the balance right after the ' +
    'mutation, whatever the filters. `from` and `to` are UTC calendar days, both included.',
  metadata: signedIn,
});

export const mutationsExport = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v2/wallet/mutations/export',
  query: walletMutationFilterSchema,
  responses: { 200: z.unknown().describe('The mutations, a CSV file') },
  summary: 'Every wallet mutation the filters keep, newest first, as a CSV attachment',
  description:
    'The filters of GET /v2/wallet/mutations, all pages. UTF-8 CSV (RFC 4180) with a header row: date (ISO ' +
    '8601, UTC), type, amount and balance after (decimals of the platform currency, a dot before the cents), ' +
    'period month, release title and split id. Text starting with = + - or @ is written after an apostrophe, ' +
    'so spreadsheets do not run it.',
  metadata: meta({ access: 'session', tag: 'wallet', file: true, fileType: 'text/csv' }),
});

export const statement = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/wallet/periods/:id',
  pathParams: periodParamsSchema,
  query: walletStatementQuerySchema,
  responses: { 200: walletStatementSchema },
  summary: 'The account’s statement of one closed period, by platform, territory, track or release',
  description:
    'Streams, revenue, fee collected and commission in micro-units of the platform currency; `credited` in ' +
    'cents. The totals are the exact sum of the rows. 404 while the period is not closed.',
  metadata: signedIn,
});

export const statementExport = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/wallet/periods/:id/export',
  pathParams: periodParamsSchema,
  query: walletStatementExportQuerySchema,
  responses: { 200: z.unknown().describe('The statement, a CSV or PDF file') },
  summary: 'The statement of one closed period as a CSV or PDF attachment (`format=csv|pdf`)',
  description:
    'The rows and totals of GET /v1/wallet/periods/{id} in the same bucket. CSV: a header row, one line per ' +
    'row and a Total line; money in decimals of the platform currency (revenue, fee and commission to the ' +
    'micro-unit, credited to the cent). PDF: the account, month and currency, the table and its totals. 404 ' +
    'while the period is not closed.',
  metadata: meta({
    access: 'session',
    tag: 'wallet',
    file: true,
    fileType: ['text/csv', 'application/pdf'],
  }),
});
