import { z } from 'zod';

/**
 * The request header that carries a solved bot-check (ALTCHA) payload: base64 of
 * `{ challenge, solution }`. Any header name would do; this one is ours
 * (docs/decisions/0013-bot-check.md).
 */
export const BOT_CHECK_HEADER = 'x-bot-check';

/**
 * The POST paths that carry the bot-check header, matched on the path's end, each with the action name it is
 * checked under. Client and server read the same list.
 */
export const BOT_CHECKED_POSTS = [
  { action: 'login', pattern: /\/sessions$/ },
  { action: 'session_refresh', pattern: /\/sessions\/current\/refresh$/ },
  { action: 'signup', pattern: /\/signup$/ },
  { action: 'verify_email', pattern: /\/emails$/ },
  { action: 'verify_identity', pattern: /\/verifications$/ },
  { action: 'password_reset', pattern: /\/passwords\/new$/ },
  { action: 'create_album', pattern: /\/albums$/ },
  { action: 'publish_album', pattern: /\/publish$/ },
  { action: 'update_album', pattern: /\/albums\/[^/]+$/ },
  { action: 'request_payout', pattern: /\/payouts$/ },
] as const;
export type BotCheckAction = (typeof BOT_CHECKED_POSTS)[number]['action'];

/** The spec's action name when a request must carry the bot-check header, otherwise undefined. */
export function botCheckActionFor(method: string, path: string): BotCheckAction | undefined {
  if (method.toUpperCase() !== 'POST') return undefined;
  const pathname = path.split(/[?#]/, 1)[0]?.replace(/\/+$/, '') ?? '';
  return BOT_CHECKED_POSTS.find(({ pattern }) => pattern.test(pathname))?.action;
}

/** An ALTCHA v2 challenge (what `altcha-lib`'s `solveChallenge` takes). */
export const botCheckChallengeSchema = /*#__PURE__*/ z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});
export type BotCheckChallenge = z.infer<typeof botCheckChallengeSchema>;
