import {
  adminUserPageSchema,
  adminUserSchema,
  currentUserSchema,
  impersonationAuditPageSchema,
  sessionSchema,
  type Session,
} from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../platform/auth-guard.js';
import { bearer, createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let admin: UserRecord;
let adminSession: Session;
let artist: UserRecord;
let artistSession: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { isAdmin: true, firstName: 'Ada', lastName: 'Okafor' });
  artist = await createUser(t.db, { firstName: 'Zuri', lastName: 'Wanjiru' });
  [adminSession, artistSession] = await Promise.all([login(t.app, admin.email), login(t.app, artist.email)]);
});
afterAll(() => t.close());

const as = (session: Session) => bearer(session);
const impersonate = (session: Session, userId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/admin/impersonations',
    headers: as(session),
    payload: { userId },
  });

describe('admin routes refuse everyone but admins', () => {
  it.each([
    ['GET', '/v1/admin/users'],
    ['GET', '/v1/admin/impersonations'],
    ['POST', '/v1/admin/impersonations'],
    ['POST', '/v1/admin/users/00000000-0000-4000-8000-000000000000/suspend'],
    ['POST', '/v1/admin/users/00000000-0000-4000-8000-000000000000/unsuspend'],
  ] as const)('%s %s: 401 without a session, 403 for an artist', async (method, url) => {
    const payload = method === 'POST' ? { userId: artist.id } : undefined;
    expectError(await t.app.inject({ method, url, payload }), 401, 'UNAUTHENTICATED');
    expectError(
      await t.app.inject({ method, url, payload, headers: as(artistSession) }),
      403,
      'ADMIN_REQUIRED',
    );
  });
});

describe('GET /v1/admin/users', () => {
  it('searches e-mail and names and pages with the spec’s envelope', async () => {
    for (let i = 0; i < 5; i += 1) await createUser(t.db, { firstName: 'Paged', lastName: `Person ${i}` });
    const page = async (query: string) => {
      const response = await t.app.inject({ url: `/v1/admin/users?${query}`, headers: as(adminSession) });
      expect(response.statusCode, response.body).toBe(200);
      return expectShape(adminUserPageSchema, response);
    };
    const first = await page('q=paged&size=2&order_by=last_name&order=asc');
    expect(first).toMatchObject({ currentOffset: 0, size: 2, totalItems: 5, nextOffset: 2 });
    expect(first.previousOffset).toBeUndefined();
    expect(first.items.map((user) => user.lastName)).toEqual(['Person 0', 'Person 1']);
    const last = await page('q=PAGED&size=2&offset=4&order_by=last_name&order=asc');
    expect(last).toMatchObject({ currentOffset: 4, previousOffset: 2, totalItems: 5 });
    expect(last.nextOffset).toBeUndefined();

    const byName = await page('q=zuri%20wanjiru');
    expect(byName.items).toEqual([
      expect.objectContaining({ id: artist.id, isAdmin: false, secondStep: 'none' }),
    ]);
    expect((await page('q=100%25')).totalItems).toBe(0);
  });
});

describe('POST /v1/admin/impersonations', () => {
  it('answers a time-limited session for the user carrying the admin’s e-mail, audited', async () => {
    const response = await impersonate(adminSession, artist.id);
    expect(response.statusCode, response.body).toBe(201);
    const session = expectShape(sessionSchema, response);
    expect(session).toMatchObject({ status: 'active', adminEmail: admin.email, user: { id: artist.id } });
    expect(Date.parse(session.expiresAt!)).toBeLessThanOrEqual(Date.now() + 60 * 60_000 + 1000);

    const me = await t.app.inject({ url: '/v1/users/me', headers: as(session) });
    expect(expectShape(currentUserSchema, me).id).toBe(artist.id);
    // Acting as the user does not carry admin rights along.
    expectError(await t.app.inject({ url: '/v1/admin/users', headers: as(session) }), 403, 'ADMIN_REQUIRED');

    const audit = await t.db.query(
      'SELECT admin_id, user_id, ended_at FROM impersonations WHERE session_id = $1',
      [session.id],
    );
    expect(audit.rows).toEqual([{ admin_id: admin.id, user_id: artist.id, ended_at: null }]);

    await t.app.inject({ method: 'DELETE', url: '/v1/sessions/current', headers: as(session) });
    const ended = await t.db.query('SELECT ended_at FROM impersonations WHERE session_id = $1', [session.id]);
    expect(ended.rows[0].ended_at).toBeInstanceOf(Date);
  });

  it('keeps the admin marker through a refresh and stops at the time limit', async () => {
    const session = expectShape(sessionSchema, await impersonate(adminSession, artist.id));
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/v1/sessions/current/refresh',
      payload: { refreshToken: session.token.refreshToken },
    });
    expect(expectShape(sessionSchema, refreshed).adminEmail).toBe(admin.email);
    await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      session.id,
    ]);
    expectError(await t.app.inject({ url: '/v1/users/me', headers: as(session) }), 401, 'SESSION_ENDED');
  });

  it('skips the user’s second step and lets a suspended user’s page open (the admin flag passes)', async () => {
    const guarded = await createUser(t.db, { secondStep: 'email', suspended: true });
    const session = expectShape(sessionSchema, await impersonate(adminSession, guarded.id));
    expect(session.status).toBe('active');
    const change = await t.app.inject({
      method: 'POST',
      url: '/v1/users/me',
      headers: as(session),
      payload: { city: 'Nairobi' },
    });
    expect(change.statusCode).toBe(200);
  });

  it('refuses to impersonate an admin, and answers 404 for nobody', async () => {
    const other = await createUser(t.db, { isAdmin: true });
    expectError(await impersonate(adminSession, other.id), 403, 'IMPERSONATION_FORBIDDEN');
    expectError(await impersonate(adminSession, admin.id), 403, 'IMPERSONATION_FORBIDDEN');
    expectError(await impersonate(adminSession, '00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
  });
});

