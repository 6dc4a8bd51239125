import { describe, expect, it, vi } from 'vitest';
import { memorySessionStorage } from '@tunehouse/session';
import { createShellSession } from './create-session.js';
import { ADMIN_RETURN_TO_KEY, LEGACY_ADMIN_SESSION_KEY, type KeyValueStore } from './impersonation.js';

const base64url = (value: string) => btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (payload: Record<string, unknown>) =>
  `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}.c2ln`;
const inAQuarterHour = () => Math.floor(Date.now() / 1000) + 900;

/** A session as the API answers it. */
function wireSession(id: string, user: { id: string; email: string }, extra: Record<string, unknown> = {}) {
  return {
    id,
    status: 'active',
    // No refresh token: the API hands it over as an HttpOnly cookie only (decision 0054).
    token: { accessToken: jwt({ sub: user.id, sid: id, exp: inAQuarterHour() }) },
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    adminEmail: null,
    challenge: null,
    user: {
      ...user,
      firstName: 'Ada',
      lastName: 'Lovelace',
      account: {
        id: `account-${user.id}`,
        country: 'GB',
        city: 'London',
        verifiedAt: null,
        suspendedAt: null,
      },
    },
    ...extra,
  };
}

const ADMIN = wireSession('s-admin', { id: 'admin-1', email: 'admin@example.test' });
// The admin's session as a refresh through their own cookie answers it: same session, new tokens.
const ADMIN_ROTATED = wireSession('s-admin', { id: 'admin-1', email: 'admin@example.test' });
const IMPERSONATED = wireSession(
  's-user',
  { id: 'user-7', email: 'mara@example.test' },
  { adminEmail: 'admin@example.test' },
);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Answer = Response | (() => Response);

