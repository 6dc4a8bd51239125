import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The file in each remote's folder that says who the area is (docs/decisions/0003-route-ownership-and-registry.md). */
export const MANIFEST_FILE = 'area.manifest.json';

const MANIFEST_FIELDS = {
  name: 'string',
  title: 'string',
  scope: 'string',
  port: 'number',
  routes: 'object',
};

/**
 * Reads one remote's manifest. Only its shape is checked here, since this runs before anything is built; the
 * registry made from it is validated against the shell contract's schema when the stack starts.
 */
export function readAreaManifest(dir, root = ROOT) {
  const file = path.join(root, dir, MANIFEST_FILE);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const [field, type] of Object.entries(MANIFEST_FIELDS))
    if (typeof manifest[field] !== type) throw new Error(`${file}: "${field}" must be a ${type}`);
  if (!Array.isArray(manifest.routes) || manifest.routes.length === 0)
    throw new Error(`${file}: "routes" must list the route patterns the area owns`);
  return { ...manifest, dir };
}

/** Every remote of the repository: each `mfe-*` folder with a manifest, in the order of their ports. */
export function readAreaManifests(root = ROOT) {
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('mfe-'))
    .filter((entry) => fs.existsSync(path.join(root, entry.name, MANIFEST_FILE)))
    .map((entry) => readAreaManifest(entry.name, root))
    .sort((a, b) => a.port - b.port);
}

/**
 * The deployment table of this environment: each area's build folder, Module Federation container name, default
 * port and the route patterns it owns, read from the remotes' own manifests. `npm start`, the end-to-end tests and
 * the benchmarks all read it, so they serve the same registry.
 */
export const AREAS = readAreaManifests();

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
