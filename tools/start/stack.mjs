import fs from 'node:fs';
import path from 'node:path';
import { parseRegistry } from '@tunehouse/shell-contract';
import { AREAS, SHELL } from './areas.mjs';
import { shellContentSecurityPolicy } from './security-headers.mjs';
import { shellPageFor, shellPageLinks } from './shell-pages.mjs';
import { close, createStaticServer, listen, sendCompressible } from './static-server.mjs';
import { createAreaOrigin } from './area-origin.mjs';
import { deployBuildsOnStart } from '../area/on-start.mjs';

import { ROOT } from './paths.mjs';
export { ROOT };

/** The registry's entries of the areas this stack serves (a test may serve fewer). */
const pick = (entries, areas) =>
  Object.fromEntries(
    areas.filter((area) => entries[area.name]).map((area) => [area.name, entries[area.name]]),
  );

function json(req, res, body) {
  sendCompressible(req, res, JSON.stringify(body, null, 2), {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-cache',
  });
}

/**
 * An integrity belongs to the manifest it was recorded for: when a test points an area at another build, the
 * digest of the published one does not apply to it.
 */
function dropStaleIntegrity(before, after) {
  const areas = Object.fromEntries(
    Object.entries(after.areas).map(([name, entry]) => {
      const { integrity, ...rest } = entry;
      const same = before.areas[name]?.manifest === entry.manifest;
      return [name, integrity && same ? entry : rest];
    }),
  );
  return { ...after, areas };
}

/**
 * Serves the shell and every area from its own origin. Each area origin serves its folder of the release store
 * (`areaStore`, by default .data/areas: every published version at `/<area>/<version>/`); the current builds are
 * published there and deployed into this environment's registry (`<envDir>/remotes.json`) unless a version was
 * deployed by hand (tools/area/on-start.mjs). The shell's `/remotes.json` is that file, read on every request, so
 * `npm run area -- deploy` reaches the next page load without a restart. Ports of 0 pick free ones (tests).
 * `transformRegistry` lets a test point an area elsewhere.
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
  /** A Sentry-compatible DSN for the shell's and areas' error reports; also allowed by the CSP's connect-src. */
  errorReportingDsn = '',
  envDir = path.join(ROOT, '.data', 'env'),
  areaStore = path.join(ROOT, '.data', 'areas'),
} = {}) {
  const servers = {};
  const urls = {};
  for (const area of areas) {
    const dir = path.join(ROOT, area.dir, 'dist');
    if (!fs.existsSync(path.join(dir, 'mf-manifest.json')))
      throw new Error(`${area.dir} is not built (${dir})`);
    servers[area.name] = createAreaOrigin(areaStore, area.name);
    const port = await listen(servers[area.name], areaPorts[area.name] ?? area.port, host);
    urls[area.name] = `http://${publicHost}:${port}`;
  }

  const registryFile = path.join(envDir, 'remotes.json');
  const notes = await deployBuildsOnStart({ areas, storeDir: areaStore, registryFile, origins: urls });
  for (const note of notes) console.log(note);
  let lastGood = null;
  const registry = () => {
    let parsed;
    try {
      parsed = parseRegistry(JSON.parse(fs.readFileSync(registryFile, 'utf8')));
    } catch (error) {
      parsed = { ok: false, detail: error.message };
    }
    // A registry removed or edited into something invalid is logged, and the last valid one is served meanwhile.
    if (!parsed.ok) {
      console.error(`${registryFile} is invalid (${parsed.detail}); serving the last valid registry`);
      return lastGood;
    }
    const deployed = { ...parsed.registry, areas: pick(parsed.registry.areas, areas) };
    lastGood = dropStaleIntegrity(deployed, transformRegistry(deployed));
    return lastGood;
  };
  const checked = parseRegistry(registry());
  if (!checked.ok) throw new Error(`generated registry is invalid: ${checked.detail}`);

  // A manifest of this stack's release store, by its URL (`<origin>/<area>/<version>/mf-manifest.json`), for the
  // pages' preload links; a published version never changes, so each is read once.
  const manifests = new Map();
  const readManifest = (url) => {
    if (!manifests.has(url)) {
      const { origin, pathname } = new URL(url);
      const own = Object.values(urls).some((areaUrl) => new URL(areaUrl).origin === origin);
      const file = path.join(path.resolve(areaStore), decodeURIComponent(pathname));
      let manifest = null;
      try {
        if (own && file.startsWith(path.resolve(areaStore) + path.sep))
          manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch {
        manifest = null;
      }
      manifests.set(url, manifest);
    }
    return manifests.get(url);
  };

  let shellUrl = '';
  const shellDir = path.join(ROOT, SHELL.dir, 'dist');
  if (!fs.existsSync(path.join(shellDir, 'index.html'))) throw new Error(`shell is not built (${shellDir})`);
  // The pages the build wrote (the frames with an area page's first view among them): a build does not change
  // under a running server.
  const shellFiles = new Set(fs.readdirSync(shellDir).map((file) => `/${file}`));
  servers.shell = createStaticServer(shellDir, {
    contentSecurityPolicy: () =>
      shellContentSecurityPolicy({
        areaUrls: Object.values(registry().areas).map((area) => area.manifest),
        apiBaseUrl,
        errorReportingDsn,
      }),
    page: (pathname) => shellPageFor(pathname, registry(), (file) => shellFiles.has(file)),
    pageHeaders: (pathname) => {
      const links = shellPageLinks(pathname, registry(), `${shellUrl}/remotes.json`, readManifest);
      return links ? { Link: links } : {};
    },
    extra(req, res) {
      const pathname = new URL(req.url, 'http://x').pathname;
      if (pathname === '/remotes.json') return (json(req, res, registry()), true);
      if (pathname === '/shell-config.json') {
        return (
          json(req, res, {
            apiBaseUrl,
            supportEmail,
            productName: 'Tunehouse',
            siteUrl: shellUrl,
            registryUrl: '/remotes.json',
            ...(errorReportingDsn ? { errorReportingDsn } : {}),
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

  return {
    shellUrl,
    areaUrls: urls,
    /** The registry file the shell serves; `npm run area -- deploy` moves its pointers (AREA_REGISTRY). */
    registryFile,
    /** Stops one area's server, as when its deploy is down. */
    stopArea: (name) => close(servers[name]),
    close: () => Promise.all(Object.values(servers).map(close)),
  };
}
