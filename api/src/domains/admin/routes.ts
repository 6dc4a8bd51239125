import { endpoints } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import type { AdminService } from './service.js';

/** Admin-only: list users, impersonate, suspend and unsuspend. Impersonation sessions are not admins. */
export function adminRoutes({
  admin,
  auth,
}: {
  admin: AdminService;
  auth: AuthGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    const api = endpoints.admin;

    route(api.users, async (request) => ({ status: 200, body: await admin.list(request.query) }));
    route(api.impersonations, async (request) => ({
      status: 200,
      body: await admin.impersonationAudit(request.query),
    }));
    route(api.impersonate, async (request) => ({
      status: 201,
      body: await admin.impersonate(callerOf(request), request.body.userId),
    }));
    route(api.suspend, async (request) => ({
      status: 200,
      body: await admin.suspend(request.params.id, true),
    }));
    route(api.unsuspend, async (request) => ({
      status: 200,
      body: await admin.suspend(request.params.id, false),
    }));
  };
}
