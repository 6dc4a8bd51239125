import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LifeCycleFn } from 'single-spa';
import { SHELL_CONTRACT_VERSION, type RegistryEntry } from '@tunehouse/shell-contract';
import { areaFailures, recordAreaFailure } from '../services/area-failures.js';
import { IntegrityError } from './integrity.js';
import { loadArea } from './load-area.js';

const entry: RegistryEntry = {
  manifest: 'http://127.0.0.1:4205/mf-manifest.json',
  scope: 'tunehouse_analytics',
  routes: ['/trends'],
  version: '0.1.0',
};

function remoteModule(shellRange = `^${SHELL_CONTRACT_VERSION}`) {
  const mounted: string[] = [];
  return {
    mounted,
    module: {
      bootstrap: async () => undefined,
      mount: async () => void mounted.push('analytics'),
      unmount: async () => undefined,
      meta: { name: 'analytics', routes: ['/trends'], shellRange },
    },
  };
}

async function runMount(mount: LifeCycleFn<object> | LifeCycleFn<object>[]) {
  for (const step of Array.isArray(mount) ? mount : [mount]) await step({} as never);
}

beforeEach(() => {
  areaFailures.set({});
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => areaFailures.set({}));

describe('loadArea', () => {
  it('records an area whose remote did not load as unreachable (503) and gives single-spa nothing to run', async () => {
    const lifecycles = await loadArea('analytics', entry, async () => {
      throw new Error('Failed to get manifest. #RUNTIME-003 https://module-federation.io/x');
    });
    expect(areaFailures.get()['analytics']).toMatchObject({
      kind: 'unreachable',
      status: 503,
      detail: "area 'analytics' could not be loaded: its manifest did not arrive",
    });
    await runMount(lifecycles.mount);
    expect(areaFailures.get()['analytics']?.kind).toBe('unreachable');
  });

  it('counts an empty answer from the runtime as unreachable', async () => {
    await loadArea('analytics', entry, async () => null);
    expect(areaFailures.get()['analytics']?.kind).toBe('unreachable');
  });

  it('records a remote that does not accept this shell’s contract as refused (502)', async () => {
    const { module } = remoteModule('^99.0.0');
    await loadArea('analytics', entry, async () => module);
    expect(areaFailures.get()['analytics']).toMatchObject({
      kind: 'refused',
      status: 502,
      detail: `area 'analytics' was refused: area 'analytics' needs shell contract ^99.0.0, shell offers ${SHELL_CONTRACT_VERSION}`,
    });
  });

  it('records code that does not match its published integrity as refused (502), in plain words', async () => {
    await loadArea('analytics', entry, async () => {
      throw new Error(
        `Failed to get manifest. #RUNTIME-003 ${String(new IntegrityError('the manifest of x'))}`,
      );
    });
    expect(areaFailures.get()['analytics']).toMatchObject({
      kind: 'refused',
      status: 502,
      detail: "area 'analytics' was refused: its code does not match what was published",
    });
  });

  it('hands over the area’s lifecycles, and clears an earlier failure once the area has mounted', async () => {
    recordAreaFailure('analytics', 'unreachable', "area 'analytics' could not be loaded");
    const { module, mounted } = remoteModule();
    const lifecycles = await loadArea('analytics', entry, async () => module);
    expect(areaFailures.get()['analytics']).toBeDefined();
    await runMount(lifecycles.mount);
    expect(mounted).toEqual(['analytics']);
    expect(areaFailures.get()['analytics']).toBeUndefined();
  });
});
