import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoginFlow, createStore, createVerificationFlow } from './flows.js';
import { createSessionManager } from './manager.js';
import { memorySessionStorage } from './storage.js';
import { apiError, deferred, fakeApi, json, wireSession } from './test-helpers.js';

const pendingSession = () =>
  wireSession({ id: 'p1', status: 'pending', challenge: { id: 'c1', status: 'pending', method: 'totp' } });

function managerWith(routes: Parameters<typeof fakeApi>[0], stored: unknown = null) {
  const api = fakeApi(routes);
  const manager = createSessionManager({
    client: api.client,
    storage: memorySessionStorage(stored === null ? null : JSON.stringify(stored)),
    logger: { warn: vi.fn(), error: vi.fn() },
  });
  return { ...api, manager };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.parse('2025-06-01T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createStore', () => {
  it('notifies listeners until they unsubscribe', () => {
    const store = createStore(1);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.setState(2);
    unsubscribe();
    store.setState(3);
    expect(listener.mock.calls).toEqual([[2]]);
    expect(store.getState()).toBe(3);
  });
});

describe('login flow', () => {
  it('goes IDLE → LOADING → SUCCESS and tracks login', async () => {
    const { manager } = managerWith({ 'POST /v1/sessions': json(wireSession(), 201) });
    const track = vi.fn();
    const flow = createLoginFlow(manager, { track });
    const seen: string[] = [flow.getState().status];
    flow.subscribe((state) => seen.push(state.status));
    const result = await flow.login('ada@example.test', 'pw');
    expect(seen).toEqual(['IDLE', 'LOADING', 'SUCCESS']);
    expect(result).toMatchObject({ status: 'SUCCESS', session: { id: 's1' } });
    expect(track).toHaveBeenCalledExactlyOnceWith('login', { userId: 'u1', challenged: false });
  });

  it('ends in CHALLENGE when the answered session is challenged', async () => {
    const { manager } = managerWith({ 'POST /v1/sessions': json(pendingSession(), 201) });
    const track = vi.fn();
    const flow = createLoginFlow(manager, { track });
    await flow.login('ada@example.test', 'pw');
    expect(flow.getState()).toMatchObject({ status: 'CHALLENGE', session: { id: 'p1' } });
    expect(track).toHaveBeenCalledWith('login', { userId: 'u1', challenged: true });
  });

  it('ends in ERROR carrying the error, without tracking', async () => {
    const { manager } = managerWith({
      'POST /v1/sessions': apiError(401, 'INVALID_CREDENTIALS', 'The e-mail address or password is wrong'),
    });
    const track = vi.fn();
    const flow = createLoginFlow(manager, { track });
    await flow.login('ada@example.test', 'bad');
    const state = flow.getState();
    expect(state.status).toBe('ERROR');
    expect(state.status === 'ERROR' && state.error).toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
    });
    expect(track).not.toHaveBeenCalled();
  });

  it('ignores a second call while LOADING', async () => {
    const answer = deferred<Response>();
    const { manager, callsTo } = managerWith({ 'POST /v1/sessions': () => answer.promise });
    const flow = createLoginFlow(manager);
    const first = flow.login('ada@example.test', 'pw');
    expect(flow.getState().status).toBe('LOADING');
    const second = flow.login('someone@example.test', 'other');
    await vi.advanceTimersByTimeAsync(0);
    answer.resolve(json(wireSession(), 201));
    expect(await second).toBe(await first);
    expect(callsTo('POST /v1/sessions')).toHaveLength(1);
    expect(callsTo('POST /v1/sessions')[0]!.body).toMatchObject({ email: 'ada@example.test' });
    // Once settled, a new call runs again.
    await flow.login('ada@example.test', 'pw');
    expect(callsTo('POST /v1/sessions')).toHaveLength(2);
  });

  it('keeps SUCCESS when tracking throws, and resets to IDLE', async () => {
    const { manager } = managerWith({ 'POST /v1/sessions': json(wireSession(), 201) });
    const flow = createLoginFlow(manager, {
      track: () => {
        throw new Error('analytics down');
      },
    });
    await expect(flow.login('a@b.c', 'pw')).resolves.toMatchObject({ status: 'SUCCESS' });
    flow.reset();
    expect(flow.getState()).toEqual({ status: 'IDLE' });
  });
});

describe('verification flow with a secret', () => {
  it('goes IDLE → LOADING → SUCCESS with the verified session', async () => {
    const { manager } = managerWith(
      { 'POST /v1/sessions/current/verify': json(wireSession({ id: 's2' })) },
      pendingSession(),
    );
    const flow = createVerificationFlow(manager);
    const seen: string[] = [flow.getState().status];
    flow.subscribe((state) => seen.push(state.status));
    await flow.verify('123456');
    expect(seen).toEqual(['IDLE', 'LOADING', 'SUCCESS']);
    expect(flow.getState()).toMatchObject({ status: 'SUCCESS', session: { id: 's2' } });
  });

  it('goes to ERROR for a wrong code and for an unchallenged session', async () => {
    const { manager } = managerWith(
      {
        'POST /v1/sessions/current/verify': apiError(
          400,
          'CHALLENGE_SECRET_INVALID',
          'The code is not right',
        ),
      },
      pendingSession(),
    );
    const flow = createVerificationFlow(manager);
    await flow.verify('000000');
    expect(flow.getState()).toMatchObject({ status: 'ERROR', error: { message: 'The code is not right' } });

    const signedOut = createVerificationFlow(managerWith({}).manager);
    await signedOut.verify('123456');
    expect(signedOut.getState()).toMatchObject({
      status: 'ERROR',
      error: { message: 'Cannot verify unchallenged session' },
    });
  });

  it('ignores a second call while LOADING', async () => {
    const answer = deferred<Response>();
    const { manager, callsTo } = managerWith(
      { 'POST /v1/sessions/current/verify': () => answer.promise },
      pendingSession(),
    );
    const flow = createVerificationFlow(manager);
    const first = flow.verify('123456');
    const second = flow.verify('654321');
    await vi.advanceTimersByTimeAsync(0);
    answer.resolve(json(wireSession({ id: 's2' })));
    expect(await second).toBe(await first);
    expect(callsTo('POST /v1/sessions/current/verify')).toHaveLength(1);
  });
});
