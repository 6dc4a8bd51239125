import { endpoints } from '@tunehouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import type { ContributorService } from './service.js';

/** Contributors of the signed-in account (an impersonation session is the impersonated user's). */
export function contributorRoutes({
  contributors,
  auth,
}: {
  contributors: ContributorService;
  auth: AuthGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    const accountOf = (request: FastifyRequest) => callerOf(request).user.account.id;
    const api = endpoints.contributors;

    route(api.list, async (request) => ({
      status: 200,
      body: await contributors.list(accountOf(request), request.query),
    }));
    route(api.get, async (request) => ({
      status: 200,
      body: await contributors.get(accountOf(request), request.params.id),
    }));
    route(api.create, async (request) => ({
      status: 201,
      body: await contributors.create(accountOf(request), request.body),
    }));
    route(api.update, async (request) => ({
      status: 200,
      body: await contributors.update(accountOf(request), request.params.id, request.body),
    }));
    route(api.remove, async (request) => {
      await contributors.remove(accountOf(request), request.params.id);
      return { status: 204, body: undefined };
    });
  };
}
