import type { SessionPort } from '@tunehouse/shell-contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionManager } from './manager.js';
import { createSessionPort, type ReturnPathStore } from './port.js';
import { memorySessionStorage } from './storage.js';
import { apiError, fakeApi, json, wireCurrentUser, wireSession } from './test-helpers.js';

function setup(routes: Parameters<typeof fakeApi>[0], stored: unknown = null) {
  const api = fakeApi(routes);
  const manager = createSessionManager({
    client: api.client,
    storage: memorySessionStorage(stored === null ? null : JSON.stringify(stored)),
    logger: { warn: vi.fn(), error: vi.fn() },
  });
  let saved: string | null = null;
  const returnPath: ReturnPathStore = {
    save: (path) => {
      saved = path;
    },
    take: () => {
      const value = saved;
      saved = null;
      return value;
    },
  };
  const port = createSessionPort(manager, { returnPath });
  return { ...api, manager, port, saved: () => saved };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.parse('2025-06-01T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the shell-contract session port', () => {
  it('is a SessionPort', () => {
    const { manager } = setup({});
    const port: SessionPort = manager.port();
    expect(typeof port.subscribe).toBe('function');
  });

  it('shows views and announces changes as views', async () => {
    const { port } = setup({ 'POST /v1/sessions': json(wireSession(), 201) });
    expect(port.current()).toBeNull();
    const listener = vi.fn();
    port.subscribe(listener);
    const view = await port.login({ email: 'ada@example.test', password: 'pw' });
    expect(view).toMatchObject({ isAuthenticated: true, user: { id: 'u1', firstName: 'Ada' } });
    expect(listener).toHaveBeenCalledWith(view);
    expect(port.current()).toEqual(view);
  });

  it('gives the same view object until the session changes', async () => {
    const { port } = setup(
      { 'POST /v1/users/me': json(wireCurrentUser({ firstName: 'Augusta' })) },
      wireSession(),
    );
    const first = port.current();
    expect(port.current()).toBe(first);
    await port.patchUser({ firstName: 'Augusta' });
    expect(port.current()).not.toBe(first);
    expect(port.current()).toBe(port.current());
  });

  it('patches the user and logs out', async () => {
    const { port, callsTo } = setup(
      {
        'POST /v1/users/me': json(wireCurrentUser({ firstName: 'Augusta' })),
        'DELETE /v1/sessions/current': new Response(null, { status: 204 }),
      },
      wireSession(),
    );
    await port.patchUser({ firstName: 'Augusta' });
    expect(port.current()?.user.firstName).toBe('Augusta');
    await port.logout();
    expect(port.current()).toBeNull();
    expect(callsTo('DELETE /v1/sessions/current')).toHaveLength(1);
  });

  it('rejects with an error an area can show (status and message)', async () => {
    const { port } = setup({
      'POST /v1/signup': apiError(409, 'EMAIL_TAKEN', 'That e-mail address is taken'),
    });
    const fields = { email: 'a@b.c', password: 'long enough', firstName: 'A', lastName: 'B', country: 'GB' };
    await expect(port.signup(fields)).rejects.toMatchObject({ status: 409, code: 'EMAIL_TAKEN' });
    await expect(port.verify('123456')).rejects.toMatchObject({
      status: 409,
      code: 'SESSION_NOT_CHALLENGED',
      message: 'Cannot verify unchallenged session',
    });
  });

  it('impersonates, keeping the return path, and ends the impersonation there', async () => {
    const { port, saved } = setup(
      {
        'POST /v1/admin/impersonations': json(
          wireSession({ id: 's6', userId: 'u3', adminEmail: 'root@x.test' }),
          201,
        ),
        'DELETE /v1/sessions/current': new Response(null, { status: 204 }),
      },
      wireSession(),
    );
    const view = await port.impersonate('u3', '/admin/users?q=ada');
    expect(view).toMatchObject({ isAdmin: true, adminEmail: 'root@x.test', user: { id: 'u3' } });
    expect(saved()).toBe('/admin/users?q=ada');
    await expect(port.endImpersonation()).resolves.toBe('/admin/users?q=ada');
    expect(port.current()).toBeNull();
    expect(saved()).toBeNull();
  });

  it('goes home when destroying fails or the saved path leaves the site', async () => {
    const failing = setup(
      {
        'POST /v1/admin/impersonations': json(wireSession({ id: 's6', adminEmail: 'root@x.test' }), 201),
        'DELETE /v1/sessions/current': apiError(500, 'INTERNAL', 'boom'),
      },
      wireSession(),
    );
    await failing.port.impersonate('u1', '/admin');
    await expect(failing.port.endImpersonation()).resolves.toBe('/');
    expect(failing.saved()).toBeNull();

    const offsite = setup(
      {
        'POST /v1/admin/impersonations': json(wireSession({ id: 's6', adminEmail: 'root@x.test' }), 201),
        'DELETE /v1/sessions/current': new Response(null, { status: 204 }),
      },
      wireSession(),
    );
    await offsite.port.impersonate('u1', '//evil.example/');
    await expect(offsite.port.endImpersonation()).resolves.toBe('/');
  });
});
