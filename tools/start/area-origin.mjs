import fs from 'node:fs';
import path from 'node:path';
import { createStaticServer, staticFiles } from './static-server.mjs';

/** Marks a complete published version (tools/area/release.mjs writes it last). */
const RELEASE_FILE = 'release.json';

/**
 * An area's origin as `npm start` runs it: the area's folder of the release store, every published version at
 * `/<area>/<version>/…` (the layout a CDN in front of the store has), and nothing of other areas. A version is
 * immutable once published; one published while the server runs is served from its first request on.
 */
export function createAreaOrigin(storeDir, area) {
  const versions = new Map();
  const filesOf = (version) => {
    if (!versions.has(version)) {
      const dir = path.join(storeDir, area, version);
      if (version.startsWith('.') || !fs.existsSync(path.join(dir, RELEASE_FILE))) return null;
      // Read from the disk on each request, not listed once: a file's size and date then always match its bytes,
      // which the browser tests rely on when they change a published file on purpose (its integrity check) along
      // with its precompressed copies. A stat per request is nothing beside a CDN's work.
      versions.set(version, staticFiles(dir, { readEachTime: true }));
    }
    return versions.get(version);
  };
  const prefix = `/${area}/`;
  return createStaticServer(path.join(storeDir, area), {
    files(req, res, next) {
      const url = new URL(req.url, 'http://x');
      const [version, ...rest] = url.pathname.startsWith(prefix)
        ? url.pathname.slice(prefix.length).split('/')
        : [];
      const files = version && rest.length > 0 ? filesOf(decodeURIComponent(version)) : null;
      if (!files) return next();
      const original = req.url;
      req.url = `/${rest.join('/')}${url.search}`;
      return files(req, res, () => {
        req.url = original;
        next();
      });
    },
  });
}
