import type { Session } from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, expectError, login } from './testing/fixtures.js';
import { createTestApp, type TestApp } from './testing/test-app.js';

let t: TestApp;
const sessions: Record<'user' | 'pending' | 'admin', Session> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  const [user, pending, admin] = await Promise.all([
    createUser(t.db),
    createUser(t.db, { secondStep: 'email' }),
    createUser(t.db, { isAdmin: true }),
  ]);
  sessions.user = await login(t.app, user.email);
  sessions.pending = await login(t.app, pending.email);
  sessions.admin = await login(t.app, admin.email);
});
afterAll(() => t.close());

type Case = {
  method: 'GET' | 'POST';
  url: string;
  as?: keyof typeof sessions;
  payload?: unknown;
  /** Every field path the 400 must name, and nothing else. */
  paths: (string | number)[][];
};

const UUID = '00000000-0000-4000-8000-000000000000';

const CASES: Case[] = [
  {
    method: 'POST',
    url: '/v1/sessions',
    payload: {},
    paths: [
      ['body', 'email'],
      ['body', 'password'],
    ],
  },
  {
    method: 'POST',
    url: '/v1/sessions',
    payload: { email: 'not-an-address', password: '' },
    paths: [
      ['body', 'email'],
      ['body', 'password'],
    ],
  },
  {
    method: 'POST',
    url: '/v1/sessions/current/refresh',
    payload: { impersonation: 'yes' },
    paths: [['body', 'impersonation']],
  },
  {
    method: 'POST',
    url: '/v1/sessions/current/verify',
    as: 'pending',
    payload: { secret: '12ab56' },
    paths: [['body', 'secret']],
  },
  {
    method: 'POST',
    url: '/v1/signup',
    payload: { email: 'ok@example.test', password: 'short', firstName: '', lastName: 'Ok', country: 'ZZ' },
    paths: [
      ['body', 'password'],
      ['body', 'firstName'],
      ['body', 'country'],
    ],
  },
  {
    method: 'POST',
    url: '/v1/users/me',
    as: 'user',
    payload: { firstName: 5, country: 'XX', city: 'c'.repeat(101) },
    paths: [
      ['body', 'firstName'],
      ['body', 'country'],
      ['body', 'city'],
    ],
  },
  {
    method: 'POST',
    url: '/v1/emails',
    payload: { challengeId: 'nope', secret: 'short' },
    paths: [
      ['body', 'challengeId'],
      ['body', 'secret'],
    ],
  },
  { method: 'POST', url: '/v1/passwords/new', payload: { email: 'nope' }, paths: [['body', 'email']] },
  {
    method: 'POST',
    url: '/v1/passwords',
    payload: { challengeId: UUID, secret: 's'.repeat(32), password: 'short' },
    paths: [['body', 'password']],
  },
  {
    method: 'POST',
    url: '/v1/events',
    payload: { name: 'Page Error', properties: 'x', occurredAt: 'yesterday-ish' },
    paths: [
      ['body', 'name'],
      ['body', 'properties'],
      ['body', 'occurredAt'],
    ],
  },
  {
    method: 'GET',
    url: '/v1/admin/users?offset=-1&size=0&order_by=password&order=sideways',
    as: 'admin',
    paths: [
      ['querystring', 'offset'],
      ['querystring', 'size'],
      ['querystring', 'order_by'],
      ['querystring', 'order'],
    ],
  },
  {
    method: 'POST',
    url: '/v1/admin/impersonations',
    as: 'admin',
    payload: { userId: 42 },
    paths: [['body', 'userId']],
  },
  { method: 'POST', url: '/v1/admin/users/42/suspend', as: 'admin', paths: [['params', 'id']] },
  { method: 'POST', url: '/v1/admin/users/42/unsuspend', as: 'admin', paths: [['params', 'id']] },
];

describe('bad input gets 400 naming every wrong field, on every endpoint', () => {
  it.each(CASES)('$method $url', async ({ method, url, as, payload, paths }) => {
    const response = await t.app.inject({
      method,
      url,
      ...(payload !== undefined ? { payload: payload as object } : {}),
      ...(as ? { headers: bearer(sessions[as]) } : {}),
    });
    const error = expectError(response, 400, 'VALIDATION_FAILED');
    expect(error.details?.map((detail) => detail.path)).toEqual(paths);
    for (const detail of error.details ?? []) expect(detail.message.length).toBeGreaterThan(0);
  });
});

const BODY_ENDPOINTS = [...new Set(CASES.filter((c) => c.method === 'POST' && c.payload).map((c) => c.url))];

describe('bodies of the wrong JSON type never reach a handler', () => {
  it.each(BODY_ENDPOINTS.flatMap((url) => ['null', '[]', '"text"', '12'].map((body) => [url, body])))(
    'POST %s with %s',
    async (url, body) => {
      const as = CASES.find((c) => c.url === url)?.as;
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', ...(as ? bearer(sessions[as]) : {}) },
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(expectError(response, 400, 'VALIDATION_FAILED').details?.[0]?.path).toEqual(['body']);
    },
  );
});

describe('authentication comes before validation', () => {
  it('answers 401, not 400, to a stranger sending a bad body', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/users/me', payload: { firstName: 5 } });
    expectError(response, 401, 'UNAUTHENTICATED');
  });
});

describe('errors the router raises before any route', () => {
  it('answer in the one error shape with the request id, without echoing the path', async () => {
    const longId = 'a'.repeat(300);
    const tooLong = await t.app.inject({ url: `/v1/albums/${longId}`, headers: bearer(sessions.user) });
    expect(expectError(tooLong, 414, 'BAD_REQUEST').message).not.toContain(longId);
    expect(tooLong.headers['x-request-id']).toBeTruthy();
    expect(tooLong.headers['x-content-type-options']).toBe('nosniff');
    expect(tooLong.body).not.toContain('aaaaaaaaaa');

    const badUrl = await t.app.inject({ url: '/v1/albums/%E0%A4%A', headers: bearer(sessions.user) });
    expect(expectError(badUrl, 400, 'BAD_REQUEST').message).toBe('The URL is not valid');
    expect(badUrl.headers['x-request-id']).toBeTruthy();
  });
});
