import {
  currentUserSchema,
  type Endpoint,
  type EndpointArgs,
  endpoints,
  signupReceiptSchema,
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
import { SIGN_UP_ATTEMPT_MAILS_PER_DAY } from './service.js';

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

const signupFields = (email: string) => ({
  email,
  password: 'a long enough password',
  firstName: 'Nia',
  lastName: 'Okoye',
});
const countOf = async (sql: string, params: unknown[] = []) =>
  (await t.db.query<{ n: number }>(sql, params)).rows[0]!.n;
const mailsTo = (to: string, template: string) =>
  countOf('SELECT count(*)::int AS n FROM outbox WHERE recipient = $1 AND template = $2', [to, template]);

describe('POST /v1/signup', () => {
  it('answers a new and a taken address alike: 202 "check your mail", no session, no cookie', async () => {
    const existing = await createUser(t.db);
    const started = performance.now();
    const taken = await postSignup({ ...signupFields(existing.email.toUpperCase()), firstName: 'Someone' });
    const takenMs = performance.now() - started;
    const fresh = await postSignup({
      ...signupFields('New.Artist@Example.test'),
      country: 'NG',
      city: 'Lagos',
    });

    for (const response of [taken, fresh]) {
      expect(response.statusCode, response.body).toBe(202);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(Object.keys(response.json<object>()).sort()).toEqual(['email', 'status']);
      expect(response.body).not.toMatch(/token|session|"id"/i);
    }
    expect(expectShape(signupReceiptSchema, taken)).toEqual({ email: existing.email, status: 'CHECK_MAIL' });
    expect(expectShape(signupReceiptSchema, fresh)).toEqual({
      email: 'new.artist@example.test',
      status: 'CHECK_MAIL',
    });
    // Neither path answers sooner than the floor, so the time taken does not tell them apart.
    expect(takenMs).toBeGreaterThanOrEqual(400);
  });

  it('creates the new account, not signed in, and mails it the activation link', async () => {
    await postSignup({ ...signupFields('created@example.test'), country: 'NG', city: 'Lagos' });
    const { rows } = await t.db.query(
      `SELECT u.first_name, u.email_verified_at, a.country, a.city FROM users u JOIN accounts a ON a.id = u.account_id
        WHERE u.email = 'created@example.test'`,
    );
    expect(rows).toEqual([{ first_name: 'Nia', email_verified_at: null, country: 'NG', city: 'Lagos' }]);
    expect(
      await countOf(
        'SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1',
        ['created@example.test'],
      ),
    ).toBe(0);

    const mail = await lastMailTo(t.db, 'created@example.test');
    expect(mail.template).toBe('email-activation');
    expect(mail.link).toMatch(
      /^http:\/\/localhost:4200\/auth\/signup\?challengeId=[0-9a-f-]{36}&secret=[^&]+$/,
    );
    expect(mail.text_body).toContain(mail.link);
  });

  it('carries the return target into the activation link as `from`', async () => {
    const response = await postSignup({
      ...signupFields('invited@example.test'),
      returnTo: '/splits/invites/abc?x=1',
    });
    expect(response.statusCode, response.body).toBe(202);
    const link = new URL((await lastMailTo(t.db, 'invited@example.test')).link ?? '');
    expect(link.searchParams.get('from')).toBe('/splits/invites/abc?x=1');
  });

  it('refuses a return target on another site, naming the field', async () => {
    const response = await postSignup({ ...signupFields('away@example.test'), returnTo: '//evil.example/x' });
    const error = expectError(response, 400, 'VALIDATION_FAILED');
    expect(error.details?.map((detail) => detail.path)).toEqual([['body', 'returnTo']]);
  });

  it('creates nothing for a taken address and tells its owner, a few times a day at most', async () => {
    const existing = await createUser(t.db, { firstName: 'Owen' });
    const accounts = await countOf('SELECT count(*)::int AS n FROM accounts');
    for (let attempt = 0; attempt < 5; attempt++)
      expect(
        (await postSignup({ ...signupFields(existing.email), password: 'another password!' })).statusCode,
      ).toBe(202);

    expect(await countOf('SELECT count(*)::int AS n FROM accounts')).toBe(accounts);
    expect(await countOf('SELECT count(*)::int AS n FROM users')).toBe(accounts);
    expect(await mailsTo(existing.email, 'email-activation')).toBe(0);
    expect(await mailsTo(existing.email, 'sign-up-attempt')).toBe(SIGN_UP_ATTEMPT_MAILS_PER_DAY);
    const mail = await lastMailTo(t.db, existing.email);
    expect(mail.subject).toBe('Someone tried to sign up to Tunehouse with your address');
    expect(mail.text_body).toContain('Hi Owen,');
    expect(mail.text_body).toContain('http://localhost:4200/auth/login');
    expect(mail.text_body).toContain('http://localhost:4200/auth/forgot');
    expect(mail.text_body).not.toContain('Nia');
    // The password typed in the attempt changed nothing.
    await login(t.app, existing.email);
  });
});

describe('POST /v1/emails (activation)', () => {
  it('confirms the address with the link and answers the user with a session, once', async () => {
    await postSignup(signupFields('activate-me@example.test'));
    const params = linkParams((await lastMailTo(t.db, 'activate-me@example.test')).link);
    const response = await postActivation(params);
    expect(response.statusCode, response.body).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/^tunehouse_refresh=/);
    const activated = expectShape(userWithSessionSchema, response);
    expect(activated).toMatchObject({
      email: 'activate-me@example.test',
      firstName: 'Nia',
      session: { status: 'active', user: { email: 'activate-me@example.test' } },
    });
    const current = expectShape(currentUserSchema, await me(activated.session!.token.accessToken));
    expect(current).toMatchObject({ emailVerified: true, isAdmin: false, secondStep: 'none' });

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
