import { endpoints } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import type { WalletService } from './service.js';

/**
 * The signed-in account's wallet, its mutations and its period statements: every read is of the caller's own
 * account, so nobody can read another account's.
 */
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
    route(endpoints.wallet.mutations, async (request) => ({
      status: 200,
      body: await wallet.mutations(callerOf(request).user.account.id, request.query),
    }));
    route(endpoints.wallet.statement, async (request) => ({
      status: 200,
      body: await wallet.statement(callerOf(request).user.account.id, request.params.id, request.query),
    }));
  };
}
