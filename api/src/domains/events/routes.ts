import { analyticsEventSchema } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuard } from '../../platform/auth-guard.js';
import type { Db } from '../../platform/db.js';
import type { RateLimits } from '../../platform/rate-limits.js';
import { errorResponses, noContent } from '../../platform/route-schemas.js';
import { insertEvent } from './repository.js';

/**
 * Spec §7: analytics events go to a local record path. Open to everyone (an error page may have no session);
 * a valid bearer token attributes the event to its user.
 */
export function eventRoutes({
  db,
  auth,
  rateLimits,
}: {
  db: Db;
  auth: AuthGuard;
  rateLimits: RateLimits;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/events',
      {
        config: { rateLimit: rateLimits.events },
        onRequest: auth.identify,
        bodyLimit: 16 * 1024,
        schema: {
          tags: ['events'],
          summary: 'Record an analytics event (page:error, login, ...)',
          body: analyticsEventSchema,
          response: { 204: noContent, ...errorResponses },
        },
      },
      async (request, reply) => {
        await insertEvent(db, {
          ...request.body,
          userId: request.auth?.user.id ?? null,
          sessionId: request.auth?.session.id ?? null,
          userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
        });
        return reply.code(204).send(null);
      },
    );
  };
}
