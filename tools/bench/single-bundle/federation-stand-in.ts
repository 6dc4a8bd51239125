// Bench only (tools/bench/single-bundle): the shell's Module Federation runtime API answered by the areas bundled
// in, so the same shell code runs with no federation at all. `loadRemote('tunehouse_releases/app')` imports the
// releases area's lifecycles; each area stays a split chunk of its own, as a single-page app would have it.
const AREAS: Record<string, () => Promise<unknown>> = {
  tunehouse_auth: () => import('../../../mfe-auth/src/lifecycles.js'),
  tunehouse_releases: () => import('../../../mfe-releases/src/lifecycles.js'),
  tunehouse_splits: () => import('../../../mfe-splits/src/lifecycles.js'),
  tunehouse_artists: () => import('../../../mfe-artists/src/lifecycles.js'),
  tunehouse_analytics: () => import('../../../mfe-analytics/src/lifecycles.js'),
  tunehouse_wallet: () => import('../../../mfe-wallet/src/lifecycles.js'),
};

const scopeOf = (id: string) => id.split('/')[0] ?? id;

export async function loadRemote(id: string): Promise<unknown> {
  const load = AREAS[scopeOf(id)];
  if (!load) throw new Error(`${id} is not bundled`);
  return load();
}

export async function preloadRemote(options: Array<{ nameOrAlias: string }>): Promise<void> {
  await Promise.all(options.map(({ nameOrAlias }) => AREAS[nameOrAlias]?.()));
}

export const registerPlugins = (): void => undefined;
export const registerRemotes = (): void => undefined;
export type ModuleFederationRuntimePlugin = { name: string; [hook: string]: unknown };
