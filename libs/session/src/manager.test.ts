import { HttpError, InvalidValueError, NetworkError } from '@tunehouse/api-client';
import { type Session, sessionSchema } from '@tunehouse/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefreshRejectedError, SessionError } from './errors.js';
import { createSessionManager, type SessionManagerOptions } from './manager.js';
import { memorySessionStorage } from './storage.js';
import {
  apiError,
  DAY,
  deferred,
  fakeApi,
  json,
  MINUTE,
  tokenExpiringAt,
  wireCurrentUser,
  wireSession,
} from './test-helpers.js';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const REFRESH = 'POST /v1/sessions/current/refresh';

function setup(
  routes: Parameters<typeof fakeApi>[0] = {},
  options: { stored?: unknown; extra?: Partial<SessionManagerOptions> } = {},
) {
  const api = fakeApi(routes);
  const storage = memorySessionStorage(
    options.stored === undefined
      ? null
      : typeof options.stored === 'string'
        ? options.stored
        : JSON.stringify(options.stored),
  );
  const logger = { warn: vi.fn(), error: vi.fn() };
  const onUserChange = vi.fn();
  const manager = createSessionManager({
    client: api.client,
    storage,
    logger,
    onUserChange,
    ...options.extra,
  });
  const warnings = () => logger.warn.mock.calls.map(([message]) => message);
  return { ...api, storage, logger, warnings, onUserChange, manager };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('restoring from storage', () => {
  it('takes the stored session on creation and names its user', () => {
    const { manager, onUserChange } = setup({}, { stored: wireSession() });
    expect(manager.current()?.id).toBe('s1');
    expect(manager.view()?.isAuthenticated).toBe(true);
    expect(onUserChange).toHaveBeenCalledWith(expect.objectContaining({ id: 'u1' }), null);
  });

  it.each([
    ['not JSON', '{oops'],
    ['JSON of the wrong shape', JSON.stringify({ id: 's1' })],
  ])('discards %s, saying so', (_label, raw) => {
    const { manager, storage, warnings } = setup({}, { stored: raw });
    expect(manager.current()).toBeNull();
    expect(storage.value).toBeNull();
    expect(warnings()).toContain('discarding unreadable stored session');
  });

  it('discards a session whose refresh token has expired', () => {
    const { manager, storage } = setup(
      {},
      { stored: wireSession({ expiresAt: new Date(NOW - 1).toISOString() }) },
    );
    expect(manager.current()).toBeNull();
    expect(storage.value).toBeNull();
  });

  it('starts signed out with nothing stored', () => {
    const { manager } = setup();
    expect(manager.current()).toBeNull();
    expect(manager.view()).toBeNull();
    expect(manager.flags()).toBeNull();
  });
});

describe('login', () => {
  it('keeps, stores and announces the answered session', async () => {
    const { manager, storage, callsTo, onUserChange } = setup({
      'POST /v1/sessions': json(wireSession(), 201),
    });
    const listener = vi.fn();
    manager.subscribe(listener);
    const session = await manager.login('ada@example.test', 'correct horse');
    expect(callsTo('POST /v1/sessions')[0]!.body).toEqual({
      email: 'ada@example.test',
      password: 'correct horse',
    });
    expect(callsTo('POST /v1/sessions')[0]!.headers.authorization).toBeUndefined();
    expect(manager.current()).toEqual(session);
    expect(JSON.parse(storage.value!)).toEqual(session);
    expect(listener).toHaveBeenCalledWith(session);
    expect(onUserChange).toHaveBeenCalledWith(session.user, null);
  });

  it("logs 'failed to login with given credentials' and passes the error on", async () => {
    const { manager, warnings } = setup({
      'POST /v1/sessions': apiError(401, 'INVALID_CREDENTIALS', 'The e-mail address or password is wrong'),
    });
    const error = await manager.login('a@b.c', 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 401, message: 'The e-mail address or password is wrong' });
    expect(warnings()).toEqual(['failed to login with given credentials']);
    expect(manager.current()).toBeNull();
  });

  it("logs 'failed to parse session response' for an answer of the wrong shape", async () => {
    const { manager, warnings } = setup({ 'POST /v1/sessions': json({ ...wireSession(), token: {} }, 201) });
    await expect(manager.login('a@b.c', 'x')).rejects.toBeInstanceOf(InvalidValueError);
    expect(warnings()).toContain('failed to parse session response');
    expect(manager.current()).toBeNull();
  });
});

