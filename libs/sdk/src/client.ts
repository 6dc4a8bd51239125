import { createApiClient, type ApiClientRequest, type Logger } from '@tunehouse/api-client';
import { type CallOptions, type Endpoint, endpoints, requestOf } from '@tunehouse/contracts';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER, isEndpoint, isPaged, needsIdempotencyKey } from './endpoint-traits.js';
import type { OperationArgs, OperationTree, PageLike } from './operations.js';

/**
 * What the SDK retries: a rate limit (429) and an unavailable API (503), in which the API did nothing, for any
 * method; a gateway's 502 and 504 only when sending again is harmless (a GET, or a call with its Idempotency-Key).
 * No other 4xx: sending it again would get the same answer.
 */
export const SDK_RETRY_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);
/** Attempts after the first one, by default. */
export const DEFAULT_RETRIES = 2;
/** The longest the SDK waits before a retry, Retry-After included (a rate limit resets within a minute). */
export const DEFAULT_MAX_RETRY_DELAY_MS = 60_000;

const optionsSchema = z.object({
  baseUrl: z.url(),
  apiKey: z.string().regex(/^th_live_\S+$/, 'Expected an API key (th_live_…) from Account → API keys'),
  retries: z.number().int().min(0).max(10).optional(),
  maxRetryDelayMs: z.number().int().min(0).optional(),
});

export interface TunehouseOptions {
  /** Where the API answers: `https://tunehouse.example` (it may carry a path of its own). */
  baseUrl: string;
  /** The secret of an API key, `th_live_…`, sent as `Authorization: Bearer`. */
  apiKey: string;
  fetch?: typeof fetch;
  /** How many times a call is sent again after a retryable failure (default 2, so 3 attempts in all). */
  retries?: number;
  /** The longest wait between attempts, Retry-After included (default 60 s). */
  maxRetryDelayMs?: number;
  /** Warnings and invalid answers are logged here; default `console`. */
  logger?: Logger;
  /** How the SDK waits between attempts (tests record the waits instead). */
  sleep?: (ms: number) => Promise<void>;
}

/** The SDK: every endpoint of `endpoints` from @tunehouse/contracts under the same names. */
export type Tunehouse = OperationTree<typeof endpoints>;

interface Caller {
  call(
    endpoint: Endpoint,
    args: OperationArgs<Endpoint> | undefined,
    options?: CallOptions,
  ): Promise<unknown>;
}

/** The function for one endpoint, with `pages`/`items` when it pages. */
function operationFor(caller: Caller, endpoint: Endpoint): unknown {
  const operation = (args?: OperationArgs<Endpoint>, options?: CallOptions) =>
    caller.call(endpoint, args, options);
  const extras: Record<string, unknown> = { endpoint };
  if (isPaged(endpoint)) {
    async function* pages(args?: OperationArgs<Endpoint>, options?: CallOptions) {
      const query = { ...(args?.query as Record<string, unknown> | undefined) };
      let offset: number | undefined = typeof query.offset === 'number' ? query.offset : 0;
      while (offset !== undefined) {
        const page = (await caller.call(
          endpoint,
          { ...args, query: { ...query, offset } } as OperationArgs<Endpoint>,
          options,
        )) as PageLike<unknown>;
        yield page;
        // An empty page ends it too, whatever the answer says: a loop can never spin on the same offset.
        offset = page.items.length > 0 && page.nextOffset !== undefined ? page.nextOffset : undefined;
      }
    }
    async function* items(args?: OperationArgs<Endpoint>, options?: CallOptions) {
      for await (const page of pages(args, options)) yield* (page as PageLike<unknown>).items;
    }
    Object.assign(extras, { pages, items });
  }
  return Object.assign(operation, extras);
}

/** The tree of operations for a tree of endpoint groups, built from the definitions themselves. */
function treeOf(caller: Caller, group: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(group).map(([name, value]) => [
      name,
      isEndpoint(value) ? operationFor(caller, value) : treeOf(caller, value as object),
    ]),
  );
}

/**
 * A typed client of the Tunehouse API for a program holding an API key (docs/decisions/0089-typed-sdk.md):
 * `tunehouse.releases.albums.list({ query: { size: 50 } })` calls `endpoints.releases.albums.list` through the
 * same request building as the areas' `call()`, with the browser client's retries and parsing, and answers the
 * body parsed by the endpoint's zod schema. A failed call throws {@link HttpError} (status, code, field issues);
 * an answer that does not match the schema throws {@link InvalidValueError} naming the field path.
 */
export function createTunehouse(options: TunehouseOptions): Tunehouse {
  const checked = optionsSchema.parse({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    retries: options.retries,
    maxRetryDelayMs: options.maxRetryDelayMs,
  });
  const client = createApiClient({
    baseUrl: checked.baseUrl,
    accessToken: async () => checked.apiKey,
    // A key is not a session: the API asks it for no bot-check token.
    botCheck: null,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    maxAttempts: 1 + (checked.retries ?? DEFAULT_RETRIES),
    retryStatuses: SDK_RETRY_STATUSES,
    maxRetryDelayMs: checked.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS,
  });

  const caller: Caller = {
    call(endpoint, args, callOptions) {
      const { idempotencyKey, headers, ...parts } = args ?? {};
      const sent: Record<string, string> = { ...headers };
      // Made once per call, before the client's retry loop: every attempt of this call carries the same key,
      // so the API answers a retry with the first attempt's result instead of moving money twice.
      if (needsIdempotencyKey(endpoint)) sent[IDEMPOTENCY_HEADER] = idempotencyKey ?? crypto.randomUUID();
      const request = requestOf(endpoint, { ...parts, headers: sent } as never, callOptions);
      return client.request(request as ApiClientRequest<unknown>);
    },
  };
  return treeOf(caller, endpoints) as Tunehouse;
}