describe('GET /v1/admin/impersonations', () => {
  it('lists who viewed the product as whom, newest first, open or ended, and narrows to one user', async () => {
    const other = await createUser(t.db, { firstName: 'Ines', lastName: 'Duarte' });
    const first = expectShape(sessionSchema, await impersonate(adminSession, artist.id));
    await t.app.inject({ method: 'DELETE', url: '/v1/sessions/current', headers: as(first) });
    const second = expectShape(sessionSchema, await impersonate(adminSession, other.id));

    const all = expectShape(
      impersonationAuditPageSchema,
      await t.app.inject({ url: '/v1/admin/impersonations?size=50', headers: as(adminSession) }),
    );
    const mine = all.items.filter((entry) => [artist.id, other.id].includes(entry.user.id));
    expect(mine[0]).toMatchObject({
      admin: { id: admin.id, email: admin.email },
      user: { id: other.id, firstName: 'Ines', lastName: 'Duarte' },
      endedAt: null,
    });
    expect(mine.find((entry) => entry.user.id === artist.id)?.endedAt).not.toBeNull();
    expect(Date.parse(mine[0]!.expiresAt)).toBeGreaterThan(Date.parse(mine[0]!.startedAt));

    const forOther = expectShape(
      impersonationAuditPageSchema,
      await t.app.inject({ url: `/v1/admin/impersonations?userId=${other.id}`, headers: as(adminSession) }),
    );
    expect(forOther.items.map((entry) => entry.user.id)).toEqual([other.id]);
    expect(forOther.totalItems).toBe(1);
    expectError(
      await t.app.inject({ url: '/v1/admin/impersonations?userId=not-a-uuid', headers: as(adminSession) }),
      400,
      'VALIDATION_FAILED',
    );
    await t.app.inject({ method: 'DELETE', url: '/v1/sessions/current', headers: as(second) });
  });
});

describe('suspend and unsuspend', () => {
  it('suspension ends every session of the user; unsuspension lifts the restriction', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.email);
    const suspend = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/users/${user.id}/suspend`,
      headers: as(adminSession),
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    expect(expectShape(adminUserSchema, suspend).account.suspendedAt).not.toBeNull();
    expectError(await t.app.inject({ url: '/v1/users/me', headers: as(session) }), 401, 'SESSION_ENDED');

    const again = await login(t.app, user.email);
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/v1/users/me',
      headers: as(again),
      payload: { city: 'Kigali' },
    });
    expectError(blocked, 403, 'ACCOUNT_SUSPENDED');

    const unsuspend = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/users/${user.id}/unsuspend`,
      headers: as(adminSession),
    });
    expect(expectShape(adminUserSchema, unsuspend).account.suspendedAt).toBeNull();
    const allowed = await t.app.inject({
      method: 'POST',
      url: '/v1/users/me',
      headers: as(again),
      payload: { city: 'Kigali' },
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('refuses to suspend an admin and names a malformed id', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/users/${admin.id}/suspend`,
      headers: as(adminSession),
    });
    expectError(response, 403, 'FORBIDDEN');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/users/not-a-uuid/suspend',
      headers: as(adminSession),
    });
    expect(expectError(malformed, 400, 'VALIDATION_FAILED').details?.[0]?.path).toEqual(['params', 'id']);
  });
});
