import { currentUserSchema, type EndpointArgs, endpoints, SUSPENDED_MESSAGE } from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectError, expectShape, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET and POST /v1/users/me', () => {
  it('reads the signed-in user with what only its owner sees', async () => {
    const user = await createUser(t.db, {
      firstName: 'Kofi',
      lastName: 'Mensah',
      country: 'GH',
      city: 'Accra',
    });
    const session = await login(t.app, user.email);
    const response = await t.app.inject(injectOf(endpoints.users.me, {}, { session }));
    expect(expectShape(currentUserSchema, response)).toEqual({
      id: user.id,
      email: user.email,
      firstName: 'Kofi',
      lastName: 'Mensah',
      createdAt: user.createdAt.toISOString(),
      account: { id: user.account.id, country: 'GH', city: 'Accra', verifiedAt: null, suspendedAt: null },
      isAdmin: false,
      emailVerified: true,
      secondStep: 'none',
    });
  });

  it('changes names, country and city; null clears; absent keeps', async () => {
    const user = await createUser(t.db, { country: 'SE', city: 'Malmö' });
    const session = await login(t.app, user.email);
    const update = (body: EndpointArgs<typeof endpoints.users.update>['body']) =>
      t.app.inject(injectOf(endpoints.users.update, { body }, { session }));
    const first = expectShape(currentUserSchema, await update({ firstName: '  Mara ', city: 'Lund' }));
    expect(first).toMatchObject({ firstName: 'Mara', account: { country: 'SE', city: 'Lund' } });
    const second = expectShape(currentUserSchema, await update({ country: null, lastName: 'Lind' }));
    expect(second).toMatchObject({
      firstName: 'Mara',
      lastName: 'Lind',
      account: { country: null, city: 'Lund' },
    });
  });

  it('only ever touches the caller: another user’s id or e-mail in the body changes nothing of theirs', async () => {
    const a = await createUser(t.db, { firstName: 'Alice' });
    const b = await createUser(t.db, { firstName: 'Bob' });
    const session = await login(t.app, a.email);
    // Fields the endpoint does not take ride along, as a hand-made request could send them.
    const body = { id: b.id, email: b.email, userId: b.id, firstName: 'Mallory' };
    const response = await t.app.inject(injectOf(endpoints.users.update, { body }, { session }));
    expect(expectShape(currentUserSchema, response)).toMatchObject({
      id: a.id,
      email: a.email,
      firstName: 'Mallory',
    });
    const { rows } = await t.db.query('SELECT first_name, email FROM users WHERE id = $1', [b.id]);
    expect(rows[0]).toEqual({ first_name: 'Bob', email: b.email });
  });
});

describe('a suspended account', () => {
  it('may sign in, read itself and log out, and nothing else', async () => {
    const user = await createUser(t.db, { suspended: true });
    const session = await login(t.app, user.email);
    expect(session.user.account.suspendedAt).not.toBeNull();

    const read = await t.app.inject(injectOf(endpoints.users.me, {}, { session }));
    expect(expectShape(currentUserSchema, read).account.suspendedAt).not.toBeNull();

    const change = await t.app.inject(
      injectOf(endpoints.users.update, { body: { firstName: 'Still here' } }, { session }),
    );
    expect(expectError(change, 403, 'ACCOUNT_SUSPENDED').message).toBe(SUSPENDED_MESSAGE);
    expectError(
      await t.app.inject(injectOf(endpoints.admin.users, { query: {} }, { session })),
      403,
      'ADMIN_REQUIRED',
    );

    const logout = await t.app.inject(injectOf(endpoints.sessions.destroy, {}, { session }));
    expect(logout.statusCode).toBe(204);
  });

  it('is suspended only once suspendedAt has passed', async () => {
    const user = await createUser(t.db);
    await t.db.query(`UPDATE accounts SET suspended_at = now() + interval '1 day' WHERE id = $1`, [
      user.account.id,
    ]);
    const session = await login(t.app, user.email);
    const change = await t.app.inject(
      injectOf(endpoints.users.update, { body: { city: 'Oslo' } }, { session }),
    );
    expect(change.statusCode).toBe(200);
  });
});
