import { describe, expect, it } from 'vitest';
import type { RemoteRegistry } from '@tunehouse/shell-contract';
import {
  IDLE_PREFETCH_MARK,
  createAreaPrefetch,
  mayPrefetchWhenIdle,
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
  const preload = ({ scope }: { scope: string }, depth: PrefetchDepth) => {
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

  it('when idle, only downloads the nav areas (nothing runs); a hover on one downloaded still loads and runs it', () => {
    const { calls, preload, forget } = recorder();
    let idleWork: (() => void) | undefined;
    const prefetcher = createAreaPrefetch(
      registry,
      preload,
      forget,
      (run) => (idleWork = run),
      undefined,
      () => true,
    );
    prefetcher.prefetchWhenIdle(['/albums', '/artists']);
    expect(calls).toEqual([]);
    idleWork?.();
    expect(performance.getEntriesByName(IDLE_PREFETCH_MARK)).toHaveLength(1);
    prefetcher.prefetch('/artists', 'app');
    prefetcher.prefetch('/artists', 'download');
    prefetcher.prefetch('/artists');
    expect(calls).toEqual([
      ['tunehouse_releases', 'download'],
      ['tunehouse_artists', 'download'],
      ['tunehouse_artists', 'app'],
    ]);
  });

  it('when idle, leaves out the area of the address: it is loaded already', () => {
    const { calls, preload, forget } = recorder();
    window.history.pushState(null, '', '/albums/42');
    try {
      const prefetcher = createAreaPrefetch(
        registry,
        preload,
        forget,
        (run) => run(),
        undefined,
        () => true,
      );
      prefetcher.prefetchWhenIdle(['/albums', '/trends', '/artists']);
      expect(calls).toEqual([
        ['tunehouse_analytics', 'download'],
        ['tunehouse_artists', 'download'],
      ]);
    } finally {
      window.history.pushState(null, '', '/');
    }
  });

  it('on a device that cannot spare it, the idle prefetch fetches nothing, and a hover still loads the area', () => {
    const { calls, preload, forget } = recorder();
    const marks = performance.getEntriesByName(IDLE_PREFETCH_MARK).length;
    const prefetcher = createAreaPrefetch(
      registry,
      preload,
      forget,
      (run) => run(),
      undefined,
      () => false,
    );
    prefetcher.prefetchWhenIdle(['/albums', '/artists']);
    expect(calls).toEqual([]);
    expect(performance.getEntriesByName(IDLE_PREFETCH_MARK)).toHaveLength(marks);
    prefetcher.prefetch('/artists');
    expect(calls).toEqual([['tunehouse_artists', 'app']]);
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

  it('after a failed download, the next idle or hover fetches again; the runtime had nothing to forget', async () => {
    const { calls, forgotten, preload, forget } = recorder(new Set(['tunehouse_artists']));
    const prefetcher = createAreaPrefetch(
      registry,
      preload,
      forget,
      (run) => run(),
      undefined,
      () => true,
    );
    prefetcher.prefetchWhenIdle(['/artists']);
    await settle();
    prefetcher.prefetch('/artists', 'download');
    expect(forgotten).toEqual([]);
    expect(calls).toEqual([
      ['tunehouse_artists', 'download'],
      ['tunehouse_artists', 'download'],
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
      () => true,
    );
    prefetcher.prefetchWhenIdle(['/trends', '/artists']);
    prefetcher.prefetch('/trends');
    failed.delete('analytics');
    prefetcher.prefetch('/trends');
    expect(calls).toEqual([
      ['tunehouse_artists', 'download'],
      ['tunehouse_analytics', 'app'],
    ]);
  });
});

describe('mayPrefetchWhenIdle', () => {
  const capable = { hardwareConcurrency: 8, deviceMemory: 8, effectiveType: '4g', saveData: false };

  it('downloads ahead on a device with 4+ cores, 4+ GB when known, a 3G-or-better connection and no Save-Data', () => {
    expect(mayPrefetchWhenIdle(capable)).toBe(true);
    expect(mayPrefetchWhenIdle({ hardwareConcurrency: 4, deviceMemory: 4 })).toBe(true);
    expect(mayPrefetchWhenIdle({ hardwareConcurrency: 4 })).toBe(true);
    expect(mayPrefetchWhenIdle({ ...capable, effectiveType: '3g' })).toBe(true);
  });

  it('does not on a small device, a 2G-class connection or with Save-Data', () => {
    expect(mayPrefetchWhenIdle({ ...capable, hardwareConcurrency: 2 })).toBe(false);
    expect(mayPrefetchWhenIdle({ ...capable, hardwareConcurrency: undefined })).toBe(false);
    expect(mayPrefetchWhenIdle({ ...capable, deviceMemory: 2 })).toBe(false);
    expect(mayPrefetchWhenIdle({ ...capable, deviceMemory: 0.5 })).toBe(false);
    expect(mayPrefetchWhenIdle({ ...capable, saveData: true })).toBe(false);
    expect(mayPrefetchWhenIdle({ ...capable, effectiveType: '2g' })).toBe(false);
    expect(mayPrefetchWhenIdle({ ...capable, effectiveType: 'slow-2g' })).toBe(false);
  });
});
