import { endpoints } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuard } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import type { RateLimits } from '../../platform/rate-limits.js';
import type { EventService } from './service.js';

/** An analytics record is small: a name, a path and a few properties. */
const EVENT_BODY_LIMIT = 16 * 1024;

/**
 * Analytics events. Open to everyone (an error page may have no session); a valid bearer token attributes the
 * event to its user.
 */
export function eventRoutes({
  events,
  auth,
  rateLimits,
}: {
  events: EventService;
  auth: AuthGuard;
  rateLimits: RateLimits;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    route(
      endpoints.events.record,
      async (request) => {
        await events.record(request.body, {
          userId: request.auth?.user.id ?? null,
          sessionId: request.auth?.session.id ?? null,
          userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
        });
        return { status: 204, body: undefined };
      },
      { rateLimit: rateLimits.events, bodyLimit: EVENT_BODY_LIMIT },
    );
  };
}
