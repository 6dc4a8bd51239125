import { hkdfSync } from 'node:crypto';
import { BOT_CHECK_HEADER, type BotCheckChallenge, botCheckActionFor } from '@tunehouse/contracts';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { BotCheckPolicy } from './config.js';
import type { Queryable } from './db.js';
import { ENDPOINT_CONFIG_KEY } from './endpoint-routes.js';
import { ApiError } from './errors.js';

/** What the bot check concluded about a request: `missing` tightens its rate limit under the soft policy. */
export type BotCheckVerdict = 'not-required' | 'passed' | 'missing';

declare module 'fastify' {
  interface FastifyRequest {
    botCheck: BotCheckVerdict;
  }
}

/**
 * SHA-256 proof of work (toolchain.md: ~70 ms to solve; PBKDF2 took seconds). With `cost` 4 and a counter of
 * 5,000–10,000 a solution costs a browser a fraction of a second and a bot the same for every request.
 */
const ALGORITHM = 'SHA-256';
const COST = 4;
const CHALLENGE_TTL_SECONDS = 10 * 60;

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({ nonce: z.string().min(1) }).passthrough(),
    signature: z.string().optional(),
  }),
  solution: z.object({ counter: z.number().int().min(0), derivedKey: z.string().min(1) }).passthrough(),
});

/**
 * The bot-check action of the route the request was routed to, never of its raw URL: `/v1/session%73` and
 * `/v1/sessions/` reach the same route as `/v1/sessions` and are checked the same. A route registered from an
 * endpoint definition carries the action in its config (`metadata.botCheck`); any other route is matched by its
 * path pattern (`/v1/albums/:id`).
 */
function actionOf(request: FastifyRequest): string | undefined {
  const config = request.routeOptions.config as { botCheck?: unknown; [ENDPOINT_CONFIG_KEY]?: unknown };
  if (config[ENDPOINT_CONFIG_KEY] !== undefined)
    return typeof config.botCheck === 'string' ? config.botCheck : undefined;
  const route = request.routeOptions.url;
  return route === undefined ? undefined : botCheckActionFor(request.method, route);
}

export function createBotCheck({
  policy,
  hmacKey,
  db,
}: {
  policy: BotCheckPolicy;
  hmacKey: string;
  db: Queryable;
}) {
  const derive = (info: string) =>
    Buffer.from(hkdfSync('sha256', hmacKey, 'tunehouse', info, 32)).toString('hex');
  const hmacSignatureSecret = derive('altcha-challenge');
  const hmacKeySignatureSecret = derive('altcha-key');

  async function issue(): Promise<BotCheckChallenge> {
    return createChallenge({
      algorithm: ALGORITHM,
      cost: COST,
      counter: randomInt(10_000, 5_000),
      deriveKey,
      hmacSignatureSecret,
      hmacKeySignatureSecret,
      expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
    });
  }

  /** True for a correctly solved, unexpired challenge of ours that was not used before (it is used now). */
  async function redeem(header: string): Promise<boolean> {
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(header, 'base64').toString('utf8'));
    } catch {
      return false;
    }
    const parsed = payloadSchema.safeParse(decoded);
    if (!parsed.success) return false;
    const { challenge, solution } = parsed.data;
    try {
      const result = await verifySolution({
        challenge: challenge as BotCheckChallenge,
        solution,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      if (!result.verified) return false;
    } catch {
      return false;
    }
    const { rowCount } = await db.query(
      `INSERT INTO bot_check_spent (challenge_key, expires_at)
       VALUES ($1, now() + make_interval(secs => $2)) ON CONFLICT DO NOTHING`,
      [challenge.parameters.nonce, CHALLENGE_TTL_SECONDS],
    );
    return rowCount === 1;
  }

  /** Runs before the rate limits so that they can tighten for requests without a token. */
  const hook: onRequestAsyncHookHandler = async (request: FastifyRequest) => {
    request.botCheck = 'not-required';
    if (policy === 'off' || !actionOf(request)) return;
    const header = request.headers[BOT_CHECK_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) {
      if (policy === 'enforce')
        throw new ApiError(403, 'BOT_CHECK_REQUIRED', `Solve a bot check and send it in ${BOT_CHECK_HEADER}`);
      request.botCheck = 'missing';
      return;
    }
    if (token.length > 4096 || !(await redeem(token)))
      throw new ApiError(403, 'BOT_CHECK_FAILED', 'The bot check was not solved, expired or already used');
    request.botCheck = 'passed';
  };

  return { issue, redeem, hook };
}

export type BotCheck = ReturnType<typeof createBotCheck>;
