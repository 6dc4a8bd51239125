import { endpoints } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import type { HolderReviews } from './holder-review.js';
import type { BillingService } from './service.js';

/**
 * The caller's payment methods and billing details: every read and change is of the caller's own account (another
 * account's method is a 404). And the administrators' review of bank account holders.
 */
export function billingRoutes({
  billing,
  holderReviews,
  auth,
}: {
  billing: BillingService;
  holderReviews: HolderReviews;
  auth: AuthGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    const api = endpoints.billing;
    const accountOf = (request: Parameters<typeof callerOf>[0]) => callerOf(request).user.account.id;

    route(api.methods, async (request) => ({
      status: 200,
      body: { items: await billing.methods(accountOf(request)) },
    }));
    route(api.addMethod, async (request) => ({
      status: 201,
      body: await billing.addMethod(callerOf(request), request.body, request.ip),
    }));
    route(api.deleteMethod, async (request) => {
      await billing.deleteMethod(accountOf(request), request.params.id);
      return { status: 204, body: undefined };
    });
    route(api.billingDetails, async (request) => ({
      status: 200,
      body: await billing.billingDetails(accountOf(request)),
    }));
    route(api.setBillingDetails, async (request) => ({
      status: 200,
      body: await billing.setBillingDetails(accountOf(request), request.body),
    }));

    // The administrators' review of bank account holders (docs/decisions/0062-verified-supplier-and-names.md); `access: 'admin'` in the contract.
    route(api.holderQueue, async (request) => ({
      status: 200,
      body: await holderReviews.queue(request.query),
    }));
    route(api.approveHolder, async (request) => ({
      status: 200,
      body: await holderReviews.approve(request.params.id, callerOf(request).user.id),
    }));
    route(api.rejectHolder, async (request) => ({
      status: 200,
      body: await holderReviews.reject(request.params.id, callerOf(request).user.id),
    }));
  };
}
