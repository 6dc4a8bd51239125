import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localStorage } from './local-storage.mjs';
import { deployBuildsOnStart } from './on-start.mjs';
import { deployVersion } from './pointer.mjs';
import { publishBuild } from './release.mjs';

const dirs = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const AREA = { name: 'releases', dir: 'mfe-releases', scope: 'tunehouse_releases', routes: ['/albums/*'] };

/** A checkout with one built area (its dist and package.json), a store and an environment folder. */
function checkout() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'area-on-start-'));
  dirs.push(root);
  const build = (text) => {
    const dist = path.join(root, AREA.dir, 'dist');
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(path.join(root, AREA.dir, 'package.json'), '{"version":"0.1.0"}');
    fs.writeFileSync(
      path.join(dist, 'mf-manifest.json'),
      JSON.stringify({ name: AREA.scope, metaData: { remoteEntry: { name: 'remoteEntry.js' } } }),
    );
    fs.writeFileSync(path.join(dist, 'remoteEntry.js'), text);
  };
  const registryFile = path.join(root, 'env', 'remotes.json');
  const start = (origin = 'http://localhost:4202') =>
    deployBuildsOnStart({
      areas: [AREA],
      storeDir: path.join(root, 'areas'),
      registryFile,
      origins: { releases: origin },
      root,
    });
  const pointer = () => JSON.parse(fs.readFileSync(registryFile, 'utf8')).areas.releases;
  return { root, build, start, pointer, registryFile };
}

describe('npm start and the registry', () => {
  it('publishes and deploys the build on a fresh clone, and each new build on later starts', async () => {
    const { build, start, pointer } = checkout();
    build('var a; // one');
    await start();
    const first = pointer();
    expect(first.manifest).toBe(`http://localhost:4202/releases/${first.version}/mf-manifest.json`);
    expect(first.integrity.entry).toMatch(/^sha384-/);
    build('var a; // two');
    await start();
    expect(pointer().version).not.toBe(first.version);
  });

  it('keeps a version deployed by hand, and says which build waits', async () => {
    const { root, build, start, pointer, registryFile } = checkout();
    build('var a; // one');
    await start();
    // Another version deployed by hand (`npm run area -- deploy`), then the code changes and npm start runs again.
    const other = await publishBuild(localStorage(path.join(root, 'areas')), {
      area: 'releases',
      scope: AREA.scope,
      routes: AREA.routes,
      packageVersion: '0.1.0',
      files: new Map([
        [
          'mf-manifest.json',
          Buffer.from(JSON.stringify({ name: AREA.scope, metaData: { remoteEntry: { name: 'e.js' } } })),
        ],
        ['e.js', Buffer.from('var b;')],
      ]),
    });
    await deployVersion({
      registry: { storage: localStorage(path.dirname(registryFile)), key: 'remotes.json' },
      store: localStorage(path.join(root, 'areas')),
      area: 'releases',
      version: other.release.version,
      baseUrl: 'http://localhost:4202',
      allowedOrigins: ['http://localhost:4202'],
    });
    build('var a; // two');
    const notes = await start();
    expect(pointer().version).toBe(other.release.version);
    expect(notes).toEqual([
      expect.stringContaining(`releases stays at ${other.release.version}, deployed by hand`),
    ]);
  });

  it('moves a pointer to this run’s origin when the ports changed, same version', async () => {
    const { build, start, pointer } = checkout();
    build('var a; // one');
    await start('http://localhost:4202');
    const { version } = pointer();
    await start('http://localhost:5202');
    expect(pointer().manifest).toBe(`http://localhost:5202/releases/${version}/mf-manifest.json`);
  });

  it('replaces a registry written before releases were stored (a pointer at the bare build)', async () => {
    const { build, start, pointer, registryFile } = checkout();
    build('var a; // one');
    fs.mkdirSync(path.dirname(registryFile), { recursive: true });
    const old = {
      manifest: 'http://localhost:4202/mf-manifest.json',
      scope: AREA.scope,
      routes: AREA.routes,
      version: '0.1.0',
    };
    fs.writeFileSync(registryFile, JSON.stringify({ schemaVersion: 1, areas: { releases: old } }));
    await start();
    expect(pointer().manifest).toMatch(
      /^http:\/\/localhost:4202\/releases\/0\.1\.0-[0-9a-f]{12}\/mf-manifest\.json$/,
    );
  });
});
