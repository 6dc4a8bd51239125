import { describe, expect, it } from 'vitest';
import type { RemoteRegistry } from '@tunehouse/shell-contract';
import { preloadOwnArea } from './preload-own-area.js';

const registry = {
  areas: {
    releases: {
      scope: 'tunehouse_releases',
      manifest: 'https://areas.example/releases/1.2.0-abc/mf-manifest.json',
      routes: ['/albums/*'],
      integrity: { manifest: 'sha384-manifest', entry: 'sha384-entry' },
    },
    wallet: {
      scope: 'tunehouse_wallet',
      manifest: 'https://areas.example/wallet/2.0.0-def/mf-manifest.json',
      routes: ['/wallet/*'],
    },
  },
} as unknown as RemoteRegistry;

const preloadsIn = (head: HTMLElement) =>
  [...head.querySelectorAll('link')].map((link) => ({
    rel: link.rel,
    as: link.getAttribute('as'),
    href: link.href,
    crossOrigin: link.getAttribute('crossorigin'),
    integrity: link.getAttribute('integrity'),
    fetchPriority: link.getAttribute('fetchpriority'),
  }));

describe('preloadOwnArea', () => {
  it("preloads the owning area's manifest and remote entry together, as the integrity plugin loads them", () => {
    const head = document.createElement('head');
    preloadOwnArea(registry, '/albums/7', head);
    expect(preloadsIn(head)).toEqual([
      {
        rel: 'preload',
        as: 'fetch',
        href: 'https://areas.example/releases/1.2.0-abc/mf-manifest.json',
        crossOrigin: 'anonymous',
        integrity: null,
        fetchPriority: null,
      },
      {
        rel: 'preload',
        as: 'script',
        href: 'https://areas.example/releases/1.2.0-abc/remoteEntry.js',
        crossOrigin: 'anonymous',
        integrity: 'sha384-entry',
        // At low priority, as the shell's own startup scripts (a high-priority script counts as render-blocking).
        fetchPriority: 'low',
      },
    ]);
  });

  it('preloads a plain script for an area without a recorded integrity', () => {
    const head = document.createElement('head');
    preloadOwnArea(registry, '/wallet', head);
    expect(preloadsIn(head)[1]).toMatchObject({ as: 'script', crossOrigin: null, integrity: null });
  });

  it('preloads nothing on a path no area owns (the shell’s own pages)', () => {
    const head = document.createElement('head');
    preloadOwnArea(registry, '/', head);
    preloadOwnArea(registry, '/nowhere', head);
    expect(head.children).toHaveLength(0);
  });
});
