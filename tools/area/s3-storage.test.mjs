import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaStatus, deployVersion, rollbackArea } from './pointer.mjs';
import { listReleases, publishBuild } from './release.mjs';
import { openRegistryLocation, openStorage } from './storage.mjs';

/**
 * The S3 adapter against a real S3-compatible server (s3rver: the S3 REST API over HTTP, objects in a temporary
 * folder), driven through the same settings the CLI reads.
 */
let server;
let directory;
let env;
beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'area-s3rver-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: 'cdn' }],
  });
  const { port } = await server.run();
  // s3rver's fixed development credentials.
  env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

const build = (chunk) =>
  new Map([
    [
      'mf-manifest.json',
      Buffer.from(
        JSON.stringify({ name: 'tunehouse_releases', metaData: { remoteEntry: { name: 'remoteEntry.js' } } }),
      ),
    ],
    ['remoteEntry.js', Buffer.from(`var tunehouse_releases; // ${chunk}`)],
    ['js/1.js', Buffer.from(chunk)],
  ]);
const area = {
  area: 'releases',
  scope: 'tunehouse_releases',
  routes: ['/albums/*'],
  packageVersion: '0.1.0',
};
const CDN = 'https://cdn.example.org/areas/';

describe('S3 storage', () => {
  it('publishes once per content, deploys, rolls back and lists, as the local folder does', async () => {
    const store = await openStorage('s3://cdn/areas', env);
    const registry = await openRegistryLocation('s3://cdn/registry/remotes.json', env);
    const one = await publishBuild(store, { ...area, files: build('one') });
    const two = await publishBuild(store, { ...area, files: build('two') });
    expect(one.unchanged).toBe(false);
    expect((await publishBuild(store, { ...area, files: build('one') })).unchanged).toBe(true);
    expect((await store.read(`releases/${one.release.version}/js/1.js`)).toString()).toBe('one');

    const deploy = (version) =>
      deployVersion({
        registry,
        store,
        area: 'releases',
        version,
        baseUrl: CDN,
        allowedOrigins: ['https://cdn.example.org'],
      });
    await deploy(one.release.version);
    await deploy(two.release.version);
    const served = JSON.parse((await registry.storage.read('remotes.json')).toString());
    expect(served.areas.releases).toMatchObject({
      manifest: `${CDN}releases/${two.release.version}/mf-manifest.json`,
      integrity: two.release.integrity,
    });
    await rollbackArea({ registry, area: 'releases', allowedOrigins: ['https://cdn.example.org'] });
    const status = await areaStatus({ registry, store, areas: ['releases'], listReleases });
    expect(status.releases.current).toBe(one.release.version);
    expect(status.releases.available.sort()).toEqual([one.release.version, two.release.version].sort());
  });

  it('serves what it stored with the caching a CDN needs: versions immutable, the registry revalidated', async () => {
    const store = await openStorage('s3://cdn/cache-check', env);
    const { release } = await publishBuild(store, { ...area, files: build('three') });
    const head = (key) => fetch(`${env.S3_ENDPOINT}/cdn/cache-check/${key}`, { method: 'HEAD' });
    const chunk = await head(`releases/${release.version}/js/1.js`);
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers.get('content-type')).toContain('text/javascript');
    expect((await head(`releases/${release.version}/release.json`)).headers.get('cache-control')).toBe(
      'no-cache',
    );
  });
});