describe('accessToken and refresh', () => {
  const stale = () => wireSession({ accessExp: NOW + 4 * MINUTE });
  const fresh = () => wireSession({ accessToken: tokenExpiringAt(NOW + 15 * MINUTE, { v: 2 }) });

  it('is null when signed out', async () => {
    await expect(setup().manager.accessToken()).resolves.toBeNull();
  });

  it('gives the token without a call while it is fresh', async () => {
    const { manager, calls } = setup({}, { stored: wireSession({ accessExp: NOW + 15 * MINUTE }) });
    await expect(manager.accessToken()).resolves.toBe(manager.current()!.token.accessToken);
    expect(calls).toHaveLength(0);
  });

  it('refreshes from exactly 5 minutes before exp, not a millisecond earlier', async () => {
    const { manager, callsTo } = setup(
      { [REFRESH]: json(fresh()) },
      { stored: wireSession({ accessExp: NOW + 10 * MINUTE }) },
    );
    vi.advanceTimersByTime(5 * MINUTE - 1);
    expect(manager.flags()?.isStale).toBe(false);
    await manager.accessToken();
    expect(callsTo(REFRESH)).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(manager.flags()?.isStale).toBe(true);
    const token = await manager.accessToken();
    expect(callsTo(REFRESH)).toHaveLength(1);
    expect(token).toBe(fresh().token.accessToken);
  });

  it('shares one refresh among concurrent callers (single flight)', async () => {
    const answer = deferred<Response>();
    const { manager, callsTo, storage } = setup({ [REFRESH]: () => answer.promise }, { stored: stale() });
    const tokens = Promise.all([
      manager.accessToken(),
      manager.accessToken(),
      manager.refresh(),
      manager.accessToken(),
    ]);
    await vi.advanceTimersByTimeAsync(0);
    answer.resolve(json(fresh()));
    const [a, b, session, c] = await tokens;
    expect(callsTo(REFRESH)).toHaveLength(1);
    // The refresh token is the API's HttpOnly cookie: sent by the browser with the credentialed call, never by us.
    expect(callsTo(REFRESH)[0]).toMatchObject({ body: {}, credentials: 'include' });
    expect(new Set([a, b, c, session.token.accessToken])).toEqual(new Set([fresh().token.accessToken]));
    expect(JSON.parse(storage.value!).token.accessToken).toBe(fresh().token.accessToken);
    // A later stale moment refreshes again: the flight is over.
    vi.advanceTimersByTime(11 * MINUTE);
    await manager.accessToken();
    expect(callsTo(REFRESH)).toHaveLength(2);
  });

  it("asks for the impersonation's refresh cookie when an admin views the product as a user", async () => {
    const { manager, callsTo } = setup(
      { [REFRESH]: json(fresh()) },
      { stored: wireSession({ accessExp: NOW + 4 * MINUTE, adminEmail: 'admin@example.test' }) },
    );
    await manager.refresh();
    expect(callsTo(REFRESH)[0]).toMatchObject({ body: { impersonation: true }, credentials: 'include' });
  });

  it('drops a refresh token an older shell left in the readable cookie', () => {
    const legacy = wireSession();
    const stored = { ...legacy, token: { ...legacy.token, refreshToken: 'readable-by-scripts' } };
    const { manager, storage } = setup({}, { stored });
    expect(manager.current()?.token).toEqual({ accessToken: legacy.token.accessToken });
    expect(storage.value).not.toContain('readable-by-scripts');
  });

  it('turns HTTP 400 into RefreshRejectedError with the server message and destroys the session', async () => {
    const message = 'Failed to refresh session with invalid or expired token';
    const { manager, storage, warnings } = setup(
      { [REFRESH]: apiError(400, 'REFRESH_REJECTED', message) },
      { stored: stale() },
    );
    const listener = vi.fn();
    manager.subscribe(listener);
    const error = await manager.accessToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RefreshRejectedError);
    expect(error).toMatchObject({ message, status: 400, code: 'REFRESH_REJECTED' });
    expect((error as Error).cause).toBeInstanceOf(HttpError);
    expect(manager.current()).toBeNull();
    expect(storage.value).toBeNull();
    expect(listener).toHaveBeenLastCalledWith(null);
    expect(warnings()).toContain('failed to refresh session');
  });

  it('carries whatever message the server gave with its 400', async () => {
    const { manager } = setup(
      { [REFRESH]: apiError(400, 'VALIDATION_FAILED', 'The request body is invalid') },
      { stored: stale() },
    );
    await expect(manager.refresh()).rejects.toThrow(new RefreshRejectedError('The request body is invalid'));
  });

  it('passes other errors unchanged and keeps the session', async () => {
    const { manager, callsTo } = setup(
      { [REFRESH]: apiError(503, 'SERVICE_UNAVAILABLE', 'later') },
      { stored: stale() },
    );
    const error = await manager.refresh().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).not.toBeInstanceOf(RefreshRejectedError);
    expect(callsTo(REFRESH)).toHaveLength(3); // the client's retries
    expect(manager.current()).not.toBeNull();
  });

  it('keeps using a stale token that has not expired yet when the refresh fails in passing', async () => {
    const { manager } = setup({ [REFRESH]: new TypeError('fetch failed') }, { stored: stale() });
    await expect(manager.accessToken()).resolves.toBe(stale().token.accessToken);
    vi.advanceTimersByTime(4 * MINUTE);
    await expect(manager.accessToken()).rejects.toBeInstanceOf(NetworkError);
  });

  it('refuses without calling the server when the refresh token has expired, and destroys the session', async () => {
    const expiresAt = new Date(NOW + MINUTE).toISOString();
    const { manager, calls, storage } = setup(
      {},
      { stored: wireSession({ expiresAt, accessExp: NOW + 3 * MINUTE }) },
    );
    vi.advanceTimersByTime(MINUTE);
    const error = await manager.accessToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RefreshRejectedError);
    expect((error as Error).message).toBe('Failed to refresh session with invalid or expired token');
    expect(calls).toHaveLength(0);
    expect(manager.current()).toBeNull();
    expect(storage.value).toBeNull();
  });

  it("says 'Cannot refresh session without a valid token' when signed out", async () => {
    const error = await setup()
      .manager.refresh()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionError);
    expect((error as Error).message).toBe('Cannot refresh session without a valid token');
  });

  it('takes the session another tab already refreshed instead of spending the old token', async () => {
    const { manager, storage, calls } = setup({}, { stored: stale() });
    storage.value = JSON.stringify(fresh());
    await expect(manager.accessToken()).resolves.toBe(fresh().token.accessToken);
    expect(calls).toHaveLength(0);
  });

  it('does not bring the old session back when another replaced it while its refresh was under way', async () => {
    const answer = deferred<Response>();
    const { manager } = setup({ [REFRESH]: () => answer.promise }, { stored: stale() });
    const refreshing = manager.refresh();
    await vi.advanceTimersByTimeAsync(0);
    manager.adopt(wireSession({ id: 's7', userId: 'u2' }));
    answer.resolve(json(fresh()));
    await expect(refreshing).rejects.toThrow('Cannot refresh session without a valid token');
    expect(manager.current()?.id).toBe('s7');
  });

  it('refreshes a stale token before destroying, so that the server can end the session', async () => {
    const { manager, calls } = setup(
      { [REFRESH]: json(fresh()), 'DELETE /v1/sessions/current': new Response(null, { status: 204 }) },
      { stored: stale() },
    );
    await manager.destroy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([REFRESH, 'DELETE /v1/sessions/current']);
    expect(calls[1]!.headers.authorization).toBe(`Bearer ${fresh().token.accessToken}`);
    expect(manager.current()).toBeNull();
  });
});

