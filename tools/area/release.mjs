import { contentHash, integrityOf } from './hash.mjs';

/** Written beside each published version; its presence marks the version complete. */
export const RELEASE_FILE = 'release.json';
const MANIFEST_FILE = 'mf-manifest.json';

/** How many hex digits of the content hash go into the version: enough that two builds never meet. */
const SHORT_HASH = 12;

/** The remote entry a Module Federation manifest names, as a path inside the build (`remoteEntry.js`). */
export function remoteEntryPath(manifest) {
  const entry = manifest?.metaData?.remoteEntry;
  if (typeof entry?.name !== 'string' || entry.name === '')
    throw new Error(`${MANIFEST_FILE} names no remote entry`);
  const dir = String(entry.path ?? '')
    .replace(/^\.?\/+/, '')
    .replace(/\/+$/, '');
  return dir ? `${dir}/${entry.name}` : entry.name;
}

/**
 * What publishing a build would store: its version (`<package version>-<content hash>`, so the same bytes always
 * get the same version) and its release record — the area's scope and routes as built, and the SHA-384 integrity
 * of the two files the shell loads first (the manifest and the remote entry it names).
 */
export function describeRelease({ area, scope, routes, packageVersion, files, now = new Date() }) {
  const manifestBytes = files.get(MANIFEST_FILE);
  if (!manifestBytes) throw new Error(`the build of '${area}' has no ${MANIFEST_FILE}`);
  const manifest = JSON.parse(manifestBytes.toString('utf8'));
  if (manifest.name !== scope)
    throw new Error(`the build is of '${manifest.name}', but area '${area}' is the container '${scope}'`);
  const entry = remoteEntryPath(manifest);
  const entryBytes = files.get(entry);
  if (!entryBytes) throw new Error(`the build of '${area}' lacks ${entry}, which its manifest names`);
  const hash = contentHash(files);
  const version = `${packageVersion}-${hash.slice(0, SHORT_HASH)}`;
  return {
    area,
    version,
    scope,
    routes,
    contentHash: `sha256-${hash}`,
    entry,
    integrity: { manifest: integrityOf(manifestBytes), entry: integrityOf(entryBytes) },
    files: files.size,
    bytes: [...files.values()].reduce((sum, bytes) => sum + bytes.length, 0),
    publishedAt: now.toISOString(),
  };
}

/**
 * Stores a build under `<area>/<version>/` unless that version is there already (then it is "unchanged": same
 * content, same version, nothing written). Nothing published is ever overwritten.
 */
export async function publishBuild(storage, { area, scope, routes, packageVersion, files, now }) {
  const release = describeRelease({ area, scope, routes, packageVersion, files, now });
  const existing = await readRelease(storage, area, release.version);
  if (existing) return { release: existing, unchanged: true };
  const withRecord = new Map(files);
  withRecord.set(RELEASE_FILE, Buffer.from(`${JSON.stringify(release, null, 2)}\n`));
  const outcome = await storage.putOnce(`${area}/${release.version}`, withRecord, RELEASE_FILE);
  if (outcome === 'exists')
    return { release: await readRelease(storage, area, release.version), unchanged: true };
  return { release, unchanged: false };
}

export async function readRelease(storage, area, version) {
  const bytes = await storage.read(`${area}/${version}/${RELEASE_FILE}`);
  return bytes ? JSON.parse(bytes.toString('utf8')) : null;
}

/** Every complete version of an area in the storage, oldest first. */
export async function listReleases(storage, area) {
  const releases = [];
  for (const version of await storage.children(area)) {
    const release = await readRelease(storage, area, version);
    if (release) releases.push(release);
  }
  return releases.sort((a, b) => a.publishedAt.localeCompare(b.publishedAt));
}
