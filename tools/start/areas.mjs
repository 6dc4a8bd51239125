/**
 * The deployment table of this environment: each area's build folder, Module Federation container name,
 * default port and the route patterns it owns (docs/decisions/0003-route-ownership.md). `npm start`, the
 * end-to-end tests and the benchmarks all read it, so they serve the same registry.
 */
export const AREAS = [
  {
    name: 'auth',
    dir: 'mfe-auth',
    scope: 'tunehouse_auth',
    port: 4201,
    routes: ['/auth/*', '/account', '/account/verify', '/admin/*'],
  },
  { name: 'releases', dir: 'mfe-releases', scope: 'tunehouse_releases', port: 4202, routes: ['/albums/*'] },
  {
    name: 'splits',
    dir: 'mfe-splits',
    scope: 'tunehouse_splits',
    port: 4203,
    routes: ['/splits/*', '/albums/:id/splits/*'],
  },
  { name: 'artists', dir: 'mfe-artists', scope: 'tunehouse_artists', port: 4204, routes: ['/artists/*'] },
  {
    name: 'analytics',
    dir: 'mfe-analytics',
    scope: 'tunehouse_analytics',
    port: 4205,
    routes: ['/trends/*'],
  },
  {
    name: 'wallet',
    dir: 'mfe-wallet',
    scope: 'tunehouse_wallet',
    port: 4206,
    routes: ['/wallet/*', '/payments/*', '/payment-methods/*', '/account/billing'],
  },
];

export const SHELL = { dir: 'shell', port: 4200 };
export const API = { dir: 'api', port: 3000 };

/** `MFE_RELEASES_PORT=5202` style overrides. */
export function portFromEnv(name, fallback, env = process.env) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`${name} must be a port number, got '${raw}'`);
  return port;
}
