import { endpoints } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuard } from '../../platform/auth-guard.js';
import type { BotCheck } from '../../platform/bot-check.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import type { RateLimits } from '../../platform/rate-limits.js';

/** Hands out proof-of-work challenges; each is solved once and spent by the request that carries it. */
export function botCheckRoutes({
  botCheck,
  auth,
  rateLimits,
}: {
  botCheck: BotCheck;
  auth: AuthGuard;
  rateLimits: RateLimits;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    route(
      endpoints.botCheck.challenge,
      async (_request, reply) => {
        // Every challenge is single-use: a cached one would be refused as already spent.
        reply.header('cache-control', 'no-store');
        return { status: 200, body: await botCheck.issue() };
      },
      { rateLimit: rateLimits.botCheckChallenge },
    );
  };
}
