import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { addErrorHandler } from 'single-spa';
import {
  findOwner,
  type RegistryEntry,
  type RemoteRegistry,
  type ShellContext,
} from '@tunehouse/shell-contract';
import { areaContainer } from './area-slot.js';
import { REMOTE_RETRY_POLICY } from './backoff.js';
import { remoteIntegrityPlugin } from './integrity-plugin.js';
import { loadArea } from './load-area.js';
import { routesByArea } from './load-registry.js';
import { recordLifecycleError, registerArea } from './register-area.js';
import { remoteRetryPlugin } from './retry-plugin.js';

const remoteOf = (entry: RegistryEntry) => ({ name: entry.scope, entry: entry.manifest });

/** Registers every area of the registry with Module Federation and single-spa. */
export function registerAreas(
  registry: RemoteRegistry,
  shell: ShellContext,
  canEnter: (location: Location) => boolean = () => true,
): void {
  const integrity = remoteIntegrityPlugin({
    remotes: Object.values(registry.areas).map((entry) => ({ name: entry.scope, ...entry })),
  });
  // Integrity first: its check of a failed entry refuses a mismatch before the retry plugin would ask again. The
  // retry plugin fetches manifests through the integrity check, so a retried manifest is checked too.
  registerPlugins([
    integrity,
    remoteRetryPlugin({
      fetch: integrity.verifiedFetch,
      policy: REMOTE_RETRY_POLICY,
      onRetry: ({ retry, delayMs }) =>
        console.info(`[shell] a remote did not load; retry ${retry} in ${delayMs} ms`),
    }),
  ]);
  registerRemotes(Object.values(registry.areas).map(remoteOf));
  const owners = routesByArea(registry);
  for (const [area, entry] of Object.entries(registry.areas)) {
    registerArea(area, {
      app: () => loadArea(area, entry),
      activeWhen: (location) => findOwner(owners, location.pathname) === area && canEnter(location),
      // The deployed version goes with the area's error reports (shell contract 1.5).
      customProps: { shell, areaVersion: entry.version, domElementGetter: () => areaContainer(area) },
      // The runtime caches a remote's manifest, entry and module; registering it again by force forgets them.
      forget: () => registerRemotes([remoteOf(entry)], { force: true }),
    });
  }
  addErrorHandler(recordLifecycleError);
}
