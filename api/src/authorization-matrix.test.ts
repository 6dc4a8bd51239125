import { allEndpoints, type Access, type Endpoint, type Session } from '@tunehouse/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, login } from './testing/fixtures.js';
import { createTestApp, type TestApp } from './testing/test-app.js';

/**
 * Who may call what, generated from the endpoint definitions: every endpoint of `allEndpoints()` is called by
 * every kind of caller, and the answer must be the one its `metadata.access` promises. An endpoint added
 * tomorrow is in the matrix the day it is defined.
 */
type Actor = 'anonymous' | 'suspended' | 'user' | 'impersonating admin' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'suspended', 'user', 'impersonating admin', 'admin'];

/** What an actor must get from an endpoint of each access level: a status, or "let through" (not refused). */
type Expected = { status: 401 | 403; code: string } | 'through';
const refused = (status: 401 | 403, code: string): Expected => ({ status, code });
const EXPECTED: Record<Exclude<Access, 'public' | 'optional'>, Record<Actor, Expected>> = {
  session: {
    anonymous: refused(401, 'UNAUTHENTICATED'),
    suspended: refused(403, 'ACCOUNT_SUSPENDED'),
    user: 'through',
    'impersonating admin': 'through',
    admin: 'through',
  },
  pending: {
    anonymous: refused(401, 'UNAUTHENTICATED'),
    suspended: 'through',
    user: 'through',
    'impersonating admin': 'through',
    admin: 'through',
  },
  suspended: {
    anonymous: refused(401, 'UNAUTHENTICATED'),
    suspended: 'through',
    user: 'through',
    'impersonating admin': 'through',
    admin: 'through',
  },
  admin: {
    anonymous: refused(401, 'UNAUTHENTICATED'),
    // Not an admin, so that is what it is told; its suspension is no more its business here.
    suspended: refused(403, 'ADMIN_REQUIRED'),
    user: refused(403, 'ADMIN_REQUIRED'),
    'impersonating admin': refused(403, 'ADMIN_REQUIRED'),
    admin: 'through',
  },
};
/** Codes that mean the access check refused: "through" must answer none of them. */
const ACCESS_CODES = new Set([
  'UNAUTHENTICATED',
  'ACCOUNT_SUSPENDED',
  'ADMIN_REQUIRED',
  'SESSION_ENDED',
  'IMPERSONATION_READ_ONLY',
]);

/**
 * What an actor must get from an endpoint: its access level's promise, except that a call moving or routing money
 * (`metadata.moneyRouting`) refuses an impersonating administrator whatever else it allows (decision 0061), and so
 * does one that makes or changes an API key or webhook (`metadata.integrationWrite`,
 * docs/decisions/0090-report-loaded-and-admin-keys.md).
 */
function expectedOf(endpoint: Endpoint, actor: Actor): Expected {
  const expected = EXPECTED[endpoint.metadata.access as keyof typeof EXPECTED][actor];
  const readOnly = endpoint.metadata.moneyRouting || endpoint.metadata.integrationWrite;
  if (readOnly && actor === 'impersonating admin' && expected === 'through')
    return refused(403, 'IMPERSONATION_READ_ONLY');
  return expected;
}

/**
 * The groups whose every signed-in write moves or routes money, and the writes of other groups that do (a
 * takedown settles the release's distribution fee). A new write there without `moneyRouting` fails the test below.
 */
const MONEY_GROUPS = ['splits', 'billing', 'payouts', 'payments'];
const MONEY_WRITES_ELSEWHERE = ['releases.albums.takeDown'];

const NOBODY = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
const emails: Partial<Record<Actor, string>> = {};
const sessions: Partial<Record<Actor, Session>> = {};

async function freshSession(actor: Actor): Promise<Session | undefined> {
  if (actor === 'anonymous') return undefined;
  if (actor === 'impersonating admin') {
    const admin = await login(t.app, emails.admin!);
    const userId = (await t.app.inject({ url: '/v1/users/me', headers: bearer(sessions.user!) })).json<{
      id: string;
    }>().id;
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/impersonations',
      headers: bearer(admin),
      payload: { userId },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Session>();
  }
  return login(t.app, emails[actor]!);
}

/** A session some endpoint ended (sign-out, a password change) is replaced before the next call. */
async function sessionOf(actor: Actor): Promise<Session | undefined> {
  if (actor === 'anonymous') return undefined;
  const current = sessions[actor];
  const alive =
    current && (await t.app.inject({ url: '/v1/users/me', headers: bearer(current) })).statusCode !== 401;
  if (!alive) sessions[actor] = await freshSession(actor);
  return sessions[actor];
}