describe('verify', () => {
  const pending = () =>
    wireSession({ id: 'p1', status: 'pending', challenge: { id: 'c1', status: 'pending', method: 'email' } });

  it("refuses an unchallenged session with 'Cannot verify unchallenged session'", async () => {
    const { manager, calls } = setup({}, { stored: wireSession() });
    await expect(manager.verify('123456')).rejects.toThrow('Cannot verify unchallenged session');
    await expect(setup().manager.verify('123456')).rejects.toThrow('Cannot verify unchallenged session');
    expect(calls).toHaveLength(0);
  });

  it('sends the secret with the pending token and caller headers, and takes the verified session', async () => {
    const verified = wireSession({ id: 's2' });
    const { manager, callsTo, storage } = setup(
      { 'POST /v1/sessions/current/verify': json(verified) },
      { stored: pending() },
    );
    const session = await manager.verify('123456', { 'X-Device': 'laptop' });
    const [call] = callsTo('POST /v1/sessions/current/verify');
    expect(call!.body).toEqual({ secret: '123456' });
    expect(call!.headers.authorization).toBe(`Bearer ${pending().token.accessToken}`);
    expect(call!.headers['x-device']).toBe('laptop');
    expect(session.id).toBe('s2');
    expect(manager.flags()).toMatchObject({ isAuthenticated: true, isChallenged: false });
    expect(JSON.parse(storage.value!).id).toBe('s2');
  });

  it('keeps the pending session after a wrong code, ends it after a failed challenge', async () => {
    const { manager } = setup(
      {
        'POST /v1/sessions/current/verify': [
          apiError(400, 'CHALLENGE_SECRET_INVALID', 'The code is not right; 4 tries left'),
          apiError(401, 'CHALLENGE_FAILED', 'Too many wrong codes; sign in again'),
        ],
      },
      { stored: pending() },
    );
    await expect(manager.verify('000000')).rejects.toThrow('The code is not right; 4 tries left');
    expect(manager.current()?.id).toBe('p1');
    await expect(manager.verify('000000')).rejects.toThrow('Too many wrong codes; sign in again');
    expect(manager.current()).toBeNull();
  });
});

