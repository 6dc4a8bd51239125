import {
  currentUserSchema,
  type Endpoint,
  type EndpointArgs,
  endpoints,
  userWithSessionSchema,
} from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  expectError,
  expectShape,
  lastMailTo,
  linkParams,
  login,
  PASSWORD,
} from '../../testing/fixtures.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type BodyOf<E extends Endpoint> = EndpointArgs<E> extends { body: infer B } ? B : never;
/** Requests with a body to the accounts endpoints, as a visitor without a session sends them. */
const poster =
  <E extends Endpoint>(endpoint: E) =>
  (body: BodyOf<E>) =>
    t.app.inject(injectOf(endpoint, { body } as unknown as EndpointArgs<E>));
const postSignup = poster(endpoints.accounts.signup);
const postActivation = poster(endpoints.accounts.activateEmail);
const askForReset = poster(endpoints.accounts.requestPasswordReset);
const resetPassword = poster(endpoints.accounts.resetPassword);
const logIn = poster(endpoints.sessions.login);
const me = (accessToken: string) => t.app.inject(injectOf(endpoints.users.me, {}, { session: accessToken }));

describe('POST /v1/signup', () => {
  it('creates the account, answers the user with an active session and mails an activation link', async () => {
    const response = await postSignup({
      email: 'New.Artist@Example.test',
      password: 'a long enough password',
      firstName: 'Nia',
      lastName: 'Okoye',
      country: 'NG',
      city: 'Lagos',
    });
    expect(response.statusCode, response.body).toBe(201);
    const user = expectShape(userWithSessionSchema, response);
    expect(user).toMatchObject({
      email: 'new.artist@example.test',
      firstName: 'Nia',
      lastName: 'Okoye',
      account: { country: 'NG', city: 'Lagos', verifiedAt: null, suspendedAt: null },
      session: { status: 'active', user: { email: 'new.artist@example.test' } },
    });
    const current = expectShape(currentUserSchema, await me(user.session!.token.accessToken));
    expect(current).toMatchObject({ emailVerified: false, isAdmin: false, secondStep: 'none' });

    const mail = await lastMailTo(t.db, 'new.artist@example.test');
    expect(mail.template).toBe('email-activation');
    expect(mail.link).toMatch(/^http:\/\/localhost:4200\/auth\/signup\?challengeId=[0-9a-f-]{36}&secret=/);
    expect(mail.text_body).toContain(mail.link);
  });

  it('refuses a taken address with 409 naming the field', async () => {
    const existing = await createUser(t.db);
    const response = await postSignup({
      email: existing.email,
      password: 'a long enough password',
      firstName: 'Dup',
      lastName: 'Licate',
    });
    const error = expectError(response, 409, 'EMAIL_TAKEN');
    expect(error.details).toEqual([{ path: ['body', 'email'], message: 'Already registered' }]);
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM accounts');
    const users = await t.db.query('SELECT count(*)::int AS n FROM users');
    expect(rows[0].n).toBe(users.rows[0].n);
  });
});

describe('POST /v1/emails (activation)', () => {
  it('confirms the address with the link and answers the user with a session, once', async () => {
    const signup = expectShape(
      userWithSessionSchema,
      await postSignup({
        email: 'activate-me@example.test',
        password: 'a long enough password',
        firstName: 'Ari',
        lastName: 'Tan',
      }),
    );
    const params = linkParams((await lastMailTo(t.db, 'activate-me@example.test')).link);
    const response = await postActivation(params);
    expect(response.statusCode, response.body).toBe(200);
    const activated = expectShape(userWithSessionSchema, response);
    expect(activated.id).toBe(signup.id);
    expect(activated.session).toMatchObject({ status: 'active' });
    const current = expectShape(currentUserSchema, await me(activated.session!.token.accessToken));
    expect(current.emailVerified).toBe(true);

    expectError(await postActivation(params), 400, 'LINK_INVALID');
  });

  it('refuses a wrong secret and an unknown challenge the same way', async () => {
    const wrong = await postActivation({
      challengeId: '00000000-0000-4000-8000-000000000000',
      secret: 'x'.repeat(32),
    });
    expectError(wrong, 400, 'LINK_INVALID');
  });
});

describe('password reset', () => {
  it('answers 204 whether or not the address has an account, mailing only a real one', async () => {
    const user = await createUser(t.db);
    const known = await askForReset({ email: user.email });
    const unknown = await askForReset({ email: 'ghost@example.test' });
    expect([known.statusCode, known.body]).toEqual([204, '']);
    expect([unknown.statusCode, unknown.body]).toEqual([204, '']);
    expect((await lastMailTo(t.db, user.email)).template).toBe('password-reset');
    await expect(lastMailTo(t.db, 'ghost@example.test')).rejects.toThrow('no mail');
  });

  it('sets the new password, ends every old session and answers a new one', async () => {
    const user = await createUser(t.db);
    const before = await login(t.app, user.email);
    await askForReset({ email: user.email });
    const params = linkParams((await lastMailTo(t.db, user.email)).link);
    expect((await lastMailTo(t.db, user.email)).link).toContain('/auth/forgot?');

    const response = await resetPassword({ ...params, password: 'my brand new passphrase' });
    expect(response.statusCode, response.body).toBe(200);
    const reset = expectShape(userWithSessionSchema, response);
    expect(reset.session).toMatchObject({ status: 'active', user: { id: user.id } });

    expectError(await me(before.token.accessToken), 401, 'SESSION_ENDED');
    expectError(await logIn({ email: user.email, password: PASSWORD }), 401, 'INVALID_CREDENTIALS');
    await login(t.app, user.email, 'my brand new passphrase');
    expectError(await resetPassword({ ...params, password: 'yet another passphrase' }), 400, 'LINK_INVALID');
  });

  it('only the newest link works', async () => {
    const user = await createUser(t.db);
    await askForReset({ email: user.email });
    const older = linkParams((await lastMailTo(t.db, user.email)).link);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await askForReset({ email: user.email });
    expectError(await resetPassword({ ...older, password: 'another long passphrase' }), 400, 'LINK_INVALID');
  });

  it('keeps the second step after a reset', async () => {
    const user = await createUser(t.db, { secondStep: 'email' });
    await askForReset({ email: user.email });
    const params = linkParams((await lastMailTo(t.db, user.email)).link);
    const reset = expectShape(
      userWithSessionSchema,
      await resetPassword({ ...params, password: 'reset but still two steps' }),
    );
    expect(reset.session).toMatchObject({ status: 'pending', challenge: { method: 'email' } });
  });
});
