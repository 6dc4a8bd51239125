import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Modules every app shares as strict singletons, each mapped to the package whose version it carries.
 * Subpaths are listed explicitly: sharing only `react-dom` let a remote download its own renderer through
 * `react-dom/client` while a "same React" check still passed (toolchain.md).
 *
 * Not shared, on purpose: our own libs. A shared module is not tree-shaken, and none holds state that must be one
 * instance across apps: the session, API client and QueryClient reach an area as instances through the
 * ShellContext. zod and react-router are shared in forms of our own, {@link SHARED_ZOD} and
 * {@link SHARED_REACT_ROUTER}. See docs/decisions/0002-shared-dependency-map.md, 0057-web-first-load-budgets.md
 * and 0065-area-router-react-router-shared.md.
 */
export const SHARED_SINGLETONS: Readonly<Record<string, string>> = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react/jsx-dev-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  '@tanstack/react-query': '@tanstack/react-query',
  '@tanstack/query-core': '@tanstack/query-core',
  '@emotion/react': '@emotion/react',
  '@emotion/react/jsx-runtime': '@emotion/react',
  '@emotion/react/jsx-dev-runtime': '@emotion/react',
  '@emotion/cache': '@emotion/cache',
};

export interface SharedModuleConfig {
  /** The module provided under this name, when it is not the request itself. */
  import?: string;
  singleton: true;
  strictVersion: true;
  requiredVersion: string;
  version: string;
}

/** Reads the installed version of `packageName` as seen from `appDir` (null when the app cannot resolve it). */
export function installedVersion(appDir: string, packageName: string): string | null {
  const require = createRequire(path.join(appDir, 'package.json'));
  try {
    const manifest = require(`${packageName}/package.json`) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : null;
  } catch {
    return null;
  }
}

/**
 * zod is shared as `browser/zod.js` of this package: its `z` without the locales and JSON-schema converters. zod
 * itself, shared, would be 379 KiB (every locale; a shared module keeps all its exports), and not shared, each app
 * carried its own ~90 KiB: the shell's and the area's on every page. The module reaches zod's files through the
 * alias {@link ZOD_INTERNALS_ALIAS}, because zod's package exports do not list them.
 */
export const SHARED_ZOD = {
  request: 'zod',
  module: fileURLToPath(new URL('../browser/zod.js', import.meta.url)),
} as const;

/** The resolve alias under which browser/zod-members.js imports zod's own files. */
export const ZOD_INTERNALS_ALIAS = 'tunehouse-zod-internals';

/** The folder of the zod package `appDir` resolves (null when it has none). */
export function zodFolder(appDir: string): string | null {
  try {
    return path.dirname(createRequire(path.join(appDir, 'package.json')).resolve('zod/package.json'));
  } catch {
    return null;
  }
}

/**
 * react-router is shared as `browser/react-router.js`: the members libs/area-kit routes with, from react-router's
 * production build. Each area carried its own tree-shaken copy before (13 KB gzip, downloaded again at every area
 * switch); shared, the first area a visitor opens brings it and the others reuse it. react-router itself, shared,
 * would keep every export (its data routers, server rendering, RSC). The module reaches react-router's files
 * through the alias {@link REACT_ROUTER_INTERNALS_ALIAS}: its package exports list neither the production build
 * nor, under the name `react-router` itself, anything but the shared module.
 */
export const SHARED_REACT_ROUTER = {
  request: 'react-router',
  module: fileURLToPath(new URL('../browser/react-router.js', import.meta.url)),
} as const;

/** The resolve alias under which browser/react-router.js imports react-router's own files. */
export const REACT_ROUTER_INTERNALS_ALIAS = 'tunehouse-react-router-internals';

/** The folder of the react-router package `appDir` resolves (null when it has none). */
export function reactRouterFolder(appDir: string): string | null {
  try {
    return path.dirname(
      createRequire(path.join(appDir, 'package.json')).resolve('react-router/package.json'),
    );
  } catch {
    return null;
  }
}

/** One app's terms for a shared module: the one copy, at the installed version's major or refused. */
function strictSingleton(version: string): SharedModuleConfig {
  return { singleton: true, strictVersion: true, requiredVersion: `^${version}`, version };
}

/**
 * The shared map for one app, versions read from the packages it actually has installed. A module the app
 * cannot resolve is left out: the app does not use it, so it has nothing to share or consume.
 */
export function sharedDependencies(appDir: string): Record<string, SharedModuleConfig> {
  const shared: Record<string, SharedModuleConfig> = {};
  for (const [request, packageName] of Object.entries(SHARED_SINGLETONS)) {
    const version = installedVersion(appDir, packageName);
    if (version === null) continue;
    shared[request] = strictSingleton(version);
  }
  const zodVersion = installedVersion(appDir, 'zod');
  if (zodVersion !== null)
    shared[SHARED_ZOD.request] = { import: SHARED_ZOD.module, ...strictSingleton(zodVersion) };
  const routerVersion = installedVersion(appDir, 'react-router');
  if (routerVersion !== null)
    shared[SHARED_REACT_ROUTER.request] = {
      import: SHARED_REACT_ROUTER.module,
      ...strictSingleton(routerVersion),
    };
  return shared;
}
