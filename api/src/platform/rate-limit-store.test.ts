import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { expectError } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { cleanUp } from './cleanup.js';

// Two applications on one database stand for two API processes: the counter is the database's, not a process's.
let first: TestApp;
let second: FastifyInstance;
beforeAll(async () => {
  first = await createTestApp({ rateLimitFactor: 1, botCheck: 'soft' });
  second = await buildApp(first.config, { db: first.db, jobs: first.jobs });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const login = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/v1/sessions',
    remoteAddress,
    payload: { email: 'nobody@example.test', password: 'wrong password' },
  });

describe('rate limits counted in PostgreSQL', () => {
  it('holds one ceiling across two applications on one database, whichever answers', async () => {
    // Soft bot-check policy without a token: 5 a minute for the address, in total.
    const answers = [];
    for (let i = 0; i < 5; i += 1)
      answers.push((await login(i % 2 === 0 ? first.app : second, '203.0.113.70')).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401]);
    expectError(await login(second, '203.0.113.70'), 429, 'RATE_LIMITED');
    expectError(await login(first.app, '203.0.113.70'), 429, 'RATE_LIMITED');
    const remaining = await login(first.app, '203.0.113.71');
    expect(remaining.statusCode).toBe(401);
    expect(remaining.headers['x-ratelimit-remaining']).toBe('4');
  });

  it('counts concurrent hits exactly (one upsert per hit)', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(i % 2 === 0 ? first.app : second, '203.0.113.72')),
    );
    expect(statuses.filter((answer) => answer.statusCode === 401)).toHaveLength(5);
    expect(statuses.filter((answer) => answer.statusCode === 429)).toHaveLength(7);
  });

  it('starts a new window once the old one has ended, and the cleanup job removes ended windows', async () => {
    for (let i = 0; i < 6; i += 1) await login(first.app, '203.0.113.73');
    expectError(await login(second, '203.0.113.73'), 429, 'RATE_LIMITED');
    await first.db.query(
      `UPDATE rate_limit_counters SET resets_at = now() - interval '1 second' WHERE key LIKE '%203.0.113.73'`,
    );
    expect((await login(second, '203.0.113.73')).statusCode).toBe(401);
    await login(first.app, '203.0.113.74');
    await first.db.query(
      `UPDATE rate_limit_counters SET resets_at = now() - interval '1 second' WHERE key LIKE '%203.0.113.74'`,
    );
    await cleanUp(first.db);
    const { rows } = await first.db.query(
      `SELECT key FROM rate_limit_counters WHERE key LIKE '%203.0.113.74'`,
    );
    expect(rows).toEqual([]);
  });
});
