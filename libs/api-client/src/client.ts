import {
  apiErrorBodySchema,
  BOT_CHECK_HEADER,
  botCheckActionFor,
  type FieldIssue,
} from '@tunehouse/contracts';
import type { ApiPort, ApiRequest } from '@tunehouse/shell-contract';
import { type BotCheckProvider, createBotCheckSolver } from './bot-check.js';
import {
  HttpError,
  InvalidResponseStatusError,
  InvalidValueError,
  NetworkError,
  type RequestInfo,
  ResponseParseError,
} from './errors.js';
import { buildUrl } from './query.js';
import { xhrFetch } from './xhr-fetch.js';

export interface Logger {
  warn(message: string, context?: unknown): void;
  error(message: string, context?: unknown): void;
}

/** Statuses worth another attempt (locked, bad gateway, unavailable, gateway timeout). */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([423, 502, 503, 504]);
/**
 * Of those, the answers in which the API itself says it did nothing (locked, unavailable): any method may be sent
 * again. A 502 or 504 comes from a gateway, and the server behind it may have acted (decision 0066).
 */
const NOTHING_DONE_STATUSES: ReadonlySet<number> = new Set([423, 429, 503]);
/**
 * 3 attempts in all (the first and two retries), as the product spec says. This client is the only layer that retries: the shell's
 * query client does not (decision 0066), so a failing query makes at most these many requests.
 */
export const MAX_ATTEMPTS = 3;
/** The header that makes a POST or PATCH safe to send again: the API answers a repeat with the first answer. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** No wait between attempts is ever longer than this, Retry-After included. */
export const MAX_RETRY_DELAY_MS = 5000;
export const DEFAULT_BASE_DELAY_MS = 500;
/** Methods that may be sent again after a network failure: the server cannot have acted twice on them. */
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** An {@link ApiRequest} plus what only this client understands. */
export interface ApiClientRequest<T> extends ApiRequest<T> {
  /**
   * `false`: do not ask `accessToken` for a bearer token. The session library sets it on its own calls (login,
   * refresh, ...) so that fetching a token never waits on itself.
   */
  auth?: boolean;
}

export interface ApiClient extends ApiPort {
  request<T = unknown>(request: ApiClientRequest<T>): Promise<T>;
}

export interface ApiClientOptions {
  /** The API base URL; may carry a path of its own (`https://example.org/api`). */
  baseUrl: string;
  /** Called before every attempt; a token is sent as `Authorization: Bearer …`. */
  accessToken?: () => Promise<string | null>;
  /**
   * Gives the bot-check header for the POSTs that need one. Default: {@link createBotCheckSolver};
   * `null` sends none.
   */
  botCheck?: BotCheckProvider | null;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** In [0, 1): the jitter of the backoff. */
  random?: () => number;
  logger?: Logger;
  /** The backoff ceiling of the first retry; it doubles per retry up to {@link MAX_RETRY_DELAY_MS}. */
  baseDelayMs?: number;
  maxAttempts?: number;
  /**
   * The statuses worth another attempt; default {@link RETRY_STATUSES}. The SDK adds 429 (a program waits out
   * its key's rate limit) and drops 423; the browser client does not retry a 429, which a person reads instead.
   */
  retryStatuses?: ReadonlySet<number>;
  /** The longest wait between attempts, Retry-After included; default {@link MAX_RETRY_DELAY_MS}. */
  maxRetryDelayMs?: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Full-jitter backoff: `random() * min(5000, base * 2^retry)`, retry counted from 0 for the first retry. A
 * Retry-After the server sent replaces it, capped at 5000 ms as well.
 */
export function backoffDelay(
  retry: number,
  options: {
    random: () => number;
    baseDelayMs: number;
    retryAfterMs?: number | undefined;
    maxDelayMs?: number | undefined;
  },
): number {
  const maxDelayMs = options.maxDelayMs ?? MAX_RETRY_DELAY_MS;
  if (options.retryAfterMs !== undefined) return Math.min(maxDelayMs, Math.max(0, options.retryAfterMs));
  const ceiling = Math.min(maxDelayMs, options.baseDelayMs * 2 ** retry);
  return options.random() * ceiling;
}

/** Retry-After as delay-seconds or an HTTP date, in milliseconds from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const isFormData = (body: unknown): body is FormData =>
  typeof FormData !== 'undefined' && body instanceof FormData;

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return (
    signal?.aborted === true || (error instanceof Error && error.name === 'AbortError') // DOMException included
  );
}

/** zod-like issues (zod 3 and 4 both have `issues: [{ path, message }]`), or null for any other error. */
function issuesOf(error: unknown): FieldIssue[] | null {
  if (typeof error !== 'object' || error === null || !('issues' in error)) return null;
  const { issues } = error as { issues: unknown };
  if (!Array.isArray(issues)) return null;
  return issues.map((issue: { path?: unknown; message?: unknown }) => ({
    path: Array.isArray(issue.path)
      ? issue.path.map((segment: unknown) => (typeof segment === 'number' ? segment : String(segment)))
      : [],
    message: typeof issue.message === 'string' ? issue.message : 'Invalid value',
  }));
}

/** Reads an answer's body as JSON; an empty body is undefined. */
async function readJson(response: Response, info: RequestInfo): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    throw new ResponseParseError({ responseStatus: response.status, request: info, cause });
  }
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new ResponseParseError({ responseStatus: response.status, request: info, cause });
  }
}

