import { adminAuditPageSchema, endpoints, type Session } from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let admin: Session;
let adminId: string;
let artist: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  const [a, b] = await Promise.all([createUser(t.db, { isAdmin: true }), createUser(t.db)]);
  adminId = a.id;
  artist = b;
  admin = await login(t.app, a.email);
});
afterAll(() => t.close());

const auditOf = async (session: Session) =>
  expectShape(
    adminAuditPageSchema,
    await t.app.inject(injectOf(endpoints.audit.list, { query: {} }, { session })),
  );

describe('the admin audit log', () => {
  it('records each change an admin made (suspension, impersonation), newest first, and no reads or failures', async () => {
    await t.app.inject(injectOf(endpoints.admin.users, { query: {} }, { session: admin }));
    const suspend = await t.app.inject(
      injectOf(endpoints.admin.suspend, { params: { id: artist.id } }, { session: admin }),
    );
    expect(suspend.statusCode, suspend.body).toBe(200);
    await t.app.inject(
      injectOf(endpoints.admin.unsuspend, { params: { id: artist.id } }, { session: admin }),
    );
    const impersonation = await t.app.inject(
      injectOf(endpoints.admin.impersonate, { body: { userId: artist.id } }, { session: admin }),
    );
    expect(impersonation.statusCode).toBe(201);
    // A refused change is not an action taken.
    const refused = await t.app.inject(
      injectOf(
        endpoints.admin.suspend,
        { params: { id: '00000000-0000-4000-8000-000000000000' } },
        { session: admin },
      ),
    );
    expect(refused.statusCode).toBe(404);

    const page = await auditOf(admin);
    expect(page.items.map((event) => [event.method, event.route, event.params['id'] ?? null])).toEqual([
      ['POST', '/v1/admin/impersonations', null],
      ['POST', '/v1/admin/users/:id/unsuspend', artist.id],
      ['POST', '/v1/admin/users/:id/suspend', artist.id],
    ]);
    expect(page.items.every((event) => event.adminId === adminId)).toBe(true);
    expect(page.items[2]!.action).toBe(endpoints.admin.suspend.summary);
  });

  it('records every write made while impersonating, allowed or refused, as the admin viewing as the user', async () => {
    const viewed = await createUser(t.db);
    const impersonation = await t.app.inject(
      injectOf(endpoints.admin.impersonate, { body: { userId: viewed.id } }, { session: admin }),
    );
    const viewing = impersonation.json<Session>();
    const as = { session: viewing };
    // A read is not recorded; a change of the user's name is allowed; moving money and admin calls are refused.
    await t.app.inject(injectOf(endpoints.wallet.get, {}, as));
    const renamed = await t.app.inject(
      injectOf(endpoints.users.update, { body: { firstName: 'Viewed' } }, as),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const album = '00000000-0000-4000-8000-000000000001';
    const split = await t.app.inject(
      injectOf(
        endpoints.splits.put,
        { params: { id: album }, body: { effectiveFrom: '2030-01-01', participants: [] } },
        as,
      ),
    );
    expectError(split, 403, 'IMPERSONATION_READ_ONLY');
    expectError(
      await t.app.inject(injectOf(endpoints.admin.suspend, { params: { id: viewed.id } }, as)),
      403,
      'ADMIN_REQUIRED',
    );
    const page = await auditOf(admin);
    const mine = page.items.filter((event) => event.impersonatedUserId === viewed.id);
    expect(
      mine.map((event) => [
        event.method,
        event.route,
        event.status,
        event.adminId,
        event.impersonatedUserEmail,
      ]),
    ).toEqual([
      ['POST', '/v1/admin/users/:id/suspend', 403, adminId, viewed.email],
      ['PUT', '/v1/albums/:id/splits', 403, adminId, viewed.email],
      ['POST', '/v1/users/me', 200, adminId, viewed.email],
    ]);
    expect(mine[1]!.params).toEqual({ id: album });
    // The admin's own actions name nobody.
    const own = page.items.find((event) => event.route === '/v1/admin/impersonations');
    expect(own?.impersonatedUserId).toBeNull();
  });

  it('is for administrators only and cannot be rewritten', async () => {
    const user = await createUser(t.db);
    expectError(
      await t.app.inject(
        injectOf(endpoints.audit.list, { query: {} }, { session: await login(t.app, user.email) }),
      ),
      403,
      'ADMIN_REQUIRED',
    );
    await expect(t.db.query('DELETE FROM admin_audit_events')).rejects.toThrow(/append-only/);
    await expect(t.db.query(`UPDATE admin_audit_events SET route = 'x'`)).rejects.toThrow(/append-only/);
  });
});
