import { walletSchema } from '../wallet.js';
import { endpointGroup, meta } from './define.js';

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
    metadata: meta({ access: 'session', tag: 'wallet' }),
  },
});