describe('sign-up, activation, password reset', () => {
  const fields = { email: 'new@example.test', password: 'long enough secret', firstName: 'N', lastName: 'U' };

  it('answers the receipt and signs nobody in: the mailed link does that', async () => {
    const { manager, calls } = setup({
      'POST /v1/signup': json({ email: fields.email, status: 'CHECK_MAIL' }, 202),
    });
    expect(await manager.signup({ ...fields, returnTo: '/splits/invites/abc' })).toEqual({
      email: fields.email,
      status: 'CHECK_MAIL',
    });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/signup']);
    expect(calls[0]!.body).toEqual({ ...fields, returnTo: '/splits/invites/abc' });
    expect(manager.current()).toBeNull();
  });

  it("logs 'user signup failed'", async () => {
    const { manager, warnings } = setup({ 'POST /v1/signup': apiError(429, 'RATE_LIMITED', 'Too many') });
    await expect(manager.signup(fields)).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(warnings()).toEqual(['user signup failed']);
  });

  it('activates the e-mail address and takes the session', async () => {
    const { manager, callsTo } = setup({
      'POST /v1/emails': json({ ...wireCurrentUser(), session: wireSession() }),
    });
    const link = { challengeId: '2b1e3c1e-4b8a-4f7e-9a51-2d0f7a3c9b10', secret: 's'.repeat(32) };
    await manager.activateEmail(link);
    expect(callsTo('POST /v1/emails')[0]!.body).toEqual(link);
    expect(manager.current()?.id).toBe('s1');
  });

  it('refuses activation and reset answers without a session with the spec messages', async () => {
    const { manager } = setup({
      'POST /v1/emails': json(wireCurrentUser()),
      'POST /v1/passwords': json({ ...wireCurrentUser(), session: null }),
    });
    const link = { challengeId: '2b1e3c1e-4b8a-4f7e-9a51-2d0f7a3c9b10', secret: 's'.repeat(32) };
    await expect(manager.activateEmail(link)).rejects.toThrow(
      'Did not receive session information after activating-email',
    );
    await expect(manager.resetPassword({ ...link, password: 'a new long password' })).rejects.toThrow(
      'Did not receive session information after resetting password',
    );
    expect(manager.current()).toBeNull();
  });

  it('resets the password and takes the session', async () => {
    const { manager } = setup({
      'POST /v1/passwords': json({ ...wireCurrentUser(), session: wireSession({ id: 's3' }) }),
    });
    const link = { challengeId: '2b1e3c1e-4b8a-4f7e-9a51-2d0f7a3c9b10', secret: 's'.repeat(32) };
    await expect(manager.resetPassword({ ...link, password: 'a new long password' })).resolves.toMatchObject({
      id: 's3',
    });
  });

  it('asks for a reset link (204, no body read)', async () => {
    const { manager, callsTo } = setup({ 'POST /v1/passwords/new': new Response(null, { status: 204 }) });
    await expect(manager.requestPasswordReset('ada@example.test')).resolves.toBeUndefined();
    expect(callsTo('POST /v1/passwords/new')[0]!.body).toEqual({ email: 'ada@example.test' });
  });
});

