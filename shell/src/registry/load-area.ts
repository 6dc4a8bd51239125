import { loadRemote } from '@module-federation/enhanced/runtime';
import type { LifeCycleFn, LifeCycles } from 'single-spa';
import { checkRemoteModule, type RegistryEntry } from '@tunehouse/shell-contract';
import { clearAreaFailure, recordAreaFailure } from '../services/area-failures.js';
import { refusedDetail, unreachableDetail } from './failure-details.js';
import { isIntegrityFailure } from './integrity.js';

/** What the shell mounts in place of an area it cannot or will not run: nothing, beside its error page. */
const inert: LifeCycles = {
  bootstrap: async () => undefined,
  mount: async () => undefined,
  unmount: async () => undefined,
};

const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/**
 * Loads an area's `./app` through Module Federation (which retries, see retry-plugin.ts, and checks the integrity
 * the registry carries, see integrity-plugin.ts) and checks it against the contract before single-spa may mount
 * it. A failure is recorded as unreachable or refused and turned into the
 * area's error page; it never reaches other areas. Once the area has mounted, any failure recorded before (the one
 * a "Try again" answered) is cleared.
 */
export async function loadArea(
  area: string,
  entry: RegistryEntry,
  load: (id: string) => Promise<unknown> = (id) => loadRemote(id),
): Promise<LifeCycles> {
  let candidate: unknown;
  try {
    candidate = await load(`${entry.scope}/app`);
    if (candidate === null || candidate === undefined) throw new Error(`${entry.scope}/app came back empty`);
  } catch (error) {
    // Code that arrived but is not what was published is refused, like code the contract turns away.
    if (isIntegrityFailure(error))
      recordAreaFailure(
        area,
        'refused',
        refusedDetail(area, 'its code does not match what was published'),
        error,
      );
    else recordAreaFailure(area, 'unreachable', unreachableDetail(area, error), error);
    return inert;
  }
  const check = checkRemoteModule(candidate, area);
  if (!check.ok) {
    recordAreaFailure(area, 'refused', refusedDetail(area, check.detail));
    return inert;
  }
  // The guard checked that each lifecycle is a function; single-spa's own types cannot be expressed in zod.
  const lifecycles = check.module as unknown as LifeCycles;
  const mounted: LifeCycleFn<object> = async () => clearAreaFailure(area);
  return { ...lifecycles, mount: [...asArray(lifecycles.mount), mounted] };
}
