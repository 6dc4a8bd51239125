import { loadRemote } from '@module-federation/enhanced/runtime';
import type { LifeCycles } from 'single-spa';
import { checkRemoteModule, type RegistryEntry } from '@tunehouse/shell-contract';
import { recordAreaFailure } from '../services/area-failures.js';

/** What the shell mounts in place of an area it cannot or will not run: nothing, beside its error page. */
const inert: LifeCycles = {
  bootstrap: async () => undefined,
  mount: async () => undefined,
  unmount: async () => undefined,
};

/**
 * Loads an area's `./app` through Module Federation and checks it against the contract before single-spa
 * may mount it. A failure is logged and turned into the area's error page; it never reaches other areas.
 */
export async function loadArea(area: string, entry: RegistryEntry): Promise<LifeCycles> {
  let candidate: unknown;
  try {
    candidate = await loadRemote(`${entry.scope}/app`);
  } catch (error) {
    recordAreaFailure(area, {
      status: 503,
      detail: `area '${area}' could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
    });
    return inert;
  }
  const check = checkRemoteModule(candidate, area);
  if (!check.ok) {
    recordAreaFailure(area, { status: 500, detail: `area '${area}' was refused: ${check.detail}` });
    return inert;
  }
  // The guard checked that each lifecycle is a function; single-spa's own types cannot be expressed in zod.
  return check.module as unknown as LifeCycles;
}
