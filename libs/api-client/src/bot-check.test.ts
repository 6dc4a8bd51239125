import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { createBotCheckSolver, toBase64 } from './bot-check.js';
import { fakeFetch, json } from './test-helpers.js';

const secret = 'test-hmac-secret';

describe('createBotCheckSolver (decision 0013)', () => {
  it('solves a real SHA-256 challenge into a header the API verifies', async () => {
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 4,
      counter: 40,
      deriveKey,
      hmacSignatureSecret: secret,
      expiresAt: Math.floor(Date.now() / 1000) + 600,
    });
    const { fetch, calls } = fakeFetch(json(challenge));
    const solve = createBotCheckSolver({ baseUrl: 'https://api.test/', fetch });
    const header = await solve('login');
    expect(calls[0]!.url).toBe('https://api.test/v1/bot-check/challenge');
    expect(calls[0]!.init.method).toBe('GET');

    // What api/src/platform/bot-check.ts does with the header.
    const decoded = JSON.parse(Buffer.from(header, 'base64').toString('utf8'));
    expect(decoded.challenge).toEqual(challenge);
    const result = await verifySolution({
      challenge: decoded.challenge,
      solution: decoded.solution,
      deriveKey,
      hmacSignatureSecret: secret,
    });
    expect(result.verified).toBe(true);
  });

  it('fails on a challenge of the wrong shape or a failed GET', async () => {
    await expect(
      createBotCheckSolver({ baseUrl: 'https://a.test', fetch: fakeFetch(json({})).fetch })('login'),
    ).rejects.toThrow();
    await expect(
      createBotCheckSolver({ baseUrl: 'https://a.test', fetch: fakeFetch(json({}, 429)).fetch })('login'),
    ).rejects.toThrow('status 429');
  });

  it('encodes UTF-8 as base64 the way Buffer decodes it', () => {
    const text = JSON.stringify({ data: 'Zoë ♫' });
    expect(Buffer.from(toBase64(text), 'base64').toString('utf8')).toBe(text);
  });
});