describe('destroy', () => {
  it('DELETEs /v1/sessions/current with the token and clears everything', async () => {
    const { manager, callsTo, storage, onUserChange } = setup(
      { 'DELETE /v1/sessions/current': new Response(null, { status: 204 }) },
      { stored: wireSession() },
    );
    const token = manager.current()!.token.accessToken;
    await manager.destroy();
    expect(callsTo('DELETE /v1/sessions/current')[0]!.headers.authorization).toBe(`Bearer ${token}`);
    expect(manager.current()).toBeNull();
    expect(storage.value).toBeNull();
    expect(onUserChange).toHaveBeenLastCalledWith(null, expect.objectContaining({ id: 'u1' }));
  });

  it('clears the local session even when the call fails, and reports the failure', async () => {
    const { manager, storage, warnings } = setup(
      { 'DELETE /v1/sessions/current': apiError(500, 'INTERNAL', 'boom') },
      { stored: wireSession() },
    );
    await expect(manager.destroy()).rejects.toBeInstanceOf(HttpError);
    expect(manager.current()).toBeNull();
    expect(storage.value).toBeNull();
    expect(warnings()).toContain('failed to destroy session');
  });

  it('takes a 401 as already destroyed', async () => {
    const { manager } = setup(
      { 'DELETE /v1/sessions/current': apiError(401, 'SESSION_ENDED', 'over') },
      { stored: wireSession() },
    );
    await expect(manager.destroy()).resolves.toBeUndefined();
  });

  it('does nothing when signed out', async () => {
    const { manager, calls } = setup();
    await manager.destroy();
    expect(calls).toHaveLength(0);
  });
});

describe('patchUser and reloadUser', () => {
  it("refuses without a session: 'Cannot patch user without a valid session'", async () => {
    const error = await setup()
      .manager.patchUser({ firstName: 'X' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionError);
    expect(error).toMatchObject({ message: 'Cannot patch user without a valid session', status: 401 });
  });

  it('POSTs /v1/users/me and puts the answered user into the session', async () => {
    const { manager, callsTo, storage } = setup(
      { 'POST /v1/users/me': json(wireCurrentUser({ firstName: 'Augusta' })) },
      { stored: wireSession() },
    );
    const user = await manager.patchUser({ firstName: 'Augusta' }, { 'X-Trace': '1' });
    const [call] = callsTo('POST /v1/users/me');
    expect(call!.body).toEqual({ firstName: 'Augusta' });
    expect(call!.headers.authorization).toMatch(/^Bearer /);
    expect(call!.headers['x-trace']).toBe('1');
    expect(user.isAdmin).toBe(false);
    expect(manager.current()?.user.firstName).toBe('Augusta');
    expect(manager.current()?.user).not.toHaveProperty('isAdmin');
    expect(JSON.parse(storage.value!).user.firstName).toBe('Augusta');
    expect(manager.current()?.token).toEqual(wireSession().token);
  });

  it("refuses an answer about another user: 'Cannot update unknown user'", async () => {
    const { manager } = setup(
      { 'POST /v1/users/me': json(wireCurrentUser({ id: 'someone-else' })) },
      { stored: wireSession() },
    );
    await expect(manager.patchUser({ firstName: 'X' })).rejects.toThrow('Cannot update unknown user');
    expect(manager.current()?.user.firstName).toBe('Ada');
  });

  it('reloads the user with GET /v1/users/me', async () => {
    const { manager, callsTo } = setup(
      { 'GET /v1/users/me': json(wireCurrentUser({ lastName: 'King' })) },
      { stored: wireSession() },
    );
    await manager.reloadUser();
    expect(callsTo('GET /v1/users/me')).toHaveLength(1);
    expect(manager.current()?.user.lastName).toBe('King');
  });

  it('clears the session when the server says it has ended', async () => {
    const { manager } = setup(
      { 'GET /v1/users/me': apiError(401, 'SESSION_ENDED', 'The session has ended; sign in again') },
      { stored: wireSession() },
    );
    await expect(manager.reloadUser()).rejects.toBeInstanceOf(HttpError);
    expect(manager.current()).toBeNull();
  });
});

describe('adopt and impersonate', () => {
  it('adopts an impersonation session obtained elsewhere', () => {
    const { manager, storage, onUserChange } = setup({}, { stored: wireSession() });
    const impersonation = wireSession({ id: 's5', userId: 'u2', adminEmail: 'root@example.test' });
    const session: Session = manager.adopt(impersonation);
    expect(session).toEqual(sessionSchema.parse(impersonation));
    expect(manager.flags()?.isAdmin).toBe(true);
    expect(manager.view()?.adminEmail).toBe('root@example.test');
    expect(JSON.parse(storage.value!).id).toBe('s5');
    expect(onUserChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ id: 'u2' }),
      expect.objectContaining({ id: 'u1' }),
    );
  });

  it('refuses a session of the wrong shape, naming the field', () => {
    const { manager, warnings } = setup({}, { stored: wireSession() });
    expect(() => manager.adopt({ ...wireSession(), status: 'odd' })).toThrow(/^status: /);
    expect(warnings()).toContain('failed to parse session response');
    expect(manager.current()?.id).toBe('s1');
  });

  it('impersonates through POST /v1/admin/impersonations', async () => {
    const impersonation = wireSession({ id: 's6', userId: 'u3', adminEmail: 'ada@example.test' });
    const { manager, callsTo } = setup(
      { 'POST /v1/admin/impersonations': json(impersonation, 201) },
      { stored: wireSession() },
    );
    await manager.impersonate('u3');
    expect(callsTo('POST /v1/admin/impersonations')[0]!.body).toEqual({ userId: 'u3' });
    expect(manager.current()?.id).toBe('s6');
  });

  it("resumes the browser's own session through its refresh cookie, never the impersonation's", async () => {
    const own = wireSession({ id: 's1', userId: 'u1' });
    const { manager, callsTo, storage } = setup({ [REFRESH]: json(own) });
    await manager.resume();
    expect(callsTo(REFRESH)[0]).toMatchObject({ body: {}, credentials: 'include' });
    expect(manager.current()?.id).toBe('s1');
    expect(JSON.parse(storage.value!).id).toBe('s1');
  });

  it('resumes only once the session held has ended', async () => {
    const { manager, callsTo } = setup({}, { stored: wireSession({ adminEmail: 'ada@example.test' }) });
    await expect(manager.resume()).rejects.toMatchObject({ code: 'SESSION_HELD', status: 409 });
    expect(callsTo(REFRESH)).toHaveLength(0);
  });
});

