import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteRegistry } from '@tunehouse/shell-contract';
import { areaFailures } from '../../services/area-failures.js';
import { areaPrefetch, createAreaPrefetch } from './area-prefetch.js';
import { downloadArea } from './download-area.js';

/**
 * Turns on prefetching for the registered areas: the nav's areas downloaded (nothing run) when the browser is idle
 * after the first load on a device that can spare it (mayPrefetchWhenIdle), any area loaded and run when a link to
 * it is hovered or focused — through the federation runtime, so the integrity and retry plugins apply to it as to
 * a visit.
 */
export function enableAreaPrefetch(registry: RemoteRegistry, navHrefs: readonly string[]): void {
  const prefetcher = createAreaPrefetch(
    registry,
    async (entry, depth) => {
      if (depth === 'download') return downloadArea(entry.manifest);
      await preloadRemote([{ nameOrAlias: entry.scope, exposes: ['./app'], resourceCategory: 'sync' }]);
      // Also runs the module (its definitions only: mounting is single-spa's), so the visit's own loadRemote
      // answers from the runtime's cache and only the mount is left for the click.
      await loadRemote(`${entry.scope}/app`);
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
