import { describe, expect, it } from 'vitest';
import type { RetryPolicy } from './backoff.js';
import { remoteRetryPlugin } from './retry-plugin.js';

const policy: RetryPolicy = { retries: 3, baseDelayMs: 1, maxDelayMs: 5 };
const manifest = { metaData: { name: 'remote' }, exposes: [], shared: [] };
const URL_ = 'http://127.0.0.1:4205/mf-manifest.json';

/**
 * An origin seen through fetch, answering each request with the next of `answers` (the last one repeats):
 * 'down' is what a browser's fetch does when nothing listens (a TypeError), a number is that HTTP status. The
 * browser test (e2e/tests/remote-recovery.spec.ts) runs the plugin against a real origin that goes down.
 */
function origin(answers: ('down' | number)[]) {
  let requests = 0;
  const fetch = async () => {
    const answer = answers[Math.min(requests, answers.length - 1)] ?? 200;
    requests += 1;
    if (answer === 'down') throw new TypeError('Failed to fetch');
    return new Response(answer === 200 ? JSON.stringify(manifest) : '{}', { status: answer });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests: () => requests };
}

type FetchHook = (url: string, init: RequestInit) => Promise<Response>;
const fetchHookOf = (plugin: ReturnType<typeof remoteRetryPlugin>) => plugin.fetch as unknown as FetchHook;

describe('remoteRetryPlugin: the manifest', () => {
  it('keeps asking while the origin is down or unavailable, and returns the answer once it comes', async () => {
    const server = origin(['down', 503, 502, 200]);
    const response = await fetchHookOf(remoteRetryPlugin({ policy, fetch: server.fetch }))(URL_, {});
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(manifest);
    expect(server.requests()).toBe(4);
  });

  it('does not ask again for a file the origin says is not there', async () => {
    const server = origin([404]);
    const response = await fetchHookOf(remoteRetryPlugin({ policy, fetch: server.fetch }))(URL_, {});
    expect(response.status).toBe(404);
    expect(server.requests()).toBe(1);
  });

  it('gives up after its retries, with the error of the last try', async () => {
    const down = origin(['down']);
    await expect(fetchHookOf(remoteRetryPlugin({ policy, fetch: down.fetch }))(URL_, {})).rejects.toThrow(
      'Failed to fetch',
    );
    expect(down.requests()).toBe(4);
    const busy = origin([503]);
    await expect(fetchHookOf(remoteRetryPlugin({ policy, fetch: busy.fetch }))(URL_, {})).rejects.toThrow(
      'HTTP 503',
    );
    expect(busy.requests()).toBe(4);
  });
});

type EntryHookArgs = Parameters<NonNullable<ReturnType<typeof remoteRetryPlugin>['loadEntryError']>>[0];

describe('remoteRetryPlugin: the remote entry', () => {
  /** The runtime's view of a failed entry load: the failed promise is still cached under the remote's key. */
  function failedEntry(succeedOnCall: number) {
    const globalLoading: Record<string, Promise<unknown> | undefined> = { 'remote:entry': Promise.reject() };
    globalLoading['remote:entry']?.catch(() => undefined);
    const cachedWhenCalled: boolean[] = [];
    let calls = 0;
    const container = { get: () => undefined, init: () => undefined };
    const getRemoteEntry = async () => {
      calls += 1;
      cachedWhenCalled.push('remote:entry' in globalLoading);
      if (calls < succeedOnCall) throw new Error('Failed to load script resources. #RUNTIME-008');
      return container;
    };
    const args = {
      getRemoteEntry,
      origin: {},
      remoteInfo: { name: 'remote', entry: 'http://remote.test/remoteEntry.js' },
      globalLoading,
      uniqueKey: 'remote:entry',
    } as unknown as EntryHookArgs;
    return { args, container, calls: () => calls, cachedWhenCalled };
  }

  it('loads the entry again, without the failed load the runtime cached, until it comes', async () => {
    const entry = failedEntry(2);
    const recovered = await remoteRetryPlugin({ policy }).loadEntryError?.(entry.args);
    expect(recovered).toBe(entry.container);
    expect(entry.calls()).toBe(2);
    expect(entry.cachedWhenCalled).toEqual([false, false]);
  });

  it('counts the runtime’s own failed load as the first try', async () => {
    const entry = failedEntry(100);
    await expect(remoteRetryPlugin({ policy }).loadEntryError?.(entry.args)).rejects.toThrow('RUNTIME-008');
    expect(entry.calls()).toBe(3);
  });
});
