import { registerRemotes } from '@module-federation/enhanced/runtime';
import { addErrorHandler, registerApplication, type AppError } from 'single-spa';
import { findOwner, type RemoteRegistry, type ShellContext } from '@tunehouse/shell-contract';
import { recordAreaFailure } from '../services/area-failures.js';
import { areaContainer } from './area-slot.js';
import { loadArea } from './load-area.js';
import { routesByArea } from './load-registry.js';

/** Registers every area of the registry with Module Federation and single-spa. */
export function registerAreas(
  registry: RemoteRegistry,
  shell: ShellContext,
  canEnter: (location: Location) => boolean = () => true,
): void {
  registerRemotes(
    Object.values(registry.areas).map((entry) => ({ name: entry.scope, entry: entry.manifest })),
  );
  const owners = routesByArea(registry);
  for (const [area, entry] of Object.entries(registry.areas)) {
    registerApplication({
      name: area,
      app: () => loadArea(area, entry),
      activeWhen: (location) => findOwner(owners, location.pathname) === area && canEnter(location),
      customProps: { shell, domElementGetter: () => areaContainer(area) },
    });
  }
  // An area that throws while bootstrapping, mounting or unmounting is shown as broken; the rest go on.
  addErrorHandler((error: AppError) => {
    recordAreaFailure(error.appOrParcelName, { status: 500, detail: error.message });
  });
}
