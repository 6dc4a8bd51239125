import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addErrorHandler, getAppStatus, removeErrorHandler, start } from 'single-spa';
import { SHELL_CONTRACT_VERSION, type RegistryEntry } from '@tunehouse/shell-contract';
import { areaFailures, retryArea } from '../services/area-failures.js';
import { loadArea } from './load-area.js';
import { recordLifecycleError, registerArea } from './register-area.js';

/** Real single-spa, as the shell runs it; only the Module Federation fetch is played by the test. */
beforeAll(() => {
  addErrorHandler(recordLifecycleError);
  start({ urlRerouteOnly: true });
});
afterAll(() => {
  removeErrorHandler(recordLifecycleError);
  window.history.pushState(null, '', '/');
});
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

const entryOf = (area: string): RegistryEntry => ({
  manifest: `http://127.0.0.1:1/${area}/mf-manifest.json`,
  scope: `tunehouse_${area}`,
  routes: [`/${area}`],
  version: '0.1.0',
});

/** A remote module whose mount throws while `broken()` says so, and records each mount that succeeded. */
function remote(area: string, broken: () => boolean = () => false) {
  const mounts: string[] = [];
  return {
    mounts,
    module: {
      bootstrap: async () => undefined,
      mount: async () => {
        if (broken()) throw new Error('root is null');
        mounts.push(area);
      },
      unmount: async () => undefined,
      meta: { name: area, routes: [`/${area}`], shellRange: `^${SHELL_CONTRACT_VERSION}` },
    },
  };
}

function register(area: string, load: () => Promise<unknown>) {
  let loads = 0;
  let forgotten = 0;
  registerArea(area, {
    app: () => {
      loads += 1;
      return loadArea(area, entryOf(area), load);
    },
    activeWhen: (location) => location.pathname.startsWith(`/${area}`),
    customProps: {},
    forget: () => (forgotten += 1),
  });
  return { loads: () => loads, forgotten: () => forgotten };
}

describe('"Try again" with single-spa', () => {
  it('loads an area that was unreachable once its origin is back, in place', async () => {
    let down = true;
    const { module, mounts } = remote('downtime');
    const area = register('downtime', async () => {
      if (down) throw new Error('Failed to get manifest. #RUNTIME-003');
      return module;
    });
    window.history.pushState(null, '', '/downtime');
    await vi.waitFor(() => expect(areaFailures.get()['downtime']?.kind).toBe('unreachable'));

    await retryArea('downtime');
    await vi.waitFor(() => expect(areaFailures.get()['downtime']?.failedRetries).toBe(1));
    expect(mounts).toEqual([]);

    down = false;
    await retryArea('downtime');
    await vi.waitFor(() => expect(mounts).toEqual(['downtime']));
    await vi.waitFor(() => expect(areaFailures.get()['downtime']).toBeUndefined());
    expect(getAppStatus('downtime')).toBe('MOUNTED');
    expect(area.loads()).toBe(3);
    expect(area.forgotten()).toBe(2);
  });

  it('loads an area that crashed while mounting anew, and mounts it once it no longer throws', async () => {
    let broken = true;
    const { module, mounts } = remote('crashy', () => broken);
    const area = register('crashy', async () => module);
    window.history.pushState(null, '', '/crashy');
    await vi.waitFor(() =>
      expect(areaFailures.get()['crashy']).toMatchObject({
        kind: 'crashed',
        status: 500,
        detail: "area 'crashy' threw while mounting: root is null",
      }),
    );
    expect(getAppStatus('crashy')).toBe('SKIP_BECAUSE_BROKEN');

    broken = false;
    await retryArea('crashy');
    await vi.waitFor(() => expect(mounts).toEqual(['crashy']));
    await vi.waitFor(() => expect(areaFailures.get()['crashy']).toBeUndefined());
    expect(getAppStatus('crashy')).toBe('MOUNTED');
    expect(area.loads()).toBe(2);
  });
});
