import { type BotCheckAction, botCheckChallengeSchema, endpoints, urlOf } from '@tunehouse/contracts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { buildUrl } from './query.js';

/** Gives the `x-bot-check` header value for one request of the named action (each token works once). */
export type BotCheckProvider = (action: BotCheckAction) => Promise<string>;

export interface BotCheckSolverOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  /** Give up solving after this many milliseconds (altcha-lib's default is 90 s). */
  timeoutMs?: number;
}

/** base64 of the UTF-8 bytes of `text` (what the API decodes with `Buffer.from(header, 'base64')`). */
export function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The default bot-check provider (docs/decisions/0013-bot-check.md): GET the ALTCHA challenge, solve it with
 * altcha-lib's WebCrypto SHA-256 (the same in browsers and Node), and answer base64 of JSON
 * `{ challenge, solution }`. The challenge travels back exactly as it came: its signature covers every field.
 */
export function createBotCheckSolver(options: BotCheckSolverOptions): BotCheckProvider {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return async () => {
    const response = await fetchImpl(buildUrl(options.baseUrl, urlOf(endpoints.botCheck.challenge)), {
      method: 'GET',
      credentials: 'include',
      headers: { Accept: 'application/json' },
      cache: 'no-store',
    });
    if (!response.ok) throw new Error(`Bot-check challenge answered with status ${response.status}`);
    const raw: unknown = await response.json();
    const challenge = botCheckChallengeSchema.parse(raw);
    const solution = await solveChallenge({
      challenge,
      deriveKey,
      ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
    });
    if (!solution) throw new Error('Bot-check challenge could not be solved in time');
    return toBase64(JSON.stringify({ challenge: raw, solution }));
  };
}
