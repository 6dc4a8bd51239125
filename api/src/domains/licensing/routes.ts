import { endpoints } from '@tunehouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import { publicOrigin } from '../media/index.js';
import type { LicensingService } from './service.js';

/** The reporting calls (standard plan, licenses, distribution fees) and GET /v1/albums/{id}/distribution-fee, for the signed-in account. */
export function licensingRoutes({
  licensing,
  auth,
}: {
  licensing: LicensingService;
  auth: AuthGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    const accountOf = (request: FastifyRequest) => callerOf(request).user.account.id;
    const api = endpoints.licensing;

    route(api.standardPlan, async () => ({ status: 200, body: licensing.standardPlan() }));
    route(api.plans, async (request) => ({
      status: 200,
      body: await licensing.planChoices(accountOf(request)),
    }));
    route(api.licenses, async (request) => ({
      status: 200,
      body: await licensing.licences(accountOf(request), request.query, publicOrigin(request)),
    }));
    route(api.licenseSuggestion, async (request) => ({
      status: 200,
      body: await licensing.suggestion(accountOf(request), String(request.body.albumId)),
    }));
    route(api.distributionFees, async (request) => ({
      status: 200,
      body: await licensing.fees(accountOf(request), request.query, publicOrigin(request)),
    }));
    route(api.feeCollections, async (request) => ({
      status: 200,
      body: await licensing.feeCollections(accountOf(request), String(request.params.id)),
    }));
    route(api.albumFee, async (request) => {
      const fee = await licensing.albumDistributionFee(accountOf(request), request.params.id);
      return fee ? { status: 200, body: fee } : { status: 204, body: undefined };
    });
  };
}
