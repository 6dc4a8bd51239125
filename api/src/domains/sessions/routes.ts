import { endpoints } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import type { AppConfig } from '../../platform/config.js';
import { ApiError } from '../../platform/errors.js';
import type { RateLimits } from '../../platform/rate-limits.js';
import {
  clearRefreshCookie,
  refreshOriginAllowed,
  refreshTokenOf,
  setRefreshCookie,
} from './refresh-cookie.js';
import type { SessionService } from './service.js';

type Deps = {
  sessions: SessionService;
  auth: AuthGuard;
  rateLimits: RateLimits;
  config: Pick<AppConfig, 'publicApiUrl' | 'corsOrigins'>;
};

/**
 * Signing in: login, refresh, second-step verification, destroy. Every answer that opens or rotates a session
 * hands its refresh token over as the HttpOnly cookie only (refresh-cookie.ts).
 */
export function sessionRoutes({ sessions, auth, rateLimits, config }: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    const api = endpoints.sessions;

    route(
      api.login,
      async (request, reply) => {
        const opened = await sessions.login(request.body.email, request.body.password, {
          address: request.ip,
          botCheck: request.botCheck,
        });
        setRefreshCookie(reply, config, opened.refresh);
        return { status: 201, body: opened.session };
      },
      { rateLimit: rateLimits.login },
    );
    route(
      api.refresh,
      async (request, reply) => {
        if (!refreshOriginAllowed(request, config.corsOrigins))
          throw new ApiError(403, 'FORBIDDEN', 'Sessions are refreshed from this site’s own pages only');
        const impersonation = request.body.impersonation === true;
        const opened = await sessions.refresh(refreshTokenOf(request, impersonation)).catch((error) => {
          // A refused refresh token never works again (unknown, expired, ended, or spent and now its session
          // ended): the browser forgets it rather than sending it on.
          if (error instanceof ApiError && error.code === 'REFRESH_REJECTED')
            clearRefreshCookie(reply, config, impersonation);
          throw error;
        });
        setRefreshCookie(reply, config, opened.refresh);
        return { status: 200, body: opened.session };
      },
      { rateLimit: rateLimits.refresh },
    );
    route(
      api.verify,
      async (request, reply) => {
        const opened = await sessions.verify(callerOf(request), request.body.secret, {
          address: request.ip,
        });
        setRefreshCookie(reply, config, opened.refresh);
        return { status: 200, body: opened.session };
      },
      { rateLimit: rateLimits.verify },
    );
    route(api.destroy, async (request, reply) => {
      const caller = request.auth;
      if (caller) {
        await sessions.destroy(caller);
        clearRefreshCookie(reply, config, caller.session.impersonatorId !== null);
        return { status: 204, body: undefined };
      }
      // No valid access token (it expired, or a refresh just failed): the refresh cookie names the session, so
      // signing out still ends it and the browser still forgets the cookie. The impersonation's cookie exists
      // only while an admin views the product as a user, and that is then the page's session.
      if (!refreshOriginAllowed(request, config.corsOrigins))
        throw new ApiError(403, 'FORBIDDEN', 'Sessions are ended from this site’s own pages only');
      const impersonation = refreshTokenOf(request, true) !== null;
      await sessions.destroyByRefreshToken(refreshTokenOf(request, impersonation));
      clearRefreshCookie(reply, config, impersonation);
      return { status: 204, body: undefined };
    });
  };
}
