import type { Session } from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, login } from './testing/fixtures.js';
import { createTestApp, type TestApp } from './testing/test-app.js';

/**
 * Every endpoint the API documents, called with nonsense — malformed ids, junk query values, bodies of the wrong
 * shape and type — as a stranger, a user and an admin: the answer is never a 5xx and never shows a stack trace.
 * New endpoints are covered as soon as they are in /docs/json.
 */
let t: TestApp;
let routes: { method: string; path: string }[] = [];
const sessions: Partial<Record<'user' | 'admin', Session>> = {};
let userEmail = '';
let adminEmail = '';

beforeAll(async () => {
  t = await createTestApp();
  const [user, admin] = await Promise.all([createUser(t.db), createUser(t.db, { isAdmin: true })]);
  userEmail = user.email;
  adminEmail = admin.email;
  const spec = (await t.app.inject({ url: '/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  routes = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
}, 60_000);
afterAll(() => t.close());

const PARAM_VALUES = ['x', '00000000-0000-4000-8000-000000000000', '-1', '%E2%80%AE%00', 'a'.repeat(300)];
const JUNK_QUERY =
  'offset=-5&size=abc&order_by=nope&order=sideways&q=%00&start_date=2024-13-45&end_date=yesterday' +
  '&bucket_by=galaxy&limit=1e9&platform[]=MARS&scope=%27&status=%3Cscript%3E&territory=XX&expected_amount_due=-1';
const BODIES: { contentType: string; payload: string }[] = [
  { contentType: 'application/json', payload: '{"junk":[1,{"deep":null}],"title":42,"email":["a"]}' },
  { contentType: 'application/json', payload: '[]' },
  {
    contentType: 'application/json',
    payload: '{"title":"a\\u0000b","name":"\\ud800","email":"x\\u0000@example.com","firstName":"\\u001b"}',
  },
  { contentType: 'application/json', payload: '{"unterminated": ' },
  { contentType: 'text/plain', payload: 'plain text' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\nbroken' },
];

describe('no input makes the API fail', () => {
  it('documents the endpoints it serves', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it('answers every documented endpoint with a client error or success, never a 5xx or a stack trace', async () => {
    const failures: string[] = [];
    for (const { method, path } of routes) {
      if (path.startsWith('/docs')) continue;
      // Fresh sessions for every endpoint: some calls (log out, a password change) end the session they came with.
      sessions.user = await login(t.app, userEmail);
      sessions.admin = await login(t.app, adminEmail);
      for (const as of [undefined, 'user', 'admin'] as const) {
        for (const value of PARAM_VALUES) {
          const url = `${path.replace(/\{[^}]+\}/g, value)}?${JUNK_QUERY}`;
          const bodies = method === 'GET' || method === 'DELETE' ? [undefined] : BODIES;
          for (const body of bodies) {
            const response = await t.app.inject({
              method: method as 'GET',
              url,
              headers: {
                ...(as ? bearer(sessions[as]!) : {}),
                ...(body ? { 'content-type': body.contentType } : {}),
              },
              ...(body ? { payload: body.payload } : {}),
            });
            const label = `${method} ${url.slice(0, 120)} as ${as ?? 'stranger'} with ${body?.contentType ?? 'no body'}`;
            if (response.statusCode >= 500)
              failures.push(`${label}: ${response.statusCode} ${response.body}`);
            else if (/\bat .+\.(js|ts):\d+/.test(response.body)) failures.push(`${label}: a stack trace`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
