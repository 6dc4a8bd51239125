import { BOT_CHECK_HEADER, sessionSchema } from '@tunehouse/contracts';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { z } from 'zod';
import {
  type ApiClientOptions,
  backoffDelay,
  createApiClient,
  MAX_RETRY_DELAY_MS,
  parseRetryAfter,
} from './client.js';
import {
  ApiClientError,
  HttpError,
  InvalidResponseStatusError,
  InvalidValueError,
  NetworkError,
  ResponseParseError,
} from './errors.js';
import { type Answer, apiError, fakeFetch, json, rejectionOf, silentLogger } from './test-helpers.js';

const BASE = 'https://api.example.test';

function setup(answers: Answer[], options: Partial<ApiClientOptions> = {}) {
  const { fetch, calls } = fakeFetch(...answers);
  const sleep = vi.fn(async (_ms: number) => undefined);
  const logger = silentLogger();
  const client = createApiClient({
    baseUrl: BASE,
    fetch,
    sleep,
    random: () => 0.5,
    logger,
    botCheck: null,
    ...options,
  });
  return { client, calls, sleep, logger };
}

describe('request basics: JSON, credentials, bearer token, base URL', () => {
  it('sends a W3C traceparent, a new trace for each request, that the API continues', async () => {
    const { client, calls } = setup([json({ ok: true })]);
    await client.request({ method: 'GET', path: '/v1/things' });
    await client.request({ method: 'GET', path: '/v1/things' });
    const [first, second] = calls.map((call) => call.headers.traceparent);
    expect(first).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(second).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(first!.slice(3, 35)).not.toBe(second!.slice(3, 35));
    expect(first!.slice(3, 35)).not.toBe('0'.repeat(32));
  });

  it('sends JSON with credentials included and returns the parsed body', async () => {
    const { client, calls } = setup([json({ ok: true })]);
    await expect(client.request({ method: 'POST', path: '/v1/things', body: { a: 1 } })).resolves.toEqual({
      ok: true,
    });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.url).toBe(`${BASE}/v1/things`);
    expect(call!.init.method).toBe('POST');
    expect(call!.init.credentials).toBe('include');
    expect(call!.init.body).toBe('{"a":1}');
    expect(call!.headers['content-type']).toBe('application/json');
    expect(call!.headers.accept).toBe('application/json');
  });

  it('answers a Blob for responseType blob, without parsing JSON or running the schema', async () => {
    const pdf = new Response('%PDF-1.3 body', {
      status: 200,
      headers: { 'content-type': 'application/pdf' },
    });
    const { client, calls } = setup([pdf]);
    const schema = { parse: vi.fn() };
    const answer = await client.request<Blob>({
      method: 'GET',
      path: '/v1/albums/7/labelcopy.pdf',
      responseType: 'blob',
      schema,
    });
    expect(answer).toBeInstanceOf(Blob);
    expect(answer.type).toBe('application/pdf');
    expect(await answer.text()).toBe('%PDF-1.3 body');
    expect(schema.parse).not.toHaveBeenCalled();
    expect(calls[0]!.headers.accept).toBe('*/*');
  });

  it('keeps a path of the base URL and appends the query', async () => {
    const { client, calls } = setup([json([])], { baseUrl: `${BASE}/api/` });
    await client.request({ method: 'GET', path: '/v2/albums', query: { order: 'desc', q: '' } });
    expect(calls[0]!.url).toBe(`${BASE}/api/v2/albums?order=desc`);
    expect(calls[0]!.init.body).toBeNull();
    expect(calls[0]!.headers['content-type']).toBeUndefined();
  });

  it('passes FormData through without a Content-Type so fetch sets the multipart boundary', async () => {
    const { client, calls } = setup([json({})]);
    const form = new FormData();
    form.set('title', 'Album');
    await client.request({ method: 'POST', path: '/v1/uploads', body: form });
    expect(calls[0]!.init.body).toBe(form);
    expect(calls[0]!.headers['content-type']).toBeUndefined();
  });

  it('adds the bearer token per request and none when the provider answers null', async () => {
    const tokens = ['first', null];
    const accessToken = vi.fn(async () => tokens.shift() ?? null);
    const { client, calls } = setup([json({})], { accessToken });
    await client.request({ method: 'GET', path: '/v1/users/me' });
    await client.request({ method: 'GET', path: '/v1/users/me' });
    expect(calls[0]!.headers.authorization).toBe('Bearer first');
    expect(calls[1]!.headers.authorization).toBeUndefined();
    expect(accessToken).toHaveBeenCalledTimes(2);
  });

  it('does not ask for a token when the request says auth: false', async () => {
    const accessToken = vi.fn(async () => 'token');
    const { client, calls } = setup([json({})], { accessToken });
    await client.request({ method: 'POST', path: '/v1/sessions/current/refresh', body: {}, auth: false });
    expect(accessToken).not.toHaveBeenCalled();
    expect(calls[0]!.headers.authorization).toBeUndefined();
  });

  it('lets caller headers win', async () => {
    const { client, calls } = setup([json({})], { accessToken: async () => 'token' });
    await client.request({
      method: 'GET',
      path: '/x',
      headers: { Authorization: 'Bearer other', 'X-A': '1' },
    });
    expect(calls[0]!.headers.authorization).toBe('Bearer other');
    expect(calls[0]!.headers['x-a']).toBe('1');
  });

  it('answers undefined for 204 without reading a body or running the schema', async () => {
    const { client } = setup([new Response(null, { status: 204 })]);
    const schema = { parse: vi.fn(() => 'parsed') };
    await expect(client.request({ method: 'DELETE', path: '/v1/sessions/current', schema })).resolves.toBe(
      undefined,
    );
    expect(schema.parse).not.toHaveBeenCalled();
  });

  it('answers undefined for an empty 2xx body', async () => {
    const { client } = setup([new Response('', { status: 201 })]);
    await expect(client.request({ method: 'POST', path: '/x', body: {} })).resolves.toBeUndefined();
  });
});

