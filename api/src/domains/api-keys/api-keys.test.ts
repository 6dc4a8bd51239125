import { apiKeySchema, type Session } from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, expectError, login, PASSWORD } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let owner: Session;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  owner = await login(t.app, (await createUser(t.db)).email);
  admin = await login(t.app, (await createUser(t.db, { isAdmin: true })).email);
}, 60_000);
afterAll(() => t.close());

const keyAuth = (secret: string) => ({ authorization: `Bearer ${secret}` });

async function create(payload: Record<string, unknown>, session = owner) {
  return t.app.inject({ method: 'POST', url: '/v1/api-keys', headers: bearer(session), payload });
}

async function makeKey(scopes: string[]): Promise<{ id: string; secret: string }> {
  const response = await create({ name: 'catalogue sync', scopes });
  expect(response.statusCode, response.body).toBe(201);
  const { key, secret } = response.json<{ key: { id: string }; secret: string }>();
  return { id: key.id, secret };
}

describe('API keys', () => {
  it('shows the secret once, keeps only its hash, and lists the key without it', async () => {
    const { id, secret } = await makeKey(['releases:read']);
    expect(secret).toMatch(/^th_live_[A-Za-z0-9_-]{43}$/);
    const list = await t.app.inject({ url: '/v1/api-keys', headers: bearer(owner) });
    expect(list.statusCode).toBe(200);
    const listed = list.json<{ items: unknown[] }>().items.map((item) => apiKeySchema.parse(item));
    const mine = listed.find((key) => key.id === id)!;
    expect(mine).toMatchObject({
      name: 'catalogue sync',
      scopes: ['releases:read'],
      prefix: secret.slice(0, 12),
    });
    expect(list.body).not.toContain(secret);
    const { rows } = await t.db.query(`SELECT * FROM api_keys WHERE id = $1`, [id]);
    expect(JSON.stringify(rows[0])).not.toContain(secret.slice(12));
  });

  it('authenticates as the account with no session, cookie or bot check, and notes its use', async () => {
    const { id, secret } = await makeKey(['releases:read']);
    const albums = await t.app.inject({ url: '/v2/albums', headers: keyAuth(secret) });
    expect(albums.statusCode, albums.body).toBe(200);
    expect(albums.headers['set-cookie']).toBeUndefined();
    // Written by the onResponse hook, after the answer has gone out.
    const use = async () =>
      (
        await t.db.query<{ last_used_at: Date | null; last_used_from: string | null }>(
          `SELECT last_used_at, last_used_from FROM api_keys WHERE id = $1`,
          [id],
        )
      ).rows[0]!;
    await expect.poll(async () => (await use()).last_used_from).toBe('127.0.0.1');
    expect((await use()).last_used_at).not.toBeNull();
  });

  it('refuses a call outside the key’s scopes with a clear code, and a payout', async () => {
    const { secret } = await makeKey(['releases:read']);
    expectError(
      await t.app.inject({ url: '/v1/wallet', headers: keyAuth(secret) }),
      403,
      'API_KEY_SCOPE_MISSING',
    );
    const payout = await t.app.inject({
      method: 'POST',
      url: '/v1/payouts',
      headers: { ...keyAuth(secret), 'idempotency-key': 'k-1' },
      payload: { amount: 1000, paymentMethodId: '00000000-0000-4000-8000-000000000000' },
    });
    expectError(payout, 403, 'API_KEY_SCOPE_MISSING');
  });

  it('never lets a key manage keys or change the password', async () => {
    const { secret } = await makeKey(['releases:read', 'releases:write', 'account:write']);
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/v1/api-keys',
        headers: keyAuth(secret),
        payload: { name: 'escalate', scopes: ['payouts:write'] },
      }),
      403,
      'API_KEY_NOT_ALLOWED',
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/v1/users/me/password',
        headers: keyAuth(secret),
        payload: { currentPassword: PASSWORD, newPassword: 'another long passphrase here' },
      }),
      403,
      'API_KEY_NOT_ALLOWED',
    );
  });

  it('refuses a revoked key and an expired key at once', async () => {
    const revoked = await makeKey(['releases:read']);
    expect((await t.app.inject({ url: '/v2/albums', headers: keyAuth(revoked.secret) })).statusCode).toBe(
      200,
    );
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/v1/api-keys/${revoked.id}`,
      headers: bearer(owner),
    });
    expect(revoke.statusCode).toBe(204);
    expectError(
      await t.app.inject({ url: '/v2/albums', headers: keyAuth(revoked.secret) }),
      401,
      'API_KEY_INVALID',
    );

    const expired = await makeKey(['releases:read']);
    await t.db.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      expired.id,
    ]);
    expectError(
      await t.app.inject({ url: '/v2/albums', headers: keyAuth(expired.secret) }),
      401,
      'API_KEY_EXPIRED',
    );
    expectError(
      await t.app.inject({ url: '/v2/albums', headers: keyAuth('th_live_' + 'x'.repeat(43)) }),
      401,
      'API_KEY_INVALID',
    );
  });

  it('grants a money scope only with the second step again', async () => {
    expectError(
      await create({ name: 'payouts', scopes: ['payouts:write'] }),
      403,
      'REAUTHENTICATION_REQUIRED',
    );
    expectError(
      await create({ name: 'payouts', scopes: ['payouts:write'], password: 'wrong password' }),
      400,
      'INVALID_CREDENTIALS',
    );
    const granted = await create({ name: 'payouts', scopes: ['payouts:write'], password: PASSWORD });
    expect(granted.statusCode, granted.body).toBe(201);
  });

  it('refuses unknown scopes and a past expiry, naming the field', async () => {
    const unknown = expectError(
      await create({ name: 'x', scopes: ['everything:write'] }),
      400,
      'VALIDATION_FAILED',
    );
    expect(unknown.details?.[0]?.path).toEqual(['body', 'scopes', 0]);
    const past = expectError(
      await create({ name: 'x', scopes: ['releases:read'], expiresAt: '2020-01-01T00:00:00Z' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(past.details?.[0]?.path).toEqual(['body', 'expiresAt']);
  });

  it('still asks a money move made with a key for its Idempotency-Key', async () => {
    const granted = await create({ name: 'payouts', scopes: ['payouts:write'], password: PASSWORD });
    const { secret } = granted.json<{ secret: string }>();
    const payout = await t.app.inject({
      method: 'POST',
      url: '/v1/payouts',
      headers: keyAuth(secret),
      payload: { amount: 1000, paymentMethodId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(payout.statusCode).toBe(400);
    expect(payout.body).toMatch(/idempotency-key/i);
  });

  it('lets an administrator list and revoke any key', async () => {
    const { id, secret } = await makeKey(['releases:read']);
    const list = await t.app.inject({ url: '/v1/admin/api-keys', headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    expect(
      list.json<{ items: Array<{ id: string; ownerEmail: string }> }>().items.map((k) => k.id),
    ).toContain(id);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/v1/admin/api-keys/${id}`,
      headers: bearer(admin),
    });
    expect(revoke.statusCode).toBe(204);
    expectError(await t.app.inject({ url: '/v2/albums', headers: keyAuth(secret) }), 401, 'API_KEY_INVALID');
    expectError(
      await t.app.inject({ url: '/v1/admin/api-keys', headers: bearer(owner) }),
      403,
      'ADMIN_REQUIRED',
    );
  });
});
