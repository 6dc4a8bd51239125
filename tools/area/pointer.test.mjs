import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localStorage } from './local-storage.mjs';
import { areaStatus, baseUrlOf, deployVersion, manifestUrlOf, rollbackArea } from './pointer.mjs';
import { listReleases, publishBuild } from './release.mjs';

const dirs = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'area-pointer-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const ORIGIN = 'http://localhost:4202';
const build = (chunk) =>
  new Map([
    [
      'mf-manifest.json',
      Buffer.from(
        JSON.stringify({ name: 'tunehouse_releases', metaData: { remoteEntry: { name: 'remoteEntry.js' } } }),
      ),
    ],
    ['remoteEntry.js', Buffer.from(`var tunehouse_releases; // ${chunk}`)],
  ]);

/** A store with two published versions of releases, and an empty registry file beside it. */
async function setup() {
  const root = tmp();
  const store = localStorage(path.join(root, 'areas'));
  const registry = { storage: localStorage(path.join(root, 'env')), key: 'remotes.json' };
  const publish = async (chunk) =>
    (
      await publishBuild(store, {
        area: 'releases',
        scope: 'tunehouse_releases',
        routes: ['/albums/*'],
        packageVersion: '0.1.0',
        files: build(chunk),
      })
    ).release;
  const [one, two] = [await publish('one'), await publish('two')];
  const file = path.join(root, 'env', 'remotes.json');
  const read = () => JSON.parse(fs.readFileSync(file, 'utf8'));
  const deploy = (version, extra = {}) =>
    deployVersion({
      registry,
      store,
      area: 'releases',
      version,
      baseUrl: ORIGIN,
      allowedOrigins: [ORIGIN],
      ...extra,
    });
  return { root, store, registry, one, two, file, read, deploy };
}

describe('deploy', () => {
  it('points the area at a published version with the integrity recorded when it was published', async () => {
    const { one, read, deploy } = await setup();
    await deploy(one.version);
    expect(read()).toEqual({
      schemaVersion: 1,
      areas: {
        releases: {
          manifest: `${ORIGIN}/releases/${one.version}/mf-manifest.json`,
          scope: 'tunehouse_releases',
          routes: ['/albums/*'],
          version: one.version,
          integrity: one.integrity,
        },
      },
    });
  });

  it('moves the pointer in one step: a reader during many moves only ever sees a whole registry', async () => {
    const { one, two, file, deploy } = await setup();
    await deploy(one.version);
    const seen = new Set();
    let moving = true;
    const reader = (async () => {
      while (moving) {
        const registry = JSON.parse(await fs.promises.readFile(file, 'utf8'));
        seen.add(registry.areas.releases.version);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    for (let move = 0; move < 40; move += 1) await deploy(move % 2 ? one.version : two.version);
    moving = false;
    await reader;
    expect([...seen].every((version) => [one.version, two.version].includes(version))).toBe(true);
    // No temporary file or lock is left beside the registry.
    expect(fs.readdirSync(path.dirname(file)).sort()).toEqual(['remotes.history.json', 'remotes.json']);
  });

  it('serialises deploys that race: the registry and its history stay whole and agree', async () => {
    const { one, two, deploy, read, root } = await setup();
    await Promise.all([deploy(one.version), deploy(two.version), deploy(one.version), deploy(two.version)]);
    const history = JSON.parse(fs.readFileSync(path.join(root, 'env', 'remotes.history.json'), 'utf8'));
    expect(history.areas.releases.length).toBeGreaterThanOrEqual(2);
    expect(history.areas.releases.at(-1).manifest).toBe(read().areas.releases.manifest);
  });

  it('refuses an origin that is not on the allow-list, and leaves the registry as it was', async () => {
    const { one, two, read, deploy } = await setup();
    await deploy(one.version);
    const before = read();
    await expect(deploy(two.version, { baseUrl: 'https://evil.example.org/' })).rejects.toThrow(
      'https://evil.example.org is not an allowed area origin (allowed: http://localhost:4202)',
    );
    expect(read()).toEqual(before);
  });

  it('refuses a version that was never published', async () => {
    const { deploy, file } = await setup();
    await expect(deploy('0.1.0-000000000000')).rejects.toThrow(
      'releases 0.1.0-000000000000 is not published',
    );
    expect(fs.existsSync(file)).toBe(false);
  });
});

describe('rollback', () => {
  it('points the area back at the version before, and again at the one before that', async () => {
    const { one, two, read, deploy, registry, store } = await setup();
    await deploy(one.version);
    await deploy(two.version);
    await deploy(one.version);
    const rolled = await rollbackArea({ registry, area: 'releases', allowedOrigins: [ORIGIN] });
    expect(rolled.current.version).toBe(two.version);
    expect(read().areas.releases).toMatchObject({ version: two.version, integrity: two.integrity });
    await rollbackArea({ registry, area: 'releases', allowedOrigins: [ORIGIN] });
    expect(read().areas.releases.version).toBe(one.version);
    await expect(rollbackArea({ registry, area: 'releases', allowedOrigins: [ORIGIN] })).rejects.toThrow(
      'releases has no earlier version to roll back to',
    );
    const status = await areaStatus({ registry, store, areas: ['releases'], listReleases });
    expect(status.releases).toMatchObject({ current: one.version, previous: null });
    expect(status.releases.available.sort()).toEqual([one.version, two.version].sort());
  });

  it('refuses to roll back to an origin no longer allowed', async () => {
    const { one, two, deploy, registry } = await setup();
    await deploy(one.version);
    await deploy(two.version);
    await expect(
      rollbackArea({ registry, area: 'releases', allowedOrigins: ['http://localhost:5202'] }),
    ).rejects.toThrow('not an allowed area origin');
  });
});

describe('manifest URLs', () => {
  it('are <base>/<area>/<version>/mf-manifest.json, and the base is found again from one', () => {
    const url = manifestUrlOf('https://cdn.example.org/tunehouse', 'releases', '0.1.0-ab');
    expect(url).toBe('https://cdn.example.org/tunehouse/releases/0.1.0-ab/mf-manifest.json');
    expect(baseUrlOf(url, 'releases')).toBe('https://cdn.example.org/tunehouse/');
    expect(baseUrlOf('http://localhost:4202/mf-manifest.json', 'releases')).toBeNull();
  });
});
