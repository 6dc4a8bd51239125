import {
  currentUserSchema,
  endpoints,
  REFRESH_REJECTED_MESSAGE,
  sessionSchema,
  type Session,
} from '@tunehouse/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import path from 'node:path';
import { loadConfig } from '../../platform/config.js';
import { TokenService } from '../../platform/tokens.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectError, expectShape, lastMailTo, login, PASSWORD } from '../../testing/fixtures.js';
import { refreshTokenSetBy, refreshWith, setCookiesOf, signIn } from '../../testing/refresh-cookie.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH } from './refresh-cookie.js';

const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refresh = (refreshToken: string | null, headers?: Record<string, string>) =>
  refreshWith(t.app, refreshToken, headers ? { headers } : {});
const me = (session: Session | string) => t.app.inject(injectOf(endpoints.users.me, {}, { session }));
const verify = (session: Session, secret: string) =>
  t.app.inject(injectOf(endpoints.sessions.verify, { body: { secret } }, { session }));

describe('POST /v1/sessions (login)', () => {
  it('answers an active session whose access token expires within 15 minutes', async () => {
    const user = await createUser(t.db, { firstName: 'Mara', lastName: 'Lindqvist' });
    const session = await login(t.app, user.email.toUpperCase());
    expect(session).toMatchObject({
      status: 'active',
      challenge: null,
      adminEmail: null,
      user: { id: user.id, email: user.email, firstName: 'Mara', account: { id: user.account.id } },
    });
    const claims = decodeJwt(session.token.accessToken);
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(900);
    expect(claims.sub).toBe(user.id);
    expect(Date.parse(session.expiresAt!)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(expectShape(currentUserSchema, await me(session)).id).toBe(user.id);
  });

  it('refuses a wrong password and an unknown address alike', async () => {
    const user = await createUser(t.db);
    const wrong = await t.app.inject(
      injectOf(endpoints.sessions.login, { body: { email: user.email, password: 'not the password' } }),
    );
    const unknown = await t.app.inject(
      injectOf(endpoints.sessions.login, { body: { email: 'nobody@example.test', password: PASSWORD } }),
    );
    expect(expectError(wrong, 401, 'INVALID_CREDENTIALS')).toEqual(
      expectError(unknown, 401, 'INVALID_CREDENTIALS'),
    );
  });

  it('hands the refresh token over only as an HttpOnly, SameSite=Strict cookie on the session calls’ path', async () => {
    const user = await createUser(t.db);
    const { session, refreshToken, response } = await signIn(t.app, user.email);
    // Nothing a page script can read carries it: not the body, not a readable cookie.
    expect(response.body).not.toContain(refreshToken);
    expect(JSON.stringify(session)).not.toMatch(/refresh/i);
    const cookie = setCookiesOf(response).find((entry) => entry.name === REFRESH_COOKIE)!;
    expect(cookie.attributes).toMatchObject({
      httponly: true,
      samesite: 'Strict',
      secure: true,
      path: '/v1/sessions/current',
    });
    expect(REFRESH_COOKIE_PATH).toBe('/v1/sessions/current');
    // It lives as long as the refresh token: 30 days by default.
    expect(Number(cookie.attributes['max-age'])).toBeGreaterThan(29 * 86_400);
    expect(Number(cookie.attributes['max-age'])).toBeLessThanOrEqual(30 * 86_400);
  });

  it('keeps no password or hash anywhere in the answer', async () => {
    const user = await createUser(t.db);
    const response = await t.app.inject(
      injectOf(endpoints.sessions.login, { body: { email: user.email, password: PASSWORD } }),
    );
    expect(response.body).not.toMatch(/argon2|password/i);
  });
});

describe('access tokens', () => {
  it('refuses a missing, forged or expired token with 401', async () => {
    expectError(await t.app.inject(injectOf(endpoints.users.me)), 401, 'UNAUTHENTICATED');
    expectError(await me('not-a-jwt'), 401, 'UNAUTHENTICATED');
    const user = await createUser(t.db);
    const session = await login(t.app, user.email);
    const forged = new TokenService('another-secret-another-secret-another', 900);
    expectError(await me(await forged.signAccess(user.id, String(session.id))), 401, 'UNAUTHENTICATED');
    const same = new TokenService(t.config.jwtSecret, 900);
    const old = await same.signAccess(user.id, String(session.id), new Date(Date.now() - 3600_000));
    expectError(await me(old), 401, 'ACCESS_TOKEN_EXPIRED');
  });
});

describe('POST /v1/sessions/current/refresh', () => {
  it('rotates the refresh token (a new cookie, not in the body) and keeps the session', async () => {
    const user = await createUser(t.db);
    const { session: first, refreshToken } = await signIn(t.app, user.email);
    const response = await refresh(refreshToken);
    expect(response.statusCode).toBe(200);
    const second = expectShape(sessionSchema, response);
    expect(second.id).toBe(first.id);
    const rotated = refreshTokenSetBy(response);
    expect(rotated).not.toBe(refreshToken);
    expect(response.body).not.toContain(rotated);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('treats reuse of a rotated token as theft: the whole family ends', async () => {
    const user = await createUser(t.db);
    const { session: first, refreshToken } = await signIn(t.app, user.email);
    const rotation = await refresh(refreshToken);
    const second = expectShape(sessionSchema, rotation);

    const reuse = await refresh(refreshToken);
    expect(expectError(reuse, 400, 'REFRESH_REJECTED').message).toBe(REFRESH_REJECTED_MESSAGE);
    // The thief's copy and the rightful new token both stop working, and so does the access token.
    expectError(await refresh(refreshTokenSetBy(rotation)), 400, 'REFRESH_REJECTED');
    expectError(await me(second), 401, 'SESSION_ENDED');
    const { rows } = await t.db.query('SELECT revoked_reason FROM sessions WHERE id = $1', [first.id]);
    expect(rows[0].revoked_reason).toBe('refresh_token_reuse');
  });

  it('refuses an expired refresh token with the spec’s message', async () => {
    const user = await createUser(t.db);
    const { session, refreshToken } = await signIn(t.app, user.email);
    await t.db.query(
      `UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE session_id = $1`,
      [session.id],
    );
    const response = await refresh(refreshToken);
    expect(expectError(response, 400, 'REFRESH_REJECTED').message).toBe(
      'Failed to refresh session with invalid or expired token',
    );
  });

  it('refuses an unknown token, and a refresh without the cookie', async () => {
    expectError(await refresh('made-up-token'), 400, 'REFRESH_REJECTED');
    expectError(await refresh(null), 400, 'REFRESH_REJECTED');
  });

  it('refuses a refresh from an origin outside CORS_ORIGINS or a cross-site page, and leaves the token unspent', async () => {
    const user = await createUser(t.db);
    const { refreshToken } = await signIn(t.app, user.email);
    // Same site, another origin (another port of the host): SameSite lets the cookie through, the Origin check does not.
    expectError(await refresh(refreshToken, { origin: 'http://localhost:9999' }), 403, 'FORBIDDEN');
    expectError(await refresh(refreshToken, { origin: 'null' }), 403, 'FORBIDDEN');
    expectError(
      await refresh(refreshToken, { origin: 'http://localhost:4200', 'sec-fetch-site': 'cross-site' }),
      403,
      'FORBIDDEN',
    );
    // Refused before the token was looked at: it still rotates (a spent one would end the session).
    const allowed = await refresh(refreshToken);
    expect(allowed.statusCode, allowed.body).toBe(200);
  });
});

describe('refresh origins of an API that is not the default local one (N8)', () => {
  let other: TestApp;
  beforeAll(async () => {
    // As `npm start` with other ports runs it: API on 3100, the shell on 5200, no CORS_ORIGINS beyond it.
    const { corsOrigins } = loadConfig({
      DATA_DIR: path.join(inject('runDir'), `origins-${process.pid}`),
      PORT: '3100',
      SITE_URL: 'http://localhost:5200',
    });
    other = await createTestApp({ corsOrigins });
  });
  afterAll(() => other.close());

  it('refuses a refresh from the development origins (localhost:4203) and takes one from its own shell', async () => {
    const user = await createUser(other.db);
    const { refreshToken } = await signIn(other.app, user.email);
    const from = (origin: string) => refreshWith(other.app, refreshToken, { headers: { origin } });
    expectError(await from('http://localhost:4203'), 403, 'FORBIDDEN');
    expectError(await from('http://127.0.0.1:4200'), 403, 'FORBIDDEN');
    expect((await from('http://localhost:5200')).statusCode).toBe(200);
  });

  it('while the default local API still takes them', async () => {
    const user = await createUser(t.db);
    const { refreshToken } = await signIn(t.app, user.email);
    const response = await refreshWith(t.app, refreshToken, { headers: { origin: 'http://localhost:4203' } });
    expect(response.statusCode).toBe(200);
  });
});

/** The answer tells the browser to drop the refresh cookie (emptied, expiring now). */
const clearsTheCookie = (response: LightMyRequestResponse) =>
  expect(setCookiesOf(response)).toEqual([
    expect.objectContaining({
      name: REFRESH_COOKIE,
      value: '',
      attributes: expect.objectContaining({ 'max-age': '0' }),
    }),
  ]);

describe('DELETE /v1/sessions/current', () => {
  it('ends the session: its access and refresh tokens stop working, and the browser drops the cookie', async () => {
    const user = await createUser(t.db);
    const { session, refreshToken } = await signIn(t.app, user.email);
    const response = await t.app.inject(injectOf(endpoints.sessions.destroy, {}, { session }));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(setCookiesOf(response)).toEqual([
      expect.objectContaining({
        name: REFRESH_COOKIE,
        value: '',
        attributes: expect.objectContaining({ 'max-age': '0', path: '/v1/sessions/current' }),
      }),
    ]);
    expectError(await me(session), 401, 'SESSION_ENDED');
    expectError(await refresh(refreshToken), 400, 'REFRESH_REJECTED');
  });

  /** A sign-out as the page sends it once its access token no longer works: the cookie, perhaps a dead bearer. */
  const signOutWithCookie = (refreshToken: string, headers: Record<string, string> = {}) => {
    const request = injectOf(endpoints.sessions.destroy, {});
    return t.app.inject({
      ...request,
      headers: {
        ...request.headers,
        origin: 'http://localhost:4200',
        cookie: `${REFRESH_COOKIE}=${refreshToken}`,
        ...headers,
      },
    });
  };

  it('ends the session the refresh cookie names when the access token no longer works', async () => {
    const user = await createUser(t.db);
    const { session, refreshToken } = await signIn(t.app, user.email);
    const response = await signOutWithCookie(refreshToken, { authorization: 'Bearer not.a.token' });
    expect(response.statusCode, response.body).toBe(204);
    clearsTheCookie(response);
    expectError(await me(session), 401, 'SESSION_ENDED');
    expectError(await refresh(refreshToken), 400, 'REFRESH_REJECTED');
  });

  it('ends the session with a refresh token already rotated (a refresh the page never saw the answer to)', async () => {
    const user = await createUser(t.db);
    const { refreshToken } = await signIn(t.app, user.email);
    const rotated = await refresh(refreshToken);
    const current = expectShape(sessionSchema, rotated);
    const response = await signOutWithCookie(refreshToken);
    expect(response.statusCode, response.body).toBe(204);
    clearsTheCookie(response);
    expectError(await me(current), 401, 'SESSION_ENDED');
    expectError(await refresh(refreshTokenSetBy(rotated)), 400, 'REFRESH_REJECTED');
  });

  it('refuses a cookie sign-out from another origin and leaves the session as it was', async () => {
    const user = await createUser(t.db);
    const { session, refreshToken } = await signIn(t.app, user.email);
    const response = await signOutWithCookie(refreshToken, { origin: 'http://localhost:9999' });
    expectError(response, 403, 'FORBIDDEN');
    expect(setCookiesOf(response)).toEqual([]);
    expect(expectShape(currentUserSchema, await me(session)).id).toBe(user.id);
  });

  it('answers a sign-out with nothing to end as done: signing out twice is not an error', async () => {
    const unknown = await signOutWithCookie('an-unknown-token');
    expect(unknown.statusCode, unknown.body).toBe(204);
    clearsTheCookie(unknown);
    const bare = await t.app.inject(injectOf(endpoints.sessions.destroy, {}));
    expect(bare.statusCode, bare.body).toBe(204);
  });
});

describe('a refused refresh', () => {
  it('tells the browser to forget the cookie it refused', async () => {
    const user = await createUser(t.db);
    const { refreshToken } = await signIn(t.app, user.email);
    expect((await refresh(refreshToken)).statusCode).toBe(200);
    // The spent token again: refused, its session ended, and its cookie dropped.
    const reused = await refresh(refreshToken);
    expectError(reused, 400, 'REFRESH_REJECTED');
    clearsTheCookie(reused);
  });
});

describe('second step', () => {
  it('TOTP: login answers a pending session; verify with the current code answers a new active one', async () => {
    const user = await createUser(t.db, { secondStep: 'totp', totpSecret: TOTP_SECRET });
    const pending = await login(t.app, user.email);
    expect(pending).toMatchObject({ status: 'pending', challenge: { status: 'pending', method: 'totp' } });
    // A pending session is good for nothing but verifying or logging out.
    expectError(await me(pending), 403, 'CHALLENGE_REQUIRED');

    const code = await generate({ secret: TOTP_SECRET });
    const response = await verify(pending, code);
    expect(response.statusCode, response.body).toBe(200);
    const active = expectShape(sessionSchema, response);
    expect(active).toMatchObject({ status: 'active', challenge: null, user: { id: user.id } });
    // The verified session's refresh token replaces the pending one's cookie.
    expect(refreshTokenSetBy(response)).toBeTruthy();
    expect(active.id).not.toBe(pending.id);
    expect((await me(active)).statusCode).toBe(200);
    // The pending session is replaced, not upgraded.
    expectError(await me(pending), 401, 'SESSION_ENDED');

    // The same code is not accepted twice, even in a new login.
    const again = await login(t.app, user.email);
    expectError(await verify(again, code), 400, 'CHALLENGE_SECRET_INVALID');
  });

  it('e-mailed code: six digits in the outbox, single use', async () => {
    const user = await createUser(t.db, { secondStep: 'email' });
    const pending = await login(t.app, user.email);
    expect(pending.challenge).toMatchObject({ status: 'pending', method: 'email' });
    const mail = await lastMailTo(t.db, user.email);
    expect(mail.template).toBe('login-code');
    const code = /\b(\d{6})\b/.exec(mail.text_body)![1]!;

    const wrong = code === '000000' ? '111111' : '000000';
    const refused = expectError(await verify(pending, wrong), 400, 'CHALLENGE_SECRET_INVALID');
    expect(refused.details).toEqual([{ path: ['body', 'secret'], message: 'The code is not right' }]);

    const active = expectShape(sessionSchema, await verify(pending, code));
    expect(active.status).toBe('active');
    // Used once: the pending session is gone, and with it the code.
    expectError(await verify(pending, code), 401, 'SESSION_ENDED');
  });

  it('ends the pending session after five wrong codes', async () => {
    const user = await createUser(t.db, { secondStep: 'email' });
    const pending = await login(t.app, user.email);
    const code = /\b(\d{6})\b/.exec((await lastMailTo(t.db, user.email)).text_body)![1]!;
    const wrong = code === '123456' ? '654321' : '123456';
    for (let attempt = 1; attempt <= 4; attempt += 1)
      expectError(await verify(pending, wrong), 400, 'CHALLENGE_SECRET_INVALID');
    expectError(await verify(pending, wrong), 401, 'CHALLENGE_FAILED');
    expectError(await verify(pending, code), 401, 'SESSION_ENDED');
  });

  it('refuses a code after the 10 minutes', async () => {
    const user = await createUser(t.db, { secondStep: 'email' });
    const pending = await login(t.app, user.email);
    const code = /\b(\d{6})\b/.exec((await lastMailTo(t.db, user.email)).text_body)![1]!;
    await t.db.query(`UPDATE challenges SET expires_at = now() - interval '1 second' WHERE session_id = $1`, [
      pending.id,
    ]);
    expectError(await verify(pending, code), 401, 'CHALLENGE_FAILED');
  });

  it('refuses to verify a session that has no challenge, with the message the product shows', async () => {
    const user = await createUser(t.db);
    const active = await login(t.app, user.email);
    const error = expectError(await verify(active, '123456'), 409, 'SESSION_NOT_CHALLENGED');
    expect(error.message).toBe('Cannot verify unchallenged session');
  });

  it('refreshing a pending session keeps it pending with its challenge', async () => {
    const user = await createUser(t.db, { secondStep: 'totp', totpSecret: TOTP_SECRET });
    const { session: pending, refreshToken } = await signIn(t.app, user.email);
    const refreshed = expectShape(sessionSchema, await refresh(refreshToken));
    expect(refreshed).toMatchObject({ status: 'pending', challenge: { id: pending.challenge!.id } });
    expect(Date.parse(refreshed.expiresAt!)).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
  });
});
