import { createApiClient } from '@tunehouse/api-client';
import { vi } from 'vitest';

const base64url = (value: string) => Buffer.from(value, 'utf8').toString('base64url');

/** An unsigned JWT with the given payload (the client never verifies, it only reads `exp`). */
export function jwt(payload: Record<string, unknown>): string {
  return `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}.c2ln`;
}

/** An access token whose `exp` is at `ms` (epoch milliseconds, whole seconds). */
export const tokenExpiringAt = (ms: number, extra: Record<string, unknown> = {}) =>
  jwt({ sub: 'u1', sid: 's1', iat: Math.floor(ms / 1000) - 900, exp: Math.floor(ms / 1000), ...extra });

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

export interface WireSessionOptions {
  id?: string;
  userId?: string;
  /** `exp` of the access token, epoch ms. */
  accessExp?: number;
  accessToken?: string;
  status?: 'pending' | 'active';
  challenge?: {
    id?: string;
    status: 'pending' | 'initialized' | 'completed';
    method?: 'totp' | 'email';
  } | null;
  expiresAt?: string | null;
  adminEmail?: string | null;
  suspendedAt?: string | null;
  firstName?: string | null;
}

/** A session as the API answers it. */
export function wireSession(options: WireSessionOptions = {}) {
  const accessExp = options.accessExp ?? Date.now() + 15 * MINUTE;
  return {
    id: options.id ?? 's1',
    status: options.status ?? 'active',
    // The refresh token is never in the answer: the API sets it as an HttpOnly cookie.
    token: { accessToken: options.accessToken ?? tokenExpiringAt(accessExp) },
    expiresAt:
      options.expiresAt === undefined ? new Date(Date.now() + 30 * DAY).toISOString() : options.expiresAt,
    adminEmail: options.adminEmail ?? null,
    challenge: options.challenge ?? null,
    user: {
      id: options.userId ?? 'u1',
      email: 'ada@example.test',
      firstName: options.firstName === undefined ? 'Ada' : options.firstName,
      lastName: 'Lovelace',
      createdAt: '2023-01-01T00:00:00.000Z',
      account: {
        id: 'a1',
        country: 'GB',
        city: 'London',
        verifiedAt: null,
        suspendedAt: options.suspendedAt ?? null,
      },
    },
  };
}

/** GET/POST /v1/users/me answer for the session's user. */
export function wireCurrentUser(overrides: Record<string, unknown> = {}) {
  const { user } = wireSession();
  return { ...user, isAdmin: false, emailVerified: true, secondStep: 'none', ...overrides };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const apiError = (status: number, code: string, message: string) =>
  json({ error: { code, message } }, status);

type Handler = Response | Error | ((call: Call) => Response | Promise<Response>);

export interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  /** Whether the browser would send its cookies (the refresh cookie among them). */
  credentials: RequestCredentials | undefined;
}

/**
 * A fetch that answers by `METHOD /path` from `routes` (a list is used in order, its last entry repeating),
 * behind the real api-client (no bot check, no waiting between retries).
 */
export function fakeApi(routes: Record<string, Handler | Handler[]>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      credentials: init.credentials,
    };
    calls.push(call);
    const key = `${call.method} ${call.path}`;
    const route = routes[key];
    const handler = Array.isArray(route) ? (route.length > 1 ? route.shift() : route[0]) : route;
    if (handler === undefined) return json({ error: { code: 'NOT_FOUND', message: `No route ${key}` } }, 404);
    if (handler instanceof Error) throw handler;
    if (typeof handler === 'function') return handler(call);
    return handler.clone();
  });
  const logger = { warn: vi.fn(), error: vi.fn() };
  const client = createApiClient({
    baseUrl: 'https://api.example.test',
    fetch: fetch as unknown as typeof globalThis.fetch,
    botCheck: null,
    sleep: async () => undefined,
    logger,
  });
  const callsTo = (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key);
  return { client, calls, callsTo, fetch, clientLogger: logger };
}

/** A promise with its resolve exposed, to hold an answer back. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
