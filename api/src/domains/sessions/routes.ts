import { endpoints } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import type { RateLimits } from '../../platform/rate-limits.js';
import type { SessionService } from './service.js';

type Deps = { sessions: SessionService; auth: AuthGuard; rateLimits: RateLimits };

/** Signing in: login, refresh, second-step verification, destroy. */
export function sessionRoutes({ sessions, auth, rateLimits }: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    const api = endpoints.sessions;

    route(
      api.login,
      async (request) => ({
        status: 201,
        body: await sessions.login(request.body.email, request.body.password, {
          address: request.ip,
          botCheck: request.botCheck,
        }),
      }),
      { rateLimit: rateLimits.login },
    );
    route(
      api.refresh,
      async (request) => ({ status: 200, body: await sessions.refresh(request.body.refreshToken) }),
      {
        rateLimit: rateLimits.refresh,
      },
    );
    route(
      api.verify,
      async (request) => ({
        status: 200,
        body: await sessions.verify(callerOf(request), request.body.secret, { address: request.ip }),
      }),
      { rateLimit: rateLimits.verify },
    );
    route(api.destroy, async (request) => {
      await sessions.destroy(callerOf(request));
      return { status: 204, body: undefined };
    });
  };
}
