import {
  type Endpoint,
  type EndpointArgs,
  endpoints,
  adminUserPageSchema,
  adminUserSchema,
  currentUserSchema,
  impersonationAuditPageSchema,
  sessionSchema,
  type Session,
} from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../platform/auth-guard.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { refreshTokenSetBy, refreshWith, setCookiesOf } from '../../testing/refresh-cookie.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { IMPERSONATION_REFRESH_COOKIE } from '../sessions/index.js';

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

/** A call to an endpoint as the session's user (or without a session). */
const send = <E extends Endpoint>(endpoint: E, args: EndpointArgs<E>, session?: Session) =>
  t.app.inject(injectOf(endpoint, args, session ? { session } : {}));
const impersonate = (session: Session, userId: string) =>
  send(endpoints.admin.impersonate, { body: { userId } }, session);
const nobody = '00000000-0000-4000-8000-000000000000';

describe('admin routes refuse everyone but admins', () => {
  it.each([
    ['users', (session?: Session) => send(endpoints.admin.users, { query: {} }, session)],
    ['impersonations', (session?: Session) => send(endpoints.admin.impersonations, { query: {} }, session)],
    [
      'impersonate',
      (session?: Session) => send(endpoints.admin.impersonate, { body: { userId: artist.id } }, session),
    ],
    ['suspend', (session?: Session) => send(endpoints.admin.suspend, { params: { id: nobody } }, session)],
    [
      'unsuspend',
      (session?: Session) => send(endpoints.admin.unsuspend, { params: { id: nobody } }, session),
    ],
  ] as const)('%s: 401 without a session, 403 for an artist', async (_name, request) => {
    expectError(await request(), 401, 'UNAUTHENTICATED');
    expectError(await request(artistSession), 403, 'ADMIN_REQUIRED');
  });
});

describe('GET /v1/admin/users', () => {
  it('searches e-mail and names and pages with the spec’s envelope', async () => {
    for (let i = 0; i < 5; i += 1) await createUser(t.db, { firstName: 'Paged', lastName: `Person ${i}` });
    const page = async (query: EndpointArgs<typeof endpoints.admin.users>['query']) => {
      const response = await send(endpoints.admin.users, { query }, adminSession);
      expect(response.statusCode, response.body).toBe(200);
      return expectShape(adminUserPageSchema, response);
    };
    const first = await page({ q: 'paged', size: 2, order_by: 'last_name', order: 'asc' });
    expect(first).toMatchObject({ currentOffset: 0, size: 2, totalItems: 5, nextOffset: 2 });
    expect(first.previousOffset).toBeUndefined();
    expect(first.items.map((user) => user.lastName)).toEqual(['Person 0', 'Person 1']);
    const last = await page({ q: 'PAGED', size: 2, offset: 4, order_by: 'last_name', order: 'asc' });
    expect(last).toMatchObject({ currentOffset: 4, previousOffset: 2, totalItems: 5 });
    expect(last.nextOffset).toBeUndefined();

    const byName = await page({ q: 'zuri wanjiru' });
    expect(byName.items).toEqual([
      expect.objectContaining({ id: artist.id, isAdmin: false, secondStep: 'none' }),
    ]);
    expect((await page({ q: '100%' })).totalItems).toBe(0);
  });
});

