import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from './db.js';
import { type MetricsPort, noMetrics } from './metrics.js';
import { ApiError } from './errors.js';
import { postgresRateLimitStore } from './rate-limit-store.js';

type Limit = { max: number; perSeconds: number; withoutBotCheck?: number };

/**
 * Per-address limits (docs/decisions/0014-rate-limits.md). `withoutBotCheck` is the tighter ceiling for a
 * request on a bot-checked path that came without a token under the soft policy; both share one counter.
 */
const LIMITS = {
  login: { max: 20, perSeconds: 60, withoutBotCheck: 5 },
  refresh: { max: 60, perSeconds: 60, withoutBotCheck: 20 },
  verify: { max: 20, perSeconds: 60 },
  signup: { max: 10, perSeconds: 3600, withoutBotCheck: 3 },
  emailActivation: { max: 20, perSeconds: 3600, withoutBotCheck: 5 },
  passwordResetLink: { max: 5, perSeconds: 900, withoutBotCheck: 2 },
  passwordReset: { max: 10, perSeconds: 900 },
  events: { max: 300, perSeconds: 60 },
  botCheckChallenge: { max: 120, perSeconds: 60 },
  // The opt-out link of invite mails: a person clicks it once or twice; the token is unguessable anyway.
  inviteOptOut: { max: 20, perSeconds: 3600 },
} satisfies Record<string, Limit>;

export type RateLimitName = keyof typeof LIMITS;
export type RateLimits = Record<RateLimitName, RateLimitOptions>;

/** The limits, counted in PostgreSQL so that they hold across every API process on the database. */
export async function registerRateLimits(
  app: FastifyInstance,
  factor: number,
  db: Db,
  metrics: MetricsPort = noMetrics,
): Promise<RateLimits> {
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(db),
    addHeaders: {
      'x-ratelimit-limit': true,
      'x-ratelimit-remaining': true,
      'x-ratelimit-reset': true,
      'retry-after': true,
    },
    errorResponseBuilder: (request, context) => {
      metrics.rateLimited(request.routeOptions.url ?? 'unmatched');
      return new ApiError(
        429,
        'RATE_LIMITED',
        `Too many requests; try again in ${context.after}`,
        undefined,
        context.ttl / 1000,
      );
    },
  });
  const scale = (n: number) => Math.max(1, Math.floor(n * factor));
  const options = (limit: Limit): RateLimitOptions => ({
    timeWindow: limit.perSeconds * 1000,
    max:
      limit.withoutBotCheck === undefined
        ? scale(limit.max)
        : (request: FastifyRequest) =>
            request.botCheck === 'missing' ? scale(limit.withoutBotCheck!) : scale(limit.max),
  });
  return Object.fromEntries(
    Object.entries(LIMITS).map(([name, limit]) => [name, options(limit)]),
  ) as RateLimits;
}