function call(endpoint: Endpoint, session: Session | undefined): Promise<LightMyRequestResponse> {
  const path = endpoint.path.replace(/:[A-Za-z]+/g, NOBODY);
  const hasBody = !['GET', 'DELETE'].includes(endpoint.method);
  return t.app.inject({
    method: endpoint.method as 'GET',
    url: path,
    headers: { ...(session ? bearer(session) : {}), 'idempotency-key': `matrix-${Math.random()}` },
    ...(hasBody ? { payload: {} } : {}),
  });
}

/** The error code of a JSON error answer; '' for anything else (a 204, a file). */
function errorCodeOf(response: LightMyRequestResponse): string {
  try {
    return (response.json() as { error?: { code?: string } } | null)?.error?.code ?? '';
  } catch {
    return '';
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const [user, suspended, admin] = await Promise.all([
    createUser(t.db),
    createUser(t.db, { suspended: true }),
    createUser(t.db, { isAdmin: true }),
  ]);
  Object.assign(emails, { user: user.email, suspended: suspended.email, admin: admin.email });
  sessions.user = await login(t.app, user.email);
  sessions.admin = await login(t.app, admin.email);
  sessions.suspended = await login(t.app, suspended.email);
  sessions['impersonating admin'] = await freshSession('impersonating admin');
}, 60_000);
afterAll(() => t.close());

describe('the authorization matrix', () => {
  const guarded = allEndpoints().filter(
    ([, endpoint]) => endpoint.metadata.access !== 'public' && endpoint.metadata.access !== 'optional',
  );

  it('covers every guarded endpoint', () => {
    expect(guarded.length).toBeGreaterThan(60);
  });

  it('marks every signed-in write of the money groups, and the takedown, as moving or routing money', () => {
    const money = guarded
      .filter(
        ([name, endpoint]) =>
          // An administrator's own write there (the bank account holder review) routes no user's money.
          (MONEY_GROUPS.includes(name.split('.')[0]!) &&
            endpoint.method !== 'GET' &&
            endpoint.metadata.access !== 'admin') ||
          MONEY_WRITES_ELSEWHERE.includes(name),
      )
      .map(([name]) => name);
    const flagged = guarded.filter(([, endpoint]) => endpoint.metadata.moneyRouting).map(([name]) => name);
    expect(flagged.sort()).toEqual(money.sort());
    // The calls the review of 2026-11-27 (N4) named, by name, so that dropping one from a group is noticed too.
    expect(flagged).toEqual(
      expect.arrayContaining([
        'splits.put',
        'splits.resend',
        'splits.revoke',
        'splits.accept',
        'splits.decline',
        'billing.addMethod',
        'billing.deleteMethod',
        'billing.setBillingDetails',
        'payouts.request',
        'payments.create',
        'releases.albums.takeDown',
      ]),
    );
  });

  it('marks every signed-in write of the API keys and webhooks as closed to an impersonation', () => {
    const writes = guarded
      .filter(
        ([name, endpoint]) =>
          ['apiKeys', 'webhooks'].includes(name.split('.')[0]!) &&
          endpoint.method !== 'GET' &&
          endpoint.metadata.access !== 'admin',
      )
      .map(([name]) => name);
    const flagged = guarded
      .filter(([, endpoint]) => endpoint.metadata.integrationWrite)
      .map(([name]) => name);
    expect(flagged.sort()).toEqual(writes.sort());
    expect(flagged).toEqual(expect.arrayContaining(['apiKeys.create', 'apiKeys.revoke', 'webhooks.create']));
  });

  it('answers every endpoint × caller as the endpoint’s access level promises', async () => {
    const wrong: string[] = [];
    let cells = 0;
    for (const [name, endpoint] of guarded) {
      for (const actor of ACTORS) {
        const response = await call(endpoint, await sessionOf(actor));
        cells += 1;
        const code = errorCodeOf(response);
        const expected = expectedOf(endpoint, actor);
        const ok =
          expected === 'through'
            ? !ACCESS_CODES.has(code) && response.statusCode !== 401
            : response.statusCode === expected.status && code === expected.code;
        if (!ok)
          wrong.push(
            `${name} (${endpoint.method} ${endpoint.path}, ${endpoint.metadata.access}) as ${actor}: ` +
              `${response.statusCode} ${code}, expected ${expected === 'through' ? 'through' : `${expected.status} ${expected.code}`}`,
          );
      }
    }
    console.info(
      `authorization matrix: ${guarded.length} endpoints × ${ACTORS.length} callers = ${cells} cells`,
    );
    expect(wrong).toEqual([]);
  }, 300_000);
});
