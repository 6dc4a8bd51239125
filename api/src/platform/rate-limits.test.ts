import { BOT_CHECK_HEADER } from '@tunehouse/contracts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LOGIN_FAILURES_PER_HOUR } from '../domains/sessions/index.js';
import { createUser, expectError, PASSWORD } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitFactor: 1, botCheck: 'soft' });
});
afterAll(() => t.close());

const loginFrom = (remoteAddress: string, email: string, password = 'wrong password') =>
  t.app.inject({ method: 'POST', url: '/v1/sessions', remoteAddress, payload: { email, password } });

describe('per-address limits', () => {
  it('answers 429 with Retry-After in the error shape once an address tries too often', async () => {
    // Soft bot-check policy, no token: the tighter ceiling of 5 a minute applies.
    for (let i = 0; i < 5; i += 1) {
      expect((await loginFrom('203.0.113.7', 'nobody@example.test')).statusCode).toBe(401);
    }
    const limited = await loginFrom('203.0.113.7', 'nobody@example.test');
    expect(expectError(limited, 429, 'RATE_LIMITED').message).toMatch(/^Too many requests; try again in/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect((await loginFrom('203.0.113.8', 'nobody@example.test')).statusCode).toBe(401);
  });

  it('keeps the normal ceiling for requests that carry a solved bot check (soft policy)', async () => {
    for (let i = 0; i < 6; i += 1) await loginFrom('203.0.113.9', 'nobody@example.test');
    expectError(await loginFrom('203.0.113.9', 'nobody@example.test'), 429, 'RATE_LIMITED');
    const challenge = (await t.app.inject({ url: '/v1/bot-check/challenge' })).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    const withToken = await t.app.inject({
      method: 'POST',
      url: '/v1/sessions',
      remoteAddress: '203.0.113.9',
      headers: {
        [BOT_CHECK_HEADER]: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
      },
      payload: { email: 'nobody@example.test', password: 'wrong password' },
    });
    expectError(withToken, 401, 'INVALID_CREDENTIALS');
  });

  it('limits password-reset requests per address', async () => {
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/passwords/new',
        remoteAddress: '198.51.100.4',
        payload: { email: 'someone@example.test' },
      });
    expect((await ask()).statusCode).toBe(204);
    expect((await ask()).statusCode).toBe(204);
    expectError(await ask(), 429, 'RATE_LIMITED');
  });

  it('limits sign-ups per address', async () => {
    const signup = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/signup',
        remoteAddress: '198.51.100.9',
        payload: {
          email: `burst-${i}@example.test`,
          password: 'long enough pass',
          firstName: 'A',
          lastName: 'B',
        },
      });
    for (let i = 0; i < 3; i += 1) expect((await signup(i)).statusCode).toBe(201);
    expectError(await signup(3), 429, 'RATE_LIMITED');
  });
});

describe('per-account limit on failed logins', () => {
  it(`refuses the ${MAX_LOGIN_FAILURES_PER_HOUR + 1}st attempt within an hour, even with the right password`, async () => {
    const user = await createUser(t.db);
    await t.db.query(
      `INSERT INTO login_failures (user_id, failed_at)
       SELECT $1, now() - interval '50 minutes' + (n * interval '1 second') FROM generate_series(1, $2) n`,
      [user.id, MAX_LOGIN_FAILURES_PER_HOUR - 1],
    );
    // The 100th failure is still counted and answered as a failure.
    expectError(await loginFrom('192.0.2.1', user.email), 401, 'INVALID_CREDENTIALS');
    const blocked = await loginFrom('192.0.2.2', user.email, PASSWORD);
    expect(expectError(blocked, 429, 'RATE_LIMITED').message).toContain('this account');
    // The oldest failure leaves the window ten minutes from now.
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(9 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60 + 2);

    // Once the window slides past the failures, the right password works again.
    await t.db.query(
      `UPDATE login_failures SET failed_at = failed_at - interval '1 hour' WHERE user_id = $1`,
      [user.id],
    );
    expect((await loginFrom('192.0.2.3', user.email, PASSWORD)).statusCode).toBe(201);
  });
});
