import { parseRegistry } from '@tunehouse/shell-contract';
import { AreaToolError } from './errors.mjs';
import { readRelease } from './release.mjs';

/** Pointers kept per area for rollback (the current one last). */
const HISTORY_LENGTH = 20;

export { AreaToolError };

/** Where a published version's manifest is served: `<base>/<area>/<version>/mf-manifest.json`. */
export function manifestUrlOf(baseUrl, area, version) {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return new URL(`${area}/${version}/mf-manifest.json`, base).href;
}

/** The base a pointer was made from (the inverse of manifestUrlOf), or null for a URL of another layout. */
export function baseUrlOf(manifestUrl, area) {
  const url = new URL(manifestUrl);
  const match = new RegExp(`^(.*/)${area}/[^/]+/mf-manifest\\.json$`).exec(url.pathname);
  return match ? `${url.origin}${match[1]}` : null;
}

/** Refuses a URL whose origin is not on the allow-list: the registry may send browsers only there. */
export function assertAllowed(url, allowedOrigins) {
  const { origin } = new URL(url);
  if (!allowedOrigins.includes(origin))
    throw new AreaToolError(
      `${origin} is not an allowed area origin (allowed: ${allowedOrigins.join(', ') || 'none'})`,
    );
}

const historyKeyOf = (key) => `${key.replace(/\.json$/, '')}.history.json`;

async function readJson(storage, key) {
  const bytes = await storage.read(key);
  return bytes ? JSON.parse(bytes.toString('utf8')) : null;
}

/** The registry as the shell would read it; a missing one is empty, an invalid one is an error naming the field. */
export async function readRegistry({ storage, key }) {
  const raw = (await readJson(storage, key)) ?? { schemaVersion: 1, areas: {} };
  const parsed = parseRegistry(raw);
  if (!parsed.ok) throw new AreaToolError(`${key} in ${storage.description} is invalid: ${parsed.detail}`);
  return parsed.registry;
}

/**
 * The pointers each area had, oldest first, the current one last. The registry is the truth: when its pointer is
 * not the last one here (edited by hand, or a write of the history was lost), it is appended.
 */
async function readHistory({ storage, key }, registry) {
  const history = (await readJson(storage, historyKeyOf(key))) ?? { areas: {} };
  for (const [area, entry] of Object.entries(registry.areas)) {
    const list = (history.areas[area] ??= []);
    const last = list.at(-1);
    if (!last || last.manifest !== entry.manifest) list.push({ ...entryOf(entry), by: 'found' });
  }
  return history;
}

const entryOf = ({ manifest, version, integrity, scope, routes }) => ({
  manifest,
  version,
  integrity,
  scope,
  routes,
});

const toBytes = (value) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/**
 * Writes the history first and the registry second, each replaced whole: the registry (what the shell reads)
 * moves in one step, and a history one step ahead of it is repaired by readHistory.
 */
async function save(location, registry, history) {
  const checked = parseRegistry(registry);
  if (!checked.ok) throw new AreaToolError(`the registry would be invalid: ${checked.detail}`);
  await location.storage.replace(historyKeyOf(location.key), toBytes(history));
  await location.storage.replace(location.key, toBytes(checked.registry));
}

/**
 * Points an area at a published version: its manifest under `baseUrl`, with the scope, routes and integrity
 * recorded when it was published. Refused when the version is not published or its origin is not allowed.
 * `by` says who moved it (`deploy`, or `start` for npm start's first deploy).
 */
export async function deployVersion({
  registry: location,
  store,
  area,
  version,
  baseUrl,
  allowedOrigins,
  by = 'deploy',
  now = new Date(),
}) {
  const release = await readRelease(store, area, version);
  if (!release) throw new AreaToolError(`${area} ${version} is not published in ${store.description}`);
  const manifest = manifestUrlOf(baseUrl, area, version);
  assertAllowed(manifest, allowedOrigins);
  return location.storage.exclusive(location.key, async () => {
    const registry = await readRegistry(location);
    const history = await readHistory(location, registry);
    const previous = registry.areas[area];
    if (previous?.manifest === manifest) return { previous, current: previous, unchanged: true };
    const entry = {
      manifest,
      scope: release.scope,
      routes: release.routes,
      version: release.version,
      integrity: release.integrity,
    };
    registry.areas[area] = entry;
    const list = (history.areas[area] ??= []);
    list.push({ ...entryOf(entry), by, at: now.toISOString() });
    history.areas[area] = list.slice(-HISTORY_LENGTH);
    await save(location, registry, history);
    return { previous, current: entry };
  });
}

/** Points an area back at the pointer it had before the current one (which is dropped from the history). */
export async function rollbackArea({ registry: location, area, allowedOrigins }) {
  return location.storage.exclusive(location.key, async () => {
    const registry = await readRegistry(location);
    const current = registry.areas[area];
    if (!current) throw new AreaToolError(`${area} is not deployed`);
    const history = await readHistory(location, registry);
    const list = history.areas[area];
    const target = list.at(-2);
    if (!target) throw new AreaToolError(`${area} has no earlier version to roll back to`);
    assertAllowed(target.manifest, allowedOrigins);
    const entry = {
      manifest: target.manifest,
      scope: target.scope ?? current.scope,
      routes: target.routes ?? current.routes,
      version: target.version,
      ...(target.integrity ? { integrity: target.integrity } : {}),
    };
    registry.areas[area] = entry;
    history.areas[area] = list.slice(0, -1);
    await save(location, registry, history);
    return { previous: current, current: entry };
  });
}

/** Each area's current and previous version, and every version published for it. */
export async function areaStatus({ registry: location, store, areas, listReleases }) {
  const registry = await readRegistry(location);
  const history = await readHistory(location, registry);
  const names = [...new Set([...areas, ...Object.keys(registry.areas)])].sort();
  const status = {};
  for (const area of names) {
    const list = history.areas[area] ?? [];
    status[area] = {
      current: registry.areas[area]?.version ?? null,
      manifest: registry.areas[area]?.manifest ?? null,
      previous: list.length > 1 ? list.at(-2).version : null,
      available: (await listReleases(store, area)).map((release) => release.version),
    };
  }
  return status;
}

/** The pointer npm start or a deploy last set for an area, with who set it. */
export async function lastPointer(location, area) {
  const registry = await readRegistry(location);
  const history = await readHistory(location, registry);
  return history.areas[area]?.at(-1) ?? null;
}
