import { currentUserSchema, sessionSchema } from '@tunehouse/contracts';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectShape, login } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TOTP_SECRET, demoLoginsText } from './demo-accounts.js';
import { databaseIsEmpty, seedDemo } from './seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('fills an empty database once and is idempotent', async () => {
    expect(await databaseIsEmpty(t.db)).toBe(true);
    expect(await seedDemo(t.db)).toEqual({ 'demo accounts': 4 });
    expect(await databaseIsEmpty(t.db)).toBe(false);
    expect(await seedDemo(t.db)).toEqual({ 'demo accounts': 0 });
  });

  it('gives the accounts their roles: artist, artist with TOTP, suspended artist, admin', async () => {
    const [mara, kofi, sam, admin] = DEMO_ACCOUNTS.map((account) => account.email);
    const maraSession = await login(t.app, mara!, DEMO_PASSWORD);
    expect(maraSession.user).toMatchObject({ firstName: 'Mara', lastName: 'Lindqvist' });

    const pending = await login(t.app, kofi!, DEMO_PASSWORD);
    expect(pending.challenge?.method).toBe('totp');
    const verified = await t.app.inject({
      method: 'POST',
      url: '/v1/sessions/current/verify',
      headers: bearer(pending),
      payload: { secret: await generate({ secret: DEMO_TOTP_SECRET }) },
    });
    expect(expectShape(sessionSchema, verified).status).toBe('active');

    expect((await login(t.app, sam!, DEMO_PASSWORD)).user.account.suspendedAt).not.toBeNull();
    const adminSession = await login(t.app, admin!, DEMO_PASSWORD);
    const me = await t.app.inject({ url: '/v1/users/me', headers: bearer(adminSession) });
    expect(expectShape(currentUserSchema, me).isAdmin).toBe(true);
  });

  it('prints every login, the password and the TOTP secret', () => {
    const text = demoLoginsText();
    for (const account of DEMO_ACCOUNTS) expect(text).toContain(account.email);
    expect(text).toContain(DEMO_PASSWORD);
    expect(text).toContain(DEMO_TOTP_SECRET);
  });
});
