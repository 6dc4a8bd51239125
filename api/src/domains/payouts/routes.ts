import { endpoints } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import { idempotencyKeyOf } from '../../platform/idempotency-key.js';
import type { HolderReviews } from './holder-review.js';
import type { PayoutService } from './service.js';

/**
 * The caller's payout methods, billing details and payouts: every read and change is of the caller's own account
 * (another account's method or payout is a 404).
 */
export function payoutRoutes({
  payouts,
  holderReviews,
  auth,
}: {
  payouts: PayoutService;
  holderReviews: HolderReviews;
  auth: AuthGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    const api = endpoints.payouts;
    const accountOf = (request: Parameters<typeof callerOf>[0]) => callerOf(request).user.account.id;

    route(api.methods, async (request) => ({
      status: 200,
      body: { items: await payouts.methods(accountOf(request)) },
    }));
    route(api.addMethod, async (request) => ({
      status: 201,
      body: await payouts.addMethod(callerOf(request), request.body, request.ip),
    }));
    route(api.deleteMethod, async (request) => {
      await payouts.deleteMethod(accountOf(request), request.params.id);
      return { status: 204, body: undefined };
    });
    route(api.billingDetails, async (request) => ({
      status: 200,
      body: await payouts.billingDetails(accountOf(request)),
    }));
    route(api.setBillingDetails, async (request) => ({
      status: 200,
      body: await payouts.setBillingDetails(accountOf(request), request.body),
    }));
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

    // The administrators' review of bank account holders (docs/decisions/0062-verified-supplier-and-names.md); `access: 'admin'` in the contract.
    const review = endpoints.adminPaymentMethods;
    route(review.queue, async (request) => ({ status: 200, body: await holderReviews.queue(request.query) }));
    route(review.approve, async (request) => ({
      status: 200,
      body: await holderReviews.approve(request.params.id, callerOf(request).user.id),
    }));
    route(review.reject, async (request) => ({
      status: 200,
      body: await holderReviews.reject(request.params.id, callerOf(request).user.id),
    }));
  };
}