describe('the answer headers (shell contract 1.3)', () => {
  it('hands the headers of the answer the request resolves with, not those of a failed attempt', async () => {
    const seen: (string | null)[] = [];
    const { client } = setup([
      apiError(503, 'X', 'later', { headers: { 'x-unsearched-platforms': 'first' } }),
      json([], 200, { 'x-unsearched-platforms': 'spotify=NOT_CONFIGURED' }),
    ]);
    await client.request({
      method: 'GET',
      path: '/v1/artists/suggestions',
      onResponseHeaders: (headers) => seen.push(headers.get('X-Unsearched-Platforms')),
    });
    expect(seen).toEqual(['spotify=NOT_CONFIGURED']);
  });
});

describe('strict parsing of answers', () => {
  const user = {
    id: 'u1',
    email: 'a@b.c',
    firstName: 'A',
    lastName: 'B',
    account: { id: 'a1' },
  };
  const session = {
    id: 's1',
    status: 'active',
    token: { accessToken: 'x', refreshToken: 'y' },
    user,
  };

  it('returns what the schema gives back (defaults applied)', async () => {
    const { client } = setup([json({ ...session, user: { ...user, firstName: null } })]);
    const parsed = await client.request({ method: 'GET', path: '/s', schema: sessionSchema });
    expect(parsed.user.firstName).toBe('');
  });

  it('names the field path of a mismatch', async () => {
    const { client, logger } = setup([json({ ...session, user: { ...user, account: { id: true } } })]);
    const error = await rejectionOf(
      client.request({ method: 'GET', path: '/s', schema: sessionSchema }),
      InvalidValueError,
    );
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error.message).toBe('user.account.id: Invalid input');
    expect(error.path).toBe('user.account.id');
    expect(error.issues[0]!.path).toEqual(['user', 'account', 'id']);
    expect(logger.error).toHaveBeenCalledOnce();
  });

  it('names array indexes and the root', async () => {
    const { client } = setup([json({ items: [{ id: 1 }, { id: 'x' }] }), json(null)]);
    const schema = z.object({ items: z.array(z.object({ id: z.number() })) });
    const first = await rejectionOf(client.request({ method: 'GET', path: '/a', schema }), InvalidValueError);
    expect(first.message).toMatch(/^items\[1\]\.id: /);
    const second = await rejectionOf(
      client.request({ method: 'GET', path: '/a', schema }),
      InvalidValueError,
    );
    expect(second.message).toMatch(/^\(root\): /);
  });

  it('wraps a non-zod parser failure too', async () => {
    const { client } = setup([json(1)]);
    const schema = {
      parse: () => {
        throw new Error('nope');
      },
    };
    const error = await rejectionOf(client.request({ method: 'GET', path: '/a', schema }), InvalidValueError);
    expect(error.message).toBe('(root): nope');
  });

  it('fails with ResponseParseError on a body that is not JSON', async () => {
    const { client } = setup([new Response('<html>', { status: 200 })]);
    const error = await rejectionOf(client.request({ method: 'GET', path: '/a' }), ResponseParseError);
    expect(error.message).toBe('Failed to parse response body');
    expect(error.status).toBe(500);
    expect(error.responseStatus).toBe(200);
  });
});

