import {
  allEndpoints,
  type Endpoint,
  GROUP_SCOPES,
  keyAccessOf,
  keyScopes,
  moneyScopes,
  type Session,
} from '@tunehouse/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, login, PASSWORD } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

/**
 * What an API key may call, generated from the endpoint definitions like the authorization matrix
 * (docs/decisions/0087-api-keys-and-scopes.md): every guarded endpoint is called with a key holding only its scope
 * (admitted) and with a key holding every other scope (refused); an endpoint no key may call refuses a key
 * holding every scope.
 */
const NOBODY = '00000000-0000-4000-8000-000000000000';
const REFUSALS = new Set([
  'UNAUTHENTICATED',
  'API_KEY_INVALID',
  'API_KEY_EXPIRED',
  'API_KEY_SCOPE_MISSING',
  'API_KEY_NOT_ALLOWED',
  'ADMIN_REQUIRED',
  'ACCOUNT_SUSPENDED',
]);

let t: TestApp;
let owner: Session;

beforeAll(async () => {
  t = await createTestApp();
  owner = await login(t.app, (await createUser(t.db)).email);
}, 60_000);
afterAll(() => t.close());

const keyAuth = (secret: string) => ({ authorization: `Bearer ${secret}` });

async function makeKey(
  scopes: string[],
  extra: Record<string, unknown> = {},
  session = owner,
): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/api-keys',
    headers: bearer(session),
    payload: { name: `key ${scopes.length}`, scopes, password: PASSWORD, ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ secret: string }>().secret;
}

function call(endpoint: Endpoint, secret: string): Promise<LightMyRequestResponse> {
  const hasBody = !['GET', 'DELETE'].includes(endpoint.method);
  return t.app.inject({
    method: endpoint.method as 'GET',
    url: endpoint.path.replace(/:[A-Za-z]+/g, NOBODY),
    headers: { ...keyAuth(secret), 'idempotency-key': `scopes-${Math.random()}` },
    ...(hasBody ? { payload: {} } : {}),
  });
}

const codeOf = (response: LightMyRequestResponse): string => {
  try {
    return (response.json() as { error?: { code?: string } } | null)?.error?.code ?? '';
  } catch {
    return '';
  }
};

const guarded = () =>
  allEndpoints().filter(([, e]) => e.metadata.access !== 'public' && e.metadata.access !== 'optional');

describe('scopes from the definitions', () => {
  it('gives every endpoint a scope, or says no key may call it', () => {
    const unresolved = allEndpoints().filter(([name, endpoint]) => {
      try {
        keyAccessOf(name, endpoint);
        return false;
      } catch {
        return true;
      }
    });
    expect(unresolved.map(([name]) => name)).toEqual([]);
    // Every group of `endpoints` is declared (a new group without a line in GROUP_SCOPES fails here).
    const groups = new Set(allEndpoints().map(([name]) => name.split('.')[0]!));
    expect([...groups].filter((group) => !(group in GROUP_SCOPES))).toEqual([]);
    const scoped = allEndpoints().filter(([name, e]) => keyAccessOf(name, e).kind === 'scope');
    console.info(`scopes: ${scoped.length} of ${allEndpoints().length} operations callable with a key`);
  });

  it('lets no key manage keys, change the password or the second step, sign in or administer', () => {
    for (const name of [
      'apiKeys.create',
      'apiKeys.list',
      'apiKeys.revoke',
      'accountSecurity.changePassword',
      'accountSecurity.changeEmail',
      'accountSecurity.turnOffSecondStep',
      'sessions.verify',
      'verifications.submit',
      'periods.close',
      'apiKeys.adminRevoke',
    ]) {
      const [, endpoint] = allEndpoints().find(([n]) => n === name)!;
      expect(keyAccessOf(name, endpoint), name).toEqual({ kind: 'never' });
    }
  });

  it('marks the scopes of calls that move money as needing the second step', () => {
    expect(moneyScopes().sort()).toEqual(
      ['billing:write', 'payments:write', 'payouts:write', 'releases:takedown', 'splits:write'].sort(),
    );
    expect(keyScopes().map((info) => info.scope)).toEqual(
      expect.arrayContaining(['releases:read', 'wallet:read']),
    );
  });
});

describe('the scope matrix', () => {
  it('admits a key within its scope and refuses it outside, on every guarded endpoint', async () => {
    const all = keyScopes().map((info) => info.scope);
    const only = new Map<string, string>();
    const allBut = new Map<string, string>();
    for (const scope of all) {
      // An account per scope: one holds only so many live keys.
      const holder = await login(t.app, (await createUser(t.db)).email);
      only.set(scope, await makeKey([scope], {}, holder));
      allBut.set(
        scope,
        await makeKey(
          all.filter((other) => other !== scope),
          {},
          holder,
        ),
      );
    }
    const everything = await makeKey(all);
    const wrong: string[] = [];
    let cells = 0;
    for (const [name, endpoint] of guarded()) {
      const access = keyAccessOf(name, endpoint);
      if (access.kind === 'scope') {
        const admitted = await call(endpoint, only.get(access.scope)!);
        const refused = await call(endpoint, allBut.get(access.scope)!);
        cells += 2;
        if (admitted.statusCode === 401 || REFUSALS.has(codeOf(admitted)))
          wrong.push(`${name} with ${access.scope}: ${admitted.statusCode} ${codeOf(admitted)}`);
        if (refused.statusCode !== 403 || codeOf(refused) !== 'API_KEY_SCOPE_MISSING')
          wrong.push(`${name} without ${access.scope}: ${refused.statusCode} ${codeOf(refused)}`);
      } else {
        const refused = await call(endpoint, everything);
        cells += 1;
        if (refused.statusCode !== 403 || codeOf(refused) !== 'API_KEY_NOT_ALLOWED')
          wrong.push(`${name} (no keys): ${refused.statusCode} ${codeOf(refused)}`);
      }
    }
    console.info(`scope matrix: ${guarded().length} endpoints, ${all.length} scopes, ${cells} cells`);
    expect(wrong).toEqual([]);
  }, 600_000);
});
