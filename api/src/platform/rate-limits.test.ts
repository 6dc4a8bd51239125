import { BOT_CHECK_HEADER } from '@tunehouse/contracts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSubject, recordAttempt, SIGN_IN_LIMITS } from '../domains/sessions/index.js';
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
    for (let i = 0; i < 3; i += 1) expect((await signup(i)).statusCode).toBe(202);
    expectError(await signup(3), 429, 'RATE_LIMITED');
  });
});

/** A solved bot check, as the shell's sign-in page sends it. */
async function solvedBotCheck(): Promise<Record<string, string>> {
  const challenge = (await t.app.inject({ url: '/v1/bot-check/challenge' })).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return { [BOT_CHECK_HEADER]: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64') };
}

/** Failed sign-ins for an e-mail address as if made earlier this hour, from `addresses` in turn. */
async function pastFailures(email: string, count: number, addresses: string[], minutesAgo = 5) {
  for (let i = 0; i < count; i += 1) {
    await recordAttempt(t.db, 'password_failed', emailSubject(email), addresses[i % addresses.length]!);
  }
  await t.db.query(`UPDATE sign_in_attempts SET at = now() - make_interval(mins => $2) WHERE subject = $1`, [
    emailSubject(email),
    minutesAgo,
  ]);
}

describe('per-account limits on failed sign-ins, which never lock the owner out', () => {
  const { passwordPerNetwork, passwordBeforeBotCheck } = SIGN_IN_LIMITS;

  it(`stops one network after ${passwordPerNetwork.max} wrong passwords for an address; the owner elsewhere signs in`, async () => {
    const user = await createUser(t.db);
    await pastFailures(user.email, passwordPerNetwork.max, ['192.0.2.1']);
    const blocked = await loginFrom('192.0.2.1', user.email, PASSWORD);
    expect(expectError(blocked, 429, 'RATE_LIMITED').message).toContain('your network');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(9 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60 + 2);
    // The owner, from their own network, is not affected.
    expect((await loginFrom('192.0.2.99', user.email, PASSWORD)).statusCode).toBe(201);
  });

  it('answers an unknown address exactly as a known one, so the limit reveals no account', async () => {
    const user = await createUser(t.db);
    const unknown = `nobody-${Date.now()}@example.test`;
    for (const email of [user.email, unknown])
      await pastFailures(email, passwordPerNetwork.max, ['192.0.2.2']);
    const [known, stranger] = await Promise.all([
      loginFrom('192.0.2.2', user.email),
      loginFrom('192.0.2.2', unknown),
    ]);
    expect(known.statusCode).toBe(429);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toEqual(known.json());
  });

  it(`asks for a bot check after ${passwordBeforeBotCheck.max} wrong passwords from everywhere, and the owner passes it`, async () => {
    const user = await createUser(t.db);
    const addresses = Array.from({ length: 8 }, (_, i) => `198.18.0.${i + 1}`);
    await pastFailures(user.email, passwordBeforeBotCheck.max, addresses);
    expectError(await loginFrom('192.0.2.50', user.email, PASSWORD), 403, 'BOT_CHECK_REQUIRED');
    const owner = await t.app.inject({
      method: 'POST',
      url: '/v1/sessions',
      remoteAddress: '192.0.2.51',
      headers: await solvedBotCheck(),
      payload: { email: user.email, password: PASSWORD },
    });
    expect(owner.statusCode).toBe(201);
  });

  it("a right password forgets that network's failures", async () => {
    const user = await createUser(t.db);
    await pastFailures(user.email, passwordPerNetwork.max - 1, ['192.0.2.60']);
    expect((await loginFrom('192.0.2.60', user.email, PASSWORD)).statusCode).toBe(201);
    // Without forgetting, the second of these would be the limit's 429 (9 + 2 > 10); the address's own
    // per-minute ceiling allows four more.
    for (let i = 0; i < 4; i += 1)
      expectError(await loginFrom('192.0.2.60', user.email), 401, 'INVALID_CREDENTIALS');
  });
});
