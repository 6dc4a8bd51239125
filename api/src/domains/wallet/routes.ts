import { endpoints } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import type { WalletService } from './service.js';

/** The signed-in account's wallet; there is no id to ask for, so nobody can read another account's. */
export function walletRoutes({
  wallet,
  auth,
}: {
  wallet: WalletService;
  auth: AuthGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    route(endpoints.wallet.get, async (request) => ({
      status: 200,
      body: await wallet.summary(callerOf(request).user.account.id),
    }));
  };
}
