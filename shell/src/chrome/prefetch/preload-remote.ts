import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteRegistry } from '@tunehouse/shell-contract';
import { areaFailures } from '../../services/area-failures.js';
import { areaPrefetch, createAreaPrefetch } from './area-prefetch.js';

/**
 * Turns on prefetching for the registered areas: the nav's areas when the browser is idle after the first load
 * (how far: depthForConnection), any area when a link to it is hovered or focused. Through the federation runtime, so the integrity and retry
 * plugins apply to what is prefetched as to what is loaded.
 */
export function enableAreaPrefetch(registry: RemoteRegistry, navHrefs: readonly string[]): void {
  const prefetcher = createAreaPrefetch(
    registry,
    async (scope, depth) => {
      await preloadRemote([
        {
          nameOrAlias: scope,
          exposes: ['./app'],
          resourceCategory: 'sync',
          // 'entry': the manifest and remoteEntry.js only, no chunk of the app itself.
          ...(depth === 'entry' ? { filter: () => false } : {}),
        },
      ]);
      // 'app' also runs the module (its definitions only: mounting is single-spa's), so the visit's own
      // loadRemote answers from the runtime's cache and only the mount is left for the click.
      if (depth === 'app') await loadRemote(`${scope}/app`);
    },
    (area) => {
      const entry = registry.areas[area];
      if (entry) registerRemotes([{ name: entry.scope, entry: entry.manifest }], { force: true });
    },
    undefined,
    (area) => area in areaFailures.get(),
  );
  areaPrefetch.set(prefetcher);
  prefetcher.prefetchWhenIdle(navHrefs);
}