async function toHttpError(response: Response, info: RequestInfo): Promise<HttpError> {
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  let body: unknown;
  try {
    body = JSON.parse(await response.text()) as unknown;
  } catch {
    body = undefined;
  }
  const parsed = apiErrorBodySchema.safeParse(body);
  return new HttpError({
    status: response.status,
    ...(parsed.success
      ? {
          code: parsed.data.error.code,
          message: parsed.data.error.message,
          ...(parsed.data.error.details ? { details: parsed.data.error.details } : {}),
        }
      : { message: response.statusText || `Request failed with status ${response.status}` }),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    request: info,
  });
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** `00-<trace id>-<parent id>-01`: random ids (never all zeros, which W3C forbids), sampled. */
export function newTraceparent(): string {
  const ids = new Uint8Array(24);
  do crypto.getRandomValues(ids);
  while (ids.subarray(0, 16).every((byte) => byte === 0) || ids.subarray(16).every((byte) => byte === 0));
  return `00-${hex(ids.subarray(0, 16))}-${hex(ids.subarray(16))}-01`;
}

/**
 * The one API client, an {@link ApiPort}: JSON in and out with credentials included, a
 * bearer token when there is a session, the bot-check header on the POSTs that need it, up to 3 attempts on
 * 423/502/503/504 and dropped connections (502, 504 and dropped connections only when sending again is harmless)
 * with full-jitter backoff, 204 as undefined, and strict parsing through `request.schema`.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const logger: Logger = options.logger ?? console;
  const baseDelayMs = options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS;
  const maxAttempts = Math.max(1, options.maxAttempts ?? MAX_ATTEMPTS);
  const retryStatuses = options.retryStatuses ?? RETRY_STATUSES;
  const maxDelayMs = options.maxRetryDelayMs ?? MAX_RETRY_DELAY_MS;
  const botCheck =
    options.botCheck === undefined
      ? createBotCheckSolver({ baseUrl: options.baseUrl, fetch: fetchImpl })
      : options.botCheck;

  async function headersFor(request: ApiClientRequest<unknown>): Promise<Record<string, string>> {
    const headers: Record<string, string> = {
      Accept: request.responseType === 'blob' ? '*/*' : 'application/json',
      // A new W3C trace per attempt: with tracing on, the API's spans continue it, so one slow page is followed
      // from the browser into the API and its SQL (docs/decisions/0086-traces-and-error-reporting.md).
      traceparent: newTraceparent(),
    };
    if (request.body !== undefined && !isFormData(request.body)) headers['Content-Type'] = 'application/json';
    if (request.auth !== false && options.accessToken) {
      const token = await options.accessToken();
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    const action = botCheckActionFor(request.method, request.path);
    if (action && botCheck) {
      try {
        const token = await botCheck(action);
        if (token) headers[BOT_CHECK_HEADER] = token;
      } catch (error) {
        logger.warn('failed to acquire bot-check token; sending the request without it', { action, error });
      }
    }
    return { ...headers, ...request.headers };
  }

  async function attempt<T>(request: ApiClientRequest<T>, url: string, info: RequestInfo): Promise<T> {
    const body =
      request.body === undefined
        ? null
        : isFormData(request.body)
          ? request.body
          : JSON.stringify(request.body);
    // Upload progress needs XMLHttpRequest; everything else goes through fetch.
    const send =
      request.onUploadProgress && typeof XMLHttpRequest !== 'undefined' && !options.fetch
        ? (target: string, init: RequestInit) => xhrFetch(target, init, request.onUploadProgress!)
        : fetchImpl;
    let response: Response;
    try {
      response = await send(url, {
        method: request.method,
        credentials: 'include',
        headers: await headersFor(request),
        body,
        signal: request.signal ?? null,
      });
    } catch (cause) {
      if (isAbort(cause, request.signal)) throw request.signal?.reason ?? cause;
      throw new NetworkError({ request: info, cause });
    }

    const { status } = response;
    if (!Number.isInteger(status) || status < 200 || status > 599 || (status >= 300 && status < 400))
      throw new InvalidResponseStatusError(status, { request: info });
    if (status >= 400) throw await toHttpError(response, info);
    const answer = await readAnswer(request, response, info);
    // Only an answer the request resolves with: a failed attempt's headers are not what the caller gets.
    request.onResponseHeaders?.(response.headers);
    return answer;
  }

  /** The body of a success: undefined for 204, a Blob when asked, else JSON through `request.schema`. */
  async function readAnswer<T>(
    request: ApiClientRequest<T>,
    response: Response,
    info: RequestInfo,
  ): Promise<T> {
    const { status } = response;
    if (status === 204) return undefined as T;
    if (request.responseType === 'blob') {
      try {
        return (await response.blob()) as T;
      } catch (cause) {
        throw new ResponseParseError({ responseStatus: status, request: info, cause });
      }
    }

    const json = await readJson(response, info);
    if (!request.schema) return json as T;
    try {
      return request.schema.parse(json);
    } catch (cause) {
      const issues = issuesOf(cause) ?? [
        { path: [], message: cause instanceof Error ? cause.message : 'Invalid value' },
      ];
      const error = new InvalidValueError(issues, { responseStatus: status, request: info, cause });
      logger.error(`invalid response from ${info.method} ${info.path}: ${error.message}`, { issues });
      throw error;
    }
  }

  /** Whether sending the request again cannot make the server act twice: its method, or its idempotency key. */
  function repeatable(request: ApiClientRequest<unknown>, method: string): boolean {
    if (IDEMPOTENT_METHODS.has(method)) return true;
    const key = IDEMPOTENCY_KEY_HEADER.toLowerCase();
    return Object.keys(request.headers ?? {}).some((name) => name.toLowerCase() === key);
  }

  function shouldRetry(error: unknown, request: ApiClientRequest<unknown>, method: string): boolean {
    if (error instanceof HttpError)
      return (
        retryStatuses.has(error.status) &&
        (NOTHING_DONE_STATUSES.has(error.status) || repeatable(request, method))
      );
    return error instanceof NetworkError && repeatable(request, method);
  }

  return {
    async request<T = unknown>(request: ApiClientRequest<T>): Promise<T> {
      const method = request.method.toUpperCase();
      const info: RequestInfo = { method, path: request.path };
      const url = buildUrl(options.baseUrl, request.path, request.query);
      for (let attemptNumber = 1; ; attemptNumber += 1) {
        try {
          return await attempt({ ...request, method: method as ApiRequest<T>['method'] }, url, info);
        } catch (error) {
          if (attemptNumber >= maxAttempts || !shouldRetry(error, request, method) || request.signal?.aborted)
            throw error;
          const retryAfterMs = error instanceof HttpError ? error.retryAfterMs : undefined;
          await sleep(backoffDelay(attemptNumber - 1, { random, baseDelayMs, retryAfterMs, maxDelayMs }));
          if (request.signal?.aborted) throw request.signal.reason;
        }
      }
    },
  };
}
