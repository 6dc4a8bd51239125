import { endpoints } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import type { AppConfig } from '../../platform/config.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import { setRefreshCookie } from '../sessions/index.js';
import type { AdminService } from './service.js';

/** Admin-only: list users, impersonate, suspend and unsuspend. Impersonation sessions are not admins. */
export function adminRoutes({
  admin,
  auth,
  config,
}: {
  admin: AdminService;
  auth: AuthGuard;
  config: Pick<AppConfig, 'publicApiUrl'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    const api = endpoints.admin;

    route(api.users, async (request) => ({ status: 200, body: await admin.list(request.query) }));
    route(api.impersonations, async (request) => ({
      status: 200,
      body: await admin.impersonationAudit(request.query),
    }));
    route(api.impersonate, async (request, reply) => {
      const opened = await admin.impersonate(callerOf(request), request.body.userId);
      // The impersonation's refresh token gets a cookie of its own: the admin's stays for 'Back to admin'.
      setRefreshCookie(reply, config, opened.refresh);
      return { status: 201, body: opened.session };
    });
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
