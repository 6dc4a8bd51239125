import { BOT_CHECK_CHALLENGE_PATH, botCheckChallengeSchema } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BotCheck } from '../../platform/bot-check.js';
import type { RateLimits } from '../../platform/rate-limits.js';
import { errorResponses } from '../../platform/route-schemas.js';

export function botCheckRoutes({
  botCheck,
  rateLimits,
}: {
  botCheck: BotCheck;
  rateLimits: RateLimits;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      BOT_CHECK_CHALLENGE_PATH,
      {
        config: { rateLimit: rateLimits.botCheckChallenge },
        schema: {
          tags: ['bot-check'],
          summary: 'A proof-of-work challenge (ALTCHA, SHA-256); send its solution in the x-bot-check header',
          response: { 200: botCheckChallengeSchema, ...errorResponses },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return botCheck.issue();
      },
    );
  };
}
