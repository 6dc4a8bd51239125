import fs from 'node:fs';
import path from 'node:path';
import { parseRegistry } from '@tunehouse/shell-contract';
import { AREAS, SHELL } from './areas.mjs';
import { shellContentSecurityPolicy } from './security-headers.mjs';
import { close, createStaticServer, listen } from './static-server.mjs';

import { ROOT } from './paths.mjs';
export { ROOT };

function json(res, body) {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
  res.end(JSON.stringify(body, null, 2));
}

/**
 * Serves the shell and every area remote from its own origin and generates this environment's registry.
 * Ports of 0 pick free ones (tests). `transformRegistry` lets a test point an area elsewhere.
 */
export async function startStack({
  host = '127.0.0.1',
  publicHost = 'localhost',
  shellPort = SHELL.port,
  areaPorts = {},
  areas = AREAS,
  apiBaseUrl = `http://${publicHost}:3000`,
  supportEmail = 'support@tunehouse.local',
  transformRegistry = (registry) => registry,
  /** Extra shell-config.json fields (help links, announcement window, ...). */
  shellConfig = {},
  envDir = path.join(ROOT, '.data', 'env'),
} = {}) {
  const servers = {};
  const urls = {};
  for (const area of areas) {
    const dir = path.join(ROOT, area.dir, 'dist');
    if (!fs.existsSync(path.join(dir, 'mf-manifest.json')))
      throw new Error(`${area.dir} is not built (${dir})`);
    servers[area.name] = createStaticServer(dir);
    const port = await listen(servers[area.name], areaPorts[area.name] ?? area.port, host);
    urls[area.name] = `http://${publicHost}:${port}`;
  }

  let shellUrl = '';
  const registry = () =>
    transformRegistry({
      schemaVersion: 1,
      areas: Object.fromEntries(
        areas.map((area) => [
          area.name,
          {
            manifest: `${urls[area.name]}/mf-manifest.json`,
            scope: area.scope,
            routes: area.routes,
            version: JSON.parse(fs.readFileSync(path.join(ROOT, area.dir, 'package.json'), 'utf8')).version,
          },
        ]),
      ),
    });
  const checked = parseRegistry(registry());
  if (!checked.ok) throw new Error(`generated registry is invalid: ${checked.detail}`);

  const shellDir = path.join(ROOT, SHELL.dir, 'dist');
  if (!fs.existsSync(path.join(shellDir, 'index.html'))) throw new Error(`shell is not built (${shellDir})`);
  servers.shell = createStaticServer(shellDir, {
    contentSecurityPolicy: () =>
      shellContentSecurityPolicy({
        areaUrls: Object.values(registry().areas).map((area) => area.manifest),
        apiBaseUrl,
      }),
    extra(req, res) {
      const pathname = new URL(req.url, 'http://x').pathname;
      if (pathname === '/remotes.json') return (json(res, registry()), true);
      if (pathname === '/shell-config.json') {
        return (
          json(res, {
            apiBaseUrl,
            supportEmail,
            productName: 'Tunehouse',
            siteUrl: shellUrl,
            registryUrl: '/remotes.json',
            ...shellConfig,
          }),
          true
        );
      }
      return false;
    },
  });
  const port = await listen(servers.shell, shellPort, host);
  shellUrl = `http://${publicHost}:${port}`;

  fs.mkdirSync(envDir, { recursive: true });
  fs.writeFileSync(path.join(envDir, 'remotes.json'), `${JSON.stringify(registry(), null, 2)}\n`);

  return {
    shellUrl,
    areaUrls: urls,
    /** Stops one area's server, as when its deploy is down. */
    stopArea: (name) => close(servers[name]),
    close: () => Promise.all(Object.values(servers).map(close)),
  };
}