/** A fetch answering `METHOD /path` from `routes` (a list is answered in order), recording every call. */
function fakeFetch(routes: Record<string, Answer | Answer[]>) {
  const calls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${new URL(String(input)).pathname}`;
    calls.push(key);
    const route = routes[key];
    const answer = Array.isArray(route) ? (route.length > 1 ? route.shift() : route[0]) : route;
    if (answer === undefined) return json({ error: { code: 'NOT_FOUND', message: `No route ${key}` } }, 404);
    return typeof answer === 'function' ? answer() : answer.clone();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function memoryLocal(): KeyValueStore & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

function signedIn(
  session: unknown,
  routes: Record<string, Answer | Answer[]> = {},
  local: ReturnType<typeof memoryLocal> = memoryLocal(),
) {
  const { fetch, calls } = fakeFetch(routes);
  const shell = createShellSession({
    apiBaseUrl: 'https://api.example.test',
    storage: memorySessionStorage(JSON.stringify(session)),
    local,
    fetch,
  });
  return { ...shell, calls, local };
}

describe("the shell's session port", () => {
  it('shows the stored session and answers the same view until the session changes', async () => {
    const { port } = signedIn(ADMIN, { 'DELETE /v1/sessions/current': new Response(null, { status: 204 }) });
    const first = port.current();
    expect(first).toMatchObject({ isAuthenticated: true, user: { email: 'admin@example.test' } });
    expect(port.current()).toBe(first);

    const seen: unknown[] = [];
    port.subscribe((view) => seen.push(view));
    await port.logout();
    expect(port.current()).toBeNull();
    expect(seen.at(-1)).toBeNull();
  });

  it('tells the shell a logout is on purpose while it runs, so no "session expired" redirect follows', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { port, isEnding } = signedIn(ADMIN, {
      'DELETE /v1/sessions/current': () => new Response(null, { status: 204 }),
    });
    const ending = port.logout().then(() => held);
    expect(isEnding()).toBe(true);
    release();
    await ending;
    expect(isEnding()).toBe(false);
  });

  it('impersonates a user, then brings the admin back signed in, at the page they left', async () => {
    const { port, local, calls } = signedIn(ADMIN, {
      'POST /v1/admin/impersonations': json(IMPERSONATED, 201),
      'DELETE /v1/sessions/current': new Response(null, { status: 204 }),
      'POST /v1/sessions/current/refresh': json(ADMIN_ROTATED),
    });
    const view = await port.impersonate('user-7', '/admin/users?page=2');
    expect(view.user.email).toBe('mara@example.test');
    expect(local.items.get(ADMIN_RETURN_TO_KEY)).toBe('/admin/users?page=2');
    // Page storage holds where to return to and nothing of the admin's session: any page script reads it.
    expect([...local.items.keys()]).toEqual([ADMIN_RETURN_TO_KEY]);
    expect([...local.items.values()].join()).not.toContain(ADMIN.token.accessToken);

    expect(await port.endImpersonation()).toBe('/admin/users?page=2');
    // The impersonation ends first, then the admin's own refresh cookie answers their session.
    const sessionCalls = calls.filter((call) => call.includes('/v1/sessions/'));
    expect(sessionCalls.slice(-2)).toEqual([
      'DELETE /v1/sessions/current',
      'POST /v1/sessions/current/refresh',
    ]);
    expect(port.current()?.user.email).toBe('admin@example.test');
    expect(local.items.has(ADMIN_RETURN_TO_KEY)).toBe(false);
  });

  it('still brings the admin back after a reload in the middle of an impersonation', async () => {
    const local = memoryLocal();
    local.items.set(ADMIN_RETURN_TO_KEY, '/admin');
    // A new page: the session cookie holds the impersonation, nothing else survived but the return path.
    const { port } = signedIn(
      IMPERSONATED,
      {
        'DELETE /v1/sessions/current': new Response(null, { status: 204 }),
        'POST /v1/sessions/current/refresh': json(ADMIN_ROTATED),
      },
      local,
    );
    expect(port.current()?.adminEmail).toBe('admin@example.test');
    expect(await port.endImpersonation()).toBe('/admin');
    expect(port.current()?.user.email).toBe('admin@example.test');
  });

  it('sends the admin to sign in, then back, when their own session ended during the impersonation', async () => {
    const { port, local } = signedIn(IMPERSONATED, {
      'DELETE /v1/sessions/current': new Response(null, { status: 204 }),
      'POST /v1/sessions/current/refresh': json(
        {
          error: {
            code: 'REFRESH_REJECTED',
            message: 'Failed to refresh session with invalid or expired token',
          },
        },
        400,
      ),
    });
    local.items.set(ADMIN_RETURN_TO_KEY, '/admin/users?page=2');
    expect(await port.endImpersonation()).toBe('/auth/login?from=%2Fadmin%2Fusers%3Fpage%3D2');
    expect(port.current()).toBeNull();
  });

  it('removes an admin session an older version left in page storage', () => {
    const local = memoryLocal();
    local.items.set(LEGACY_ADMIN_SESSION_KEY, JSON.stringify(ADMIN));
    signedIn(IMPERSONATED, {}, local);
    expect(local.items.has(LEGACY_ADMIN_SESSION_KEY)).toBe(false);
  });

  it('never sends the admin back to another site, whatever the return path says', async () => {
    const { port, local } = signedIn(ADMIN, {
      'POST /v1/admin/impersonations': json(IMPERSONATED, 201),
      'DELETE /v1/sessions/current': new Response(null, { status: 204 }),
      'POST /v1/sessions/current/refresh': json(ADMIN_ROTATED),
    });
    await port.impersonate('user-7', '//evil.example/admin');
    local.items.set(ADMIN_RETURN_TO_KEY, 'https://evil.example/');
    expect(await port.endImpersonation()).toBe('/');
  });

  it("refreshes once and repeats an area's call the API refused with 401 while a session is held", async () => {
    const refreshed = wireSession('s-admin', { id: 'admin-1', email: 'admin@example.test' });
    const { api, calls } = signedIn(ADMIN, {
      'GET /v2/albums': [
        json({ error: { code: 'UNAUTHENTICATED', message: 'Token expired' } }, 401),
        json({ items: [] }),
      ],
      'POST /v1/sessions/current/refresh': json(refreshed),
    });
    expect(await api.request({ method: 'GET', path: '/v2/albums' })).toEqual({ items: [] });
    // The refresh is a bot-checked POST; whether a challenge is fetched first is the api-client's business.
    expect(calls.filter((call) => !call.includes('/bot-check/'))).toEqual([
      'GET /v2/albums',
      'POST /v1/sessions/current/refresh',
      'GET /v2/albums',
    ]);
  });
});
