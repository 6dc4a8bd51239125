import { describe, expect, it, vi } from 'vitest';
import { createSessionManager } from './manager.js';
import { memorySessionStorage } from './storage.js';
import { fakeApi, json, wireSession } from './test-helpers.js';

// Which of the session's call modules have been evaluated: their contracts' zod schemas are built when they are
// (issue 25: a signed-in page load builds none of the sign-in, user or refresh schemas).
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('./sign-in-calls.js', async (original) => {
  loaded.add('sign-in-calls');
  return original();
});
vi.mock('./user-calls.js', async (original) => {
  loaded.add('user-calls');
  return original();
});
vi.mock('./refresh-call.js', async (original) => {
  loaded.add('refresh-call');
  return original();
});

describe('the calls of a session manager', () => {
  it('are loaded on first use, not when a signed-in page restores its session', async () => {
    const { client } = fakeApi({ 'POST /v1/sessions': json(wireSession({ id: 's2' }), 201) });
    const manager = createSessionManager({
      client,
      storage: memorySessionStorage(JSON.stringify(wireSession())),
      logger: { warn: vi.fn(), error: vi.fn() },
    });
    expect(manager.current()?.id).toBe('s1');
    expect(await manager.accessToken()).toBe(manager.current()?.token.accessToken);
    expect([...loaded]).toEqual([]);

    const session = await manager.login('ada@example.test', 'correct horse');
    expect(session.id).toBe('s2');
    expect([...loaded]).toEqual(['sign-in-calls']);
  });
});