describe('POST /v1/admin/impersonations', () => {
  it('answers a time-limited session for the user carrying the admin’s e-mail, audited', async () => {
    const response = await impersonate(adminSession, artist.id);
    expect(response.statusCode, response.body).toBe(201);
    const session = expectShape(sessionSchema, response);
    expect(session).toMatchObject({ status: 'active', adminEmail: admin.email, user: { id: artist.id } });
    expect(Date.parse(session.expiresAt!)).toBeLessThanOrEqual(Date.now() + 60 * 60_000 + 1000);

    const me = await send(endpoints.users.me, {}, session);
    expect(expectShape(currentUserSchema, me).id).toBe(artist.id);
    // Acting as the user does not carry admin rights along.
    expectError(await send(endpoints.admin.users, { query: {} }, session), 403, 'ADMIN_REQUIRED');

    const audit = await t.db.query(
      'SELECT admin_id, user_id, ended_at FROM impersonations WHERE session_id = $1',
      [session.id],
    );
    expect(audit.rows).toEqual([{ admin_id: admin.id, user_id: artist.id, ended_at: null }]);

    await send(endpoints.sessions.destroy, {}, session);
    const ended = await t.db.query('SELECT ended_at FROM impersonations WHERE session_id = $1', [session.id]);
    expect(ended.rows[0].ended_at).toBeInstanceOf(Date);
  });

  it('keeps the admin marker through a refresh and stops at the time limit', async () => {
    const started = await impersonate(adminSession, artist.id);
    const session = expectShape(sessionSchema, started);
    // The impersonation's refresh token has a cookie of its own; the admin's own cookie is left alone.
    expect(setCookiesOf(started).map((cookie) => cookie.name)).toEqual([IMPERSONATION_REFRESH_COOKIE]);
    const refreshed = await refreshWith(t.app, refreshTokenSetBy(started, true), { impersonation: true });
    expect(expectShape(sessionSchema, refreshed).adminEmail).toBe(admin.email);
    expect(refreshTokenSetBy(refreshed, true)).toBeTruthy();
    await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      session.id,
    ]);
    expectError(await send(endpoints.users.me, {}, session), 401, 'SESSION_ENDED');
  });

  it('skips the user’s second step and lets a suspended user’s page open (the admin flag passes)', async () => {
    const guarded = await createUser(t.db, { secondStep: 'email', suspended: true });
    const session = expectShape(sessionSchema, await impersonate(adminSession, guarded.id));
    expect(session.status).toBe('active');
    const change = await send(endpoints.users.update, { body: { city: 'Nairobi' } }, session);
    expect(change.statusCode).toBe(200);
  });

  it('refuses to impersonate an admin, and answers 404 for nobody', async () => {
    const other = await createUser(t.db, { isAdmin: true });
    expectError(await impersonate(adminSession, other.id), 403, 'IMPERSONATION_FORBIDDEN');
    expectError(await impersonate(adminSession, admin.id), 403, 'IMPERSONATION_FORBIDDEN');
    expectError(await impersonate(adminSession, nobody), 404, 'NOT_FOUND');
  });
});

describe('GET /v1/admin/impersonations', () => {
  it('lists who viewed the product as whom, newest first, open or ended, and narrows to one user', async () => {
    const other = await createUser(t.db, { firstName: 'Ines', lastName: 'Duarte' });
    const first = expectShape(sessionSchema, await impersonate(adminSession, artist.id));
    await send(endpoints.sessions.destroy, {}, first);
    const second = expectShape(sessionSchema, await impersonate(adminSession, other.id));

    const all = expectShape(
      impersonationAuditPageSchema,
      await send(endpoints.admin.impersonations, { query: { size: 50 } }, adminSession),
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
      await send(endpoints.admin.impersonations, { query: { userId: other.id } }, adminSession),
    );
    expect(forOther.items.map((entry) => entry.user.id)).toEqual([other.id]);
    expect(forOther.totalItems).toBe(1);
    expectError(
      await send(endpoints.admin.impersonations, { query: { userId: 'not-a-uuid' } }, adminSession),
      400,
      'VALIDATION_FAILED',
    );
    await send(endpoints.sessions.destroy, {}, second);
  });
});

describe('suspend and unsuspend', () => {
  it('suspension ends every session of the user; unsuspension lifts the restriction', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.email);
    const suspend = await send(endpoints.admin.suspend, { params: { id: user.id } }, adminSession);
    expect(suspend.statusCode, suspend.body).toBe(200);
    expect(expectShape(adminUserSchema, suspend).account.suspendedAt).not.toBeNull();
    expectError(await send(endpoints.users.me, {}, session), 401, 'SESSION_ENDED');

    const again = await login(t.app, user.email);
    const blocked = await send(endpoints.users.update, { body: { city: 'Kigali' } }, again);
    expectError(blocked, 403, 'ACCOUNT_SUSPENDED');

    const unsuspend = await send(endpoints.admin.unsuspend, { params: { id: user.id } }, adminSession);
    expect(expectShape(adminUserSchema, unsuspend).account.suspendedAt).toBeNull();
    const allowed = await send(endpoints.users.update, { body: { city: 'Kigali' } }, again);
    expect(allowed.statusCode).toBe(200);
  });

  it('refuses to suspend an admin and names a malformed id', async () => {
    const response = await send(endpoints.admin.suspend, { params: { id: admin.id } }, adminSession);
    expectError(response, 403, 'FORBIDDEN');
    const malformed = await send(endpoints.admin.suspend, { params: { id: 'not-a-uuid' } }, adminSession);
    expect(expectError(malformed, 400, 'VALIDATION_FAILED').details?.[0]?.path).toEqual(['params', 'id']);
  });
});
