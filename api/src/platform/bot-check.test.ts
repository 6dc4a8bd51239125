import { BOT_CHECK_HEADER, botCheckChallengeSchema } from '@tunehouse/contracts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, expectError, expectShape, PASSWORD } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ botCheck: 'enforce' });
});
afterAll(() => t.close());

/** What a browser does: fetch a challenge, solve it, send base64 of { challenge, solution }. */
async function solvedToken(): Promise<string> {
  const response = await t.app.inject({ url: '/v1/bot-check/challenge' });
  expect(response.headers['cache-control']).toBe('no-store');
  const challenge = expectShape(botCheckChallengeSchema, response);
  expect(challenge.parameters.algorithm).toBe('SHA-256');
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const login = (email: string, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/sessions',
    headers: token ? { [BOT_CHECK_HEADER]: token } : {},
    payload: { email, password: PASSWORD },
  });

describe('bot check under the enforce policy', () => {
  it('refuses a listed POST without a token, accepts a solved one once', async () => {
    const user = await createUser(t.db);
    expectError(await login(user.email), 403, 'BOT_CHECK_REQUIRED');
    const token = await solvedToken();
    expect((await login(user.email, token)).statusCode).toBe(201);
    expectError(await login(user.email, token), 403, 'BOT_CHECK_FAILED');
  });

  it('refuses garbage and a tampered solution', async () => {
    const user = await createUser(t.db);
    expectError(await login(user.email, 'not base64 json'), 403, 'BOT_CHECK_FAILED');
    const token = await solvedToken();
    const payload = JSON.parse(Buffer.from(token, 'base64').toString());
    payload.solution.derivedKey = payload.solution.derivedKey.replace(/^./, (c: string) =>
      c === 'a' ? 'b' : 'a',
    );
    const tampered = Buffer.from(JSON.stringify(payload)).toString('base64');
    expectError(await login(user.email, tampered), 403, 'BOT_CHECK_FAILED');
  });

  it('leaves paths the spec does not list alone', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/passwords',
      payload: {
        challengeId: '00000000-0000-4000-8000-000000000000',
        secret: 'x'.repeat(32),
        password: 'x'.repeat(12),
      },
    });
    expectError(response, 400, 'LINK_INVALID');
  });
});

describe('bot check on the route, not the raw URL', () => {
  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, payload });

  it('checks a percent-encoded or slash-ended path like the route it reaches', async () => {
    const user = await createUser(t.db);
    for (const url of ['/v1/sessions', '/v1/session%73', '/v1/%73essions', '/v1/sessions/']) {
      expectError(await post(url, { email: user.email, password: PASSWORD }), 403, 'BOT_CHECK_REQUIRED');
    }
  });

  it('checks the encoded paths of the other bot-checked routes', async () => {
    const email = 'someone@example.test';
    expectError(await post('/v1/sign%75p', { email }), 403, 'BOT_CHECK_REQUIRED');
    expectError(await post('/v1/passwords/ne%77', { email }), 403, 'BOT_CHECK_REQUIRED');
    expectError(await post('/v1/album%73', {}), 403, 'BOT_CHECK_REQUIRED');
  });

  it('leaves an encoded path of an unchecked route alone', async () => {
    const response = await post('/v1/password%73', {
      challengeId: '00000000-0000-4000-8000-000000000000',
      secret: 'x'.repeat(32),
      password: 'x'.repeat(12),
    });
    expectError(response, 400, 'LINK_INVALID');
  });
});
