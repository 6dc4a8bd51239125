import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import S3rver from 's3rver';
import { rawGet } from '../testing/raw-get.mjs';
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

  it("stores text files gzip-encoded (the build's own .gz when it has one), images and small files as they are", async () => {
    const store = await openStorage('s3://cdn/encoding-check', env);
    const script = Buffer.from(`var tunehouse_releases = ${JSON.stringify('a chunk of code '.repeat(200))};`);
    const ownGzip = zlib.gzipSync(script, { level: 9 });
    const manifest = build('four').get('mf-manifest.json');
    const png = Buffer.alloc(4096, 7);
    const files = new Map([
      ['mf-manifest.json', manifest],
      ['remoteEntry.js', script],
      ['remoteEntry.js.gz', ownGzip],
      ['remoteEntry.js.br', zlib.brotliCompressSync(script)],
      ['js/big.js', Buffer.from('let x = 1;\n'.repeat(300))],
      ['cover.png', png],
    ]);
    const { release } = await publishBuild(store, { ...area, files });
    const url = (key) => `${env.S3_ENDPOINT}/cdn/encoding-check/releases/${release.version}/${key}`;

    const entry = await rawGet(url('remoteEntry.js'), { 'accept-encoding': 'gzip, deflate, br' });
    expect(entry.headers['content-encoding']).toBe('gzip');
    expect(entry.headers['content-type']).toContain('text/javascript');
    expect(entry.wire.equals(ownGzip)).toBe(true);
    expect(entry.body.equals(script)).toBe(true);
    // Made here when the build had none.
    const big = await rawGet(url('js/big.js'));
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(big.body.toString()).toBe('let x = 1;\n'.repeat(300));
    for (const key of ['mf-manifest.json', 'cover.png']) {
      const plain = await rawGet(url(key));
      expect(plain.headers['content-encoding'], key).toBeUndefined();
    }
    expect((await rawGet(url('cover.png'))).body.equals(png)).toBe(true);
    for (const variant of ['remoteEntry.js.gz', 'remoteEntry.js.br'])
      expect((await rawGet(url(variant))).status, variant).toBe(404);
    // Read back through the storage, a file is the bytes it was published as.
    expect((await store.read(`releases/${release.version}/remoteEntry.js`)).equals(script)).toBe(true);
  });
});
