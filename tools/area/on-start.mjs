import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../start/paths.mjs';
import { readBuild } from './hash.mjs';
import { baseUrlOf, deployVersion, lastPointer } from './pointer.mjs';
import { publishBuild, readRelease } from './release.mjs';
import { localStorage } from './local-storage.mjs';

/**
 * What `npm start` does with each area's fresh build before it serves: publishes it (nothing is written when that
 * version is already in the store) and points the registry at it unless someone deployed another version by
 * hand (`npm run area -- deploy`/`rollback`), which stays until they move it again. A pointer to an origin this
 * run does not serve (the ports changed) is moved to this run's origin, same version.
 * Answers one line per area, for the start-up log.
 */
export async function deployBuildsOnStart({ areas, storeDir, registryFile, origins, root = ROOT }) {
  const store = localStorage(storeDir);
  const registry = { storage: localStorage(path.dirname(registryFile)), key: path.basename(registryFile) };
  const allowedOrigins = Object.values(origins).map((url) => new URL(url).origin);
  const lines = [];
  for (const area of areas) {
    const packageVersion = JSON.parse(
      fs.readFileSync(path.join(root, area.dir, 'package.json'), 'utf8'),
    ).version;
    const { release } = await publishBuild(store, {
      area: area.name,
      scope: area.scope,
      routes: area.routes,
      packageVersion,
      files: readBuild(path.join(root, area.dir, 'dist')),
    });
    const last = await lastPointer(registry, area.name);
    const base = origins[area.name];
    const deploy = (version, by) =>
      deployVersion({ registry, store, area: area.name, version, baseUrl: base, allowedOrigins, by });
    // A pointer this store cannot serve (none yet, or one from before releases were stored) gets this build.
    const kept =
      last && baseUrlOf(last.manifest, area.name) && (await readRelease(store, area.name, last.version));
    if (!kept) {
      await deploy(release.version, 'start');
    } else if (new URL(last.manifest).origin !== new URL(base).origin) {
      await deploy(last.version, last.by);
    } else if (last.version !== release.version) {
      if (last.by === 'start') await deploy(release.version, 'start');
      else
        lines.push(
          `${area.name} stays at ${last.version}, deployed by hand; this build is ${release.version} (npm run area -- deploy ${area.name} ${release.version})`,
        );
    }
  }
  return lines;
}