describe('errors', () => {
  it('turns the server error body into an HttpError with status, code, message and details', async () => {
    const details = [{ path: ['body', 'email'], message: 'Invalid email address' }];
    const { client } = setup([
      apiError(400, 'VALIDATION_FAILED', 'The request body is invalid', { details }),
    ]);
    const error = await rejectionOf(
      client.request({ method: 'POST', path: '/v1/signup', body: {} }),
      HttpError,
    );
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'The request body is invalid',
      details,
      request: { method: 'POST', path: '/v1/signup' },
    });
    expect(error.name).toBe('HttpError');
  });

  it('keeps the status of an error with a foreign body', async () => {
    const { client } = setup([new Response('gateway says no', { status: 404, statusText: 'Not Found' })]);
    const error = await rejectionOf(client.request({ method: 'GET', path: '/a' }), HttpError);
    expect(error).toMatchObject({ status: 404, code: 'UNKNOWN', message: 'Not Found', details: [] });
  });

  it('reports status 500 for an HttpError without a response', () => {
    const error = new HttpError();
    expect(error.status).toBe(500);
    expect(error.responseStatus).toBeUndefined();
    expect(new HttpError({ status: 418 }).status).toBe(418);
  });

  it("says 'Network request failed' when fetch rejects", async () => {
    const { client } = setup([new TypeError('fetch failed')]);
    const error = await rejectionOf(client.request({ method: 'POST', path: '/a', body: {} }), NetworkError);
    expect(error.message).toBe('Network request failed');
    expect(error.status).toBe(500);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it("says 'Invalid response status' for a 3xx and for an opaque status 0", async () => {
    const { client } = setup([new Response(null, { status: 302 }), Response.error()]);
    const redirect = await rejectionOf(
      client.request({ method: 'GET', path: '/a' }),
      InvalidResponseStatusError,
    );
    expect(redirect.message).toBe('Invalid response status');
    expect(redirect.responseStatus).toBe(302);
    const opaque = await rejectionOf(
      client.request({ method: 'GET', path: '/a' }),
      InvalidResponseStatusError,
    );
    expect(opaque.responseStatus).toBe(0);
  });

  it('treats an informational status fetch hands back as invalid', async () => {
    const informational = { status: 101, headers: new Headers(), text: async () => '' } as Response;
    const { client } = setup([() => informational]);
    await expect(client.request({ method: 'GET', path: '/a' })).rejects.toBeInstanceOf(
      InvalidResponseStatusError,
    );
  });

  it('rethrows an abort as it is, without retrying', async () => {
    const controller = new AbortController();
    controller.abort(new DOMException('stop', 'AbortError'));
    const { client, calls } = setup([new DOMException('stop', 'AbortError')]);
    const error = await rejectionOf(
      client.request({ method: 'GET', path: '/a', signal: controller.signal }),
      DOMException,
    );
    expect(error.name).toBe('AbortError');
    expect(calls).toHaveLength(1);
  });
});

