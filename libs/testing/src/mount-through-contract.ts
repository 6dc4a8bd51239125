import { SHELL_CONTRACT_VERSION, checkRemoteModule } from '@tunehouse/shell-contract';
import { createFakeShellContext } from './fake-shell-context.js';

type Lifecycle = (props: unknown) => Promise<unknown>;
const asList = (lifecycle: unknown): Lifecycle[] =>
  (Array.isArray(lifecycle) ? lifecycle : [lifecycle]) as Lifecycle[];

async function waitFor<T>(read: () => T | null, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting for the area to render');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The shell's side of the contract, without the shell: checks a remote's `./app` module the way the shell
 * does, then bootstraps and mounts it with single-spa's props at each of its own routes (sample values for
 * parameters) and reports the page heading each one rendered. For a remote's contract test (jsdom).
 */
export async function mountThroughContract(
  candidate: unknown,
  areaName: string,
): Promise<{ path: string; heading: string }[]> {
  const check = checkRemoteModule(candidate, areaName, SHELL_CONTRACT_VERSION);
  if (!check.ok) throw new Error(`contract check failed: ${check.detail}`);
  const { shell } = createFakeShellContext();
  const container = document.createElement('div');
  document.body.appendChild(container);
  const props = {
    name: areaName,
    shell,
    domElementGetter: () => container,
    singleSpa: {},
    mountParcel: () => undefined,
  };

  for (const bootstrap of asList(check.module.bootstrap)) await bootstrap(props);
  const rendered: { path: string; heading: string }[] = [];
  for (const route of check.module.meta.routes.filter((pattern) => !pattern.includes('*'))) {
    const path = route.replace(/:([A-Za-z]+)/g, 'sample-$1');
    window.history.pushState(null, '', path);
    for (const mount of asList(check.module.mount)) await mount(props);
    const heading = await waitFor(() => container.querySelector('h1')?.textContent ?? null);
    rendered.push({ path, heading });
    for (const unmount of asList(check.module.unmount)) await unmount(props);
  }
  container.remove();
  return rendered;
}
