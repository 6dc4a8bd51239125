import { type AnalyticsEvent, endpoints, type Session } from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const record = (body: AnalyticsEvent, session?: Session | string) =>
  t.app.inject(
    injectOf(
      endpoints.events.record,
      { body },
      { headers: { 'user-agent': 'vitest' }, ...(session ? { session } : {}) },
    ),
  );

describe('POST /v1/events', () => {
  it('stores an anonymous page:error with its properties', async () => {
    const response = await record({
      name: 'page:error',
      properties: { status: 404, detail: 'Something is missing' },
      path: '/albums/nope',
    });
    expect([response.statusCode, response.body]).toEqual([204, '']);
    const { rows } = await t.db.query(`SELECT * FROM analytics_events WHERE path = '/albums/nope'`);
    expect(rows[0]).toMatchObject({
      name: 'page:error',
      user_id: null,
      properties: { status: 404, detail: 'Something is missing' },
      user_agent: 'vitest',
    });
  });

  it('attributes an event to the signed-in user, and still records one with a stale token', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.email);
    expect((await record({ name: 'login', occurredAt: '2026-01-02T03:04:05Z' }, session)).statusCode).toBe(
      204,
    );
    expect((await record({ name: 'login' }, 'expired-or-forged')).statusCode).toBe(204);
    const { rows } = await t.db.query(
      `SELECT user_id, session_id, occurred_at FROM analytics_events WHERE name = 'login' ORDER BY id`,
    );
    expect(rows).toEqual([
      { user_id: user.id, session_id: session.id, occurred_at: new Date('2026-01-02T03:04:05Z') },
      expect.objectContaining({ user_id: null }),
    ]);
  });

  it('refuses more than 16 KB', async () => {
    const response = await record({ name: 'big', properties: { blob: 'x'.repeat(20_000) } });
    expect(response.statusCode).toBe(413);
  });
});
