import { endpoints } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import type { ApiKeyService } from './service.js';

/** The account's keys and the administrators' view of all (docs/decisions/0087-api-keys-and-scopes.md). */
export function apiKeyRoutes({
  keys,
  auth,
}: {
  keys: ApiKeyService;
  auth: AuthGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    route(endpoints.apiKeys.list, async (request) => ({
      status: 200,
      body: { items: await keys.list(callerOf(request)) },
    }));
    route(endpoints.apiKeys.create, async (request) => ({
      status: 201,
      body: await keys.create(callerOf(request), request.body, request.ip),
    }));
    route(endpoints.apiKeys.revoke, async (request) => {
      await keys.revoke(callerOf(request), request.params.id);
      return { status: 204, body: undefined };
    });
    route(endpoints.apiKeys.adminList, async () => ({
      status: 200,
      body: { items: await keys.adminList() },
    }));
    route(endpoints.apiKeys.adminRevoke, async (request) => {
      await keys.adminRevoke(callerOf(request), request.params.id);
      return { status: 204, body: undefined };
    });
  };
}