describe('retries on 423, 502, 503 and 504 with backoff', () => {
  it.each([423, 502, 503, 504])('makes 3 attempts in all on %i and then throws it', async (status) => {
    const { client, calls, sleep } = setup([apiError(status, 'SERVICE_UNAVAILABLE', 'later')]);
    const error = await rejectionOf(client.request({ method: 'GET', path: '/a' }), HttpError);
    expect(error.status).toBe(status);
    expect(calls).toHaveLength(3);
    expect(sleep).toHaveBeenCalledTimes(2);
  });

  it('returns the answer of a later attempt', async () => {
    const { client, calls } = setup([apiError(503, 'SERVICE_UNAVAILABLE', 'later'), json({ ok: 1 })]);
    await expect(client.request({ method: 'POST', path: '/a', body: {} })).resolves.toEqual({ ok: 1 });
    expect(calls).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 409, 422, 429, 500, 501])('never retries %i', async (status) => {
    const { client, calls, sleep } = setup([apiError(status, 'X', 'no')]);
    await expect(client.request({ method: 'GET', path: '/a' })).rejects.toMatchObject({ status });
    expect(calls).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('retries network failures of idempotent methods only', async () => {
    const get = setup([new TypeError('fetch failed')]);
    await expect(get.client.request({ method: 'GET', path: '/a' })).rejects.toBeInstanceOf(NetworkError);
    expect(get.calls).toHaveLength(3);

    const del = setup([new TypeError('fetch failed'), new Response(null, { status: 204 })]);
    await expect(del.client.request({ method: 'DELETE', path: '/a' })).resolves.toBeUndefined();
    expect(del.calls).toHaveLength(2);

    for (const method of ['POST', 'PATCH'] as const) {
      const post = setup([new TypeError('fetch failed')]);
      await expect(post.client.request({ method, path: '/a', body: {} })).rejects.toBeInstanceOf(
        NetworkError,
      );
      expect(post.calls).toHaveLength(1);
    }
  });

  it('counts 3 requests in all for a GET answered 503 every time, waiting full jitter within 5000 ms', async () => {
    const { client, calls, sleep } = setup([apiError(503, 'SERVICE_UNAVAILABLE', 'later')], {
      random: () => 0.999,
    });
    await expect(client.request({ method: 'GET', path: '/v1/wallet' })).rejects.toMatchObject({
      status: 503,
    });
    expect(calls.map((call) => call.url)).toEqual(Array(3).fill(`${BASE}/v1/wallet`));
    for (const [ms] of sleep.mock.calls) expect(ms).toBeLessThan(MAX_RETRY_DELAY_MS);
  });

  it('sends a POST again after 502 or 504 only when it carries an Idempotency-Key', async () => {
    for (const status of [502, 504]) {
      const plain = setup([apiError(status, 'X', 'gateway')]);
      await expect(plain.client.request({ method: 'POST', path: '/a', body: {} })).rejects.toMatchObject({
        status,
      });
      expect(plain.calls).toHaveLength(1);

      const keyed = setup([apiError(status, 'X', 'gateway'), json({ ok: 1 })]);
      await expect(
        keyed.client.request({ method: 'POST', path: '/a', body: {}, headers: { 'Idempotency-Key': 'k1' } }),
      ).resolves.toEqual({ ok: 1 });
      expect(keyed.calls).toHaveLength(2);
      expect(keyed.calls[1]!.headers['idempotency-key']).toBe('k1');
    }
  });

  it('sends a POST with an Idempotency-Key again after a dropped connection', async () => {
    const { client, calls } = setup([new TypeError('fetch failed'), json({ ok: 1 })]);
    await expect(
      client.request({ method: 'POST', path: '/a', body: {}, headers: { 'idempotency-key': 'k2' } }),
    ).resolves.toEqual({ ok: 1 });
    expect(calls).toHaveLength(2);
  });

  it('does not retry a parse failure', async () => {
    const { client, calls } = setup([new Response('{', { status: 200 })]);
    await expect(client.request({ method: 'GET', path: '/a' })).rejects.toBeInstanceOf(ResponseParseError);
    expect(calls).toHaveLength(1);
  });

  it('waits random() * min(5000, base * 2^retry) between attempts', async () => {
    const randoms = [0.25, 0.75];
    const { client, sleep } = setup([apiError(502, 'X', 'bad gateway')], {
      random: () => randoms.shift()!,
      baseDelayMs: 1000,
    });
    await client.request({ method: 'GET', path: '/a' }).catch(() => undefined);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([0.25 * 1000, 0.75 * 2000]);
  });

  it('keeps every delay within [0, ceiling) and never above 5000 ms', () => {
    for (let retry = 0; retry < 12; retry += 1) {
      const ceiling = Math.min(5000, 500 * 2 ** retry);
      expect(backoffDelay(retry, { random: () => 0, baseDelayMs: 500 })).toBe(0);
      const high = backoffDelay(retry, { random: () => 0.999999, baseDelayMs: 500 });
      expect(high).toBeLessThan(ceiling);
      expect(high).toBeGreaterThan(ceiling * 0.99);
      expect(high).toBeLessThanOrEqual(MAX_RETRY_DELAY_MS);
    }
    expect(backoffDelay(20, { random: () => 1, baseDelayMs: 500 })).toBe(5000);
  });

  it('honours Retry-After but never waits more than 5000 ms', async () => {
    const { client, sleep } = setup([
      apiError(503, 'SERVICE_UNAVAILABLE', 'later', { headers: { 'retry-after': '2' } }),
      apiError(503, 'SERVICE_UNAVAILABLE', 'later', { headers: { 'retry-after': '120' } }),
      json({}),
    ]);
    await client.request({ method: 'GET', path: '/a' });
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([2000, 5000]);
  });

  it('retries the statuses it is given, a 429 for any method, waiting up to maxRetryDelayMs', async () => {
    const { client, calls, sleep } = setup(
      [
        apiError(429, 'RATE_LIMITED', 'slow down', { headers: { 'retry-after': '30' } }),
        apiError(429, 'RATE_LIMITED', 'slow down', { headers: { 'retry-after': '120' } }),
        json({ ok: 1 }),
      ],
      { retryStatuses: new Set([429, 503]), maxRetryDelayMs: 60_000 },
    );
    await expect(client.request({ method: 'POST', path: '/a', body: {} })).resolves.toEqual({ ok: 1 });
    expect(calls).toHaveLength(3);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([30_000, 60_000]);

    const locked = setup([apiError(423, 'LOCKED', 'busy')], { retryStatuses: new Set([429, 503]) });
    await expect(locked.client.request({ method: 'GET', path: '/a' })).rejects.toMatchObject({ status: 423 });
    expect(locked.calls).toHaveLength(1);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('0.5', now)).toBe(500);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:04 GMT', now)).toBe(4000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('exposes Retry-After on the HttpError', async () => {
    const { client } = setup([
      apiError(429, 'RATE_LIMITED', 'slow down', { headers: { 'retry-after': '7' } }),
    ]);
    await expect(client.request({ method: 'GET', path: '/a' })).rejects.toMatchObject({ retryAfterMs: 7000 });
  });

  it('waits on the clock through the default sleep', async () => {
    vi.useFakeTimers();
    try {
      const { fetch, calls } = fakeFetch(apiError(504, 'X', 'timeout'), json({ done: true }));
      const client = createApiClient({
        baseUrl: BASE,
        fetch,
        random: () => 1,
        botCheck: null,
        baseDelayMs: 400,
      });
      const pending = client.request({ method: 'GET', path: '/a' });
      await vi.advanceTimersByTimeAsync(399);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(pending).resolves.toEqual({ done: true });
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops retrying when the signal aborts during the wait', async () => {
    const controller = new AbortController();
    const { client, calls } = setup([apiError(503, 'X', 'later')], {
      sleep: async () => controller.abort(new Error('cancelled')),
    });
    await expect(client.request({ method: 'GET', path: '/a', signal: controller.signal })).rejects.toThrow(
      'cancelled',
    );
    expect(calls).toHaveLength(1);
  });
});

describe('bot check header on the POSTs that need one (decision 0013)', () => {
  let botCheck: Mock<(action: string) => Promise<string>>;
  beforeEach(() => {
    botCheck = vi.fn(async (action: string) => `token-for-${action}`);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([
    ['/v1/sessions', 'login'],
    ['/v1/sessions/current/refresh', 'session_refresh'],
    ['/v1/signup', 'signup'],
    ['/v1/emails', 'verify_email'],
    ['/v1/verifications', 'verify_identity'],
    ['/v1/passwords/new', 'password_reset'],
    ['/v1/albums', 'create_album'],
    ['/v1/albums/42/publish', 'publish_album'],
    ['/v1/albums/42', 'update_album'],
    ['/v1/payouts', 'request_payout'],
  ])('POST %s carries the token for %s', async (path, action) => {
    const { client, calls } = setup([json({})], { botCheck });
    await client.request({ method: 'POST', path, body: {} });
    expect(botCheck).toHaveBeenCalledWith(action);
    expect(calls[0]!.headers[BOT_CHECK_HEADER]).toBe(`token-for-${action}`);
  });

  it.each([
    ['GET', '/v1/sessions'],
    ['DELETE', '/v1/albums/42'],
    ['POST', '/v1/passwords'],
    ['POST', '/v1/sessions/current/verify'],
    ['POST', '/v1/users/me'],
    ['GET', '/v1/albums'],
  ] as const)('%s %s carries none', async (method, path) => {
    const { client, calls } = setup([json({})], { botCheck });
    await client.request({ method, path, ...(method === 'POST' ? { body: {} } : {}) });
    expect(botCheck).not.toHaveBeenCalled();
    expect(calls[0]!.headers[BOT_CHECK_HEADER]).toBeUndefined();
  });

  it('logs a failed token and sends the request without it', async () => {
    const failing = vi.fn(async () => {
      throw new Error('challenge unreachable');
    });
    const { client, calls, logger } = setup([json({ ok: true })], { botCheck: failing });
    await expect(client.request({ method: 'POST', path: '/v1/sessions', body: {} })).resolves.toEqual({
      ok: true,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers[BOT_CHECK_HEADER]).toBeUndefined();
    expect(logger.warn).toHaveBeenCalledOnce();
    expect(logger.warn.mock.calls[0]![1]).toMatchObject({ action: 'login' });
  });

  it('takes a fresh token for every attempt (each token works once)', async () => {
    const { client, calls } = setup([apiError(503, 'X', 'later'), json({})], { botCheck });
    await client.request({ method: 'POST', path: '/v1/signup', body: {} });
    expect(botCheck).toHaveBeenCalledTimes(2);
    expect(calls).toHaveLength(2);
  });

  it('solves the challenge with the default solver when none is given', async () => {
    const { fetch, calls } = fakeFetch(json({ not: 'a challenge' }), json({}));
    const logger = silentLogger();
    const client = createApiClient({ baseUrl: BASE, fetch, logger });
    await client.request({ method: 'POST', path: '/v1/sessions', body: {} });
    expect(calls[0]!.url).toBe(`${BASE}/v1/bot-check/challenge`);
    expect(calls[1]!.url).toBe(`${BASE}/v1/sessions`);
    expect(calls[1]!.headers[BOT_CHECK_HEADER]).toBeUndefined();
    expect(logger.warn).toHaveBeenCalledOnce();
  });
});
