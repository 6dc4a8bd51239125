import { periodParamsSchema } from '../periods.js';
import {
  walletMutationPageSchema,
  walletMutationQuerySchema,
  walletSchema,
  walletStatementQuerySchema,
  walletStatementSchema,
} from '../wallet.js';
import { endpointGroup, meta } from './define.js';

const signedIn = meta({ access: 'session', tag: 'wallet' });

/** The signed-in account's wallet (an impersonation session reads the impersonated user's). */
export const walletEndpoints = endpointGroup({
  get: {
    method: 'GET',
    path: '/v1/wallet',
    responses: { 200: walletSchema },
    summary: 'The account’s balance, held amounts and lifetime earnings',
    description:
      'Amounts in cents of the platform currency. `held` is money that is the account’s but not yet available: ' +
      'split income waiting for acceptance and payouts in flight. `lifetimeEarnings` is what period closes have ' +
      'credited to the wallet, ever.',
    metadata: signedIn,
  },
  mutations: {
    method: 'GET',
    path: '/v2/wallet/mutations',
    query: walletMutationQuerySchema,
    responses: { 200: walletMutationPageSchema },
    summary: 'The wallet’s ledger mutations, newest first, paged; filters `type`, `from` and `to`',
    description:
      'Amounts in cents, signed (negative leaves the wallet); `balanceAfter` is the balance right after the ' +
      'mutation, whatever the filters. `from` and `to` are UTC calendar days, both included.',
    metadata: signedIn,
  },
  statement: {
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
  },
});
