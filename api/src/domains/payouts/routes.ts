import { endpoints } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import { idempotencyKeyOf } from '../../platform/idempotency-key.js';
import type { PayoutService } from './service.js';

/**
 * The caller's payouts: every read and change is of the caller's own account (another account's payout is a 404).
 * Where they go and whom they are invoiced to: the billing domain.
 */
export function payoutRoutes({
  payouts,
  auth,
}: {
  payouts: PayoutService;
  auth: AuthGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    const api = endpoints.payouts;
    const accountOf = (request: Parameters<typeof callerOf>[0]) => callerOf(request).user.account.id;

    route(api.eligibility, async (request) => ({
      status: 200,
      body: await payouts.eligibility(callerOf(request)),
    }));
    route(api.request, async (request) => {
      return {
        status: 201,
        body: await payouts.request(
          callerOf(request),
          idempotencyKeyOf(request.headers),
          request.body,
          request.ip,
        ),
      };
    });
    route(api.list, async (request) => ({
      status: 200,
      body: await payouts.list(accountOf(request), request.query),
    }));
    route(api.get, async (request) => ({
      status: 200,
      body: await payouts.get(accountOf(request), request.params.id),
    }));
    route(api.simulateOutcome, async (request) => ({
      status: 200,
      body: await payouts.simulateOutcome(accountOf(request), request.params.id, request.body),
    }));
  };
}
