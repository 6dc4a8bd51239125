import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchStartupFilesEarly, startupFetch } from './startup-fetches.js';

afterEach(() => vi.unstubAllGlobals());

function countingFetch() {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (url: string | URL) => {
    calls.push(new URL(url, window.location.href).pathname);
    return Promise.resolve(new Response(String(calls.length)));
  });
  return calls;
}

describe('the files the shell reads first', () => {
  it('are asked for once by the entry, and bootstrap takes those answers', async () => {
    const calls = countingFetch();
    fetchStartupFilesEarly();
    expect(calls).toEqual(['/shell-config.json', '/remotes.json']);
    expect(await (await startupFetch('/shell-config.json')).text()).toBe('1');
    expect(await (await startupFetch(new URL('/remotes.json', window.location.href))).text()).toBe('2');
    expect(calls).toHaveLength(2);
    // Each early answer is taken once: asking again fetches again.
    expect(await (await startupFetch('/remotes.json')).text()).toBe('3');
  });

  it('fetches a registry at another address when it is asked for', async () => {
    const calls = countingFetch();
    await startupFetch('/registry/production.json');
    expect(calls).toEqual(['/registry/production.json']);
  });

  it('hands an early failure to whoever takes it, and nobody else', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    fetchStartupFilesEarly();
    await expect(startupFetch('/shell-config.json')).rejects.toThrow('Failed to fetch');
    // The early registry answer also failed and is never taken: no unhandled rejection fails this test.
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
});