describe('subscriptions and storage', () => {
  it('persists every change and stops notifying after unsubscribe', async () => {
    const { manager, storage } = setup({
      'POST /v1/sessions': json(wireSession(), 201),
      'DELETE /v1/sessions/current': new Response(null, { status: 204 }),
    });
    const listener = vi.fn();
    const unsubscribe = manager.subscribe(listener);
    await manager.login('a@b.c', 'x');
    expect(storage.value).not.toBeNull();
    unsubscribe();
    await manager.destroy();
    expect(storage.value).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('logs a storage that refuses to save, and keeps the session in memory', async () => {
    const storage = {
      load: () => null,
      save: () => {
        throw new Error('too large');
      },
    };
    const api = fakeApi({ 'POST /v1/sessions': json(wireSession(), 201) });
    const logger = { warn: vi.fn(), error: vi.fn() };
    const manager = createSessionManager({ client: api.client, storage, logger });
    await manager.login('a@b.c', 'x');
    expect(manager.current()).not.toBeNull();
    expect(logger.warn).toHaveBeenCalledWith('failed to persist session', expect.any(Error));
  });

  it('does not call onUserChange when the same user gets a new session', async () => {
    const { manager, onUserChange } = setup(
      { [REFRESH]: json(wireSession({ accessToken: tokenExpiringAt(NOW + 15 * MINUTE, { v: 2 }) })) },
      { stored: wireSession({ accessExp: NOW + MINUTE }) },
    );
    onUserChange.mockClear();
    await manager.refresh();
    expect(onUserChange).not.toHaveBeenCalled();
  });

  it('uses the injected clock', () => {
    let now = NOW;
    const { manager } = setup(
      {},
      { stored: wireSession({ accessExp: NOW + 15 * MINUTE }), extra: { now: () => now } },
    );
    expect(manager.flags()?.isStale).toBe(false);
    now = NOW + 10 * MINUTE;
    expect(manager.flags()?.isStale).toBe(true);
    now = NOW + 31 * DAY;
    expect(manager.flags()?.isExpired).toBe(true);
  });
});
