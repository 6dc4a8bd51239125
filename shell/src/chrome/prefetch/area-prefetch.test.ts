import { describe, expect, it } from 'vitest';
import type { RemoteRegistry } from '@tunehouse/shell-contract';
import {
  IDLE_PREFETCH_MARK,
  createAreaPrefetch,
  depthForConnection,
  type PrefetchDepth,
} from './area-prefetch.js';

const registry: RemoteRegistry = {
  schemaVersion: 1,
  areas: Object.fromEntries(
    [
      ['releases', ['/albums', '/albums/:id']],
      ['analytics', ['/trends', '/trends/playlists']],
      ['artists', ['/artists']],
    ].map(([area, routes]) => [
      area,
      {
        manifest: `http://127.0.0.1:1/${String(area)}/mf-manifest.json`,
        scope: `tunehouse_${String(area)}`,
        routes: routes as string[],
        version: '0.1.0',
      },
    ]),
  ),
};

/** A preload that records its calls and fails for the scopes in `failing` (the remote is down). */
function recorder(failing: Set<string> = new Set()) {
  const calls: Array<[string, PrefetchDepth]> = [];
  const forgotten: string[] = [];
  const preload = (scope: string, depth: PrefetchDepth) => {
    calls.push([scope, depth]);
    return failing.has(scope) ? Promise.reject(new Error('unreachable')) : Promise.resolve();
  };
  return { calls, forgotten, preload, forget: (area: string) => forgotten.push(area) };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createAreaPrefetch', () => {
  it('prefetches the area that owns a link, once, whatever page of the area the link names', () => {
    const { calls, preload, forget } = recorder();
    const prefetcher = createAreaPrefetch(registry, preload, forget, () => undefined);
    prefetcher.prefetch('/trends');
    prefetcher.prefetch('/trends/playlists?albumId=1');
    prefetcher.prefetch('/albums/42', 'app');
    expect(calls).toEqual([
      ['tunehouse_analytics', 'app'],
      ['tunehouse_releases', 'app'],
    ]);
  });

  it('ignores links no area owns (the landing page, an unknown path)', () => {
    const { calls, preload, forget } = recorder();
    const prefetcher = createAreaPrefetch(registry, preload, forget, () => undefined);
    prefetcher.prefetch('/');
    prefetcher.prefetch('/nowhere');
    expect(calls).toEqual([]);
  });

  it('when idle, fetches the nav areas as far as the connection allows; a hover on one fetched only to its entry still fetches the app', () => {
    const { calls, preload, forget } = recorder();
    let idleWork: (() => void) | undefined;
    const prefetcher = createAreaPrefetch(
      registry,
      preload,
      forget,
      (run) => (idleWork = run),
      undefined,
      () => 'entry',
    );
    prefetcher.prefetchWhenIdle(['/albums', '/artists']);
    expect(calls).toEqual([]);
    idleWork?.();
    expect(performance.getEntriesByName(IDLE_PREFETCH_MARK)).toHaveLength(1);
    prefetcher.prefetch('/artists', 'app');
    prefetcher.prefetch('/artists', 'entry');
    expect(calls).toEqual([
      ['tunehouse_releases', 'entry'],
      ['tunehouse_artists', 'entry'],
      ['tunehouse_artists', 'app'],
    ]);
  });

  it('forgets a failed prefetch, so the visit or the next hover fetches again', async () => {
    const { calls, forgotten, preload, forget } = recorder(new Set(['tunehouse_artists']));
    const prefetcher = createAreaPrefetch(registry, preload, forget, () => undefined);
    prefetcher.prefetch('/artists');
    await settle();
    expect(forgotten).toEqual(['artists']);
    prefetcher.prefetch('/artists');
    expect(calls).toEqual([
      ['tunehouse_artists', 'app'],
      ['tunehouse_artists', 'app'],
    ]);
  });

  it('leaves an area alone while its failure is shown (its Try again fetches it)', () => {
    const { calls, preload, forget } = recorder();
    const failed = new Set(['analytics']);
    const prefetcher = createAreaPrefetch(
      registry,
      preload,
      forget,
      (run) => run(),
      (area) => failed.has(area),
      () => 'entry',
    );
    prefetcher.prefetchWhenIdle(['/trends', '/artists']);
    prefetcher.prefetch('/trends');
    failed.delete('analytics');
    prefetcher.prefetch('/trends');
    expect(calls).toEqual([
      ['tunehouse_artists', 'entry'],
      ['tunehouse_analytics', 'app'],
    ]);
  });

  it('on an ordinary connection, fetches and runs the nav areas when idle, and a hover then fetches nothing more', () => {
    const { calls, preload, forget } = recorder();
    const prefetcher = createAreaPrefetch(
      registry,
      preload,
      forget,
      (run) => run(),
      undefined,
      () => 'app',
    );
    prefetcher.prefetchWhenIdle(['/albums', '/artists']);
    prefetcher.prefetch('/artists');
    expect(calls).toEqual([
      ['tunehouse_releases', 'app'],
      ['tunehouse_artists', 'app'],
    ]);
  });
});

describe('depthForConnection', () => {
  it('runs the areas ahead on 4G or an unknown connection, and only fetches their entries when data is to be saved', () => {
    expect(depthForConnection(undefined)).toBe('app');
    expect(depthForConnection({ effectiveType: '4g' })).toBe('app');
    expect(depthForConnection({ effectiveType: '4g', saveData: true })).toBe('entry');
    expect(depthForConnection({ effectiveType: '3g' })).toBe('entry');
    expect(depthForConnection({ effectiveType: 'slow-2g' })).toBe('entry');
  });
});
