import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../testing/raw-get.mjs';
import { AREAS } from './areas.mjs';
import { ROOT } from './paths.mjs';
import { preferredEncoding } from './static-server.mjs';

/**
 * `npm start`'s servers send the build's precompressed files (docs/decisions/0064-compressed-transfers-and-cheap-prefetch.md): brotli to a browser that
 * accepts it, gzip to one that accepts only gzip, the file itself otherwise, always the same bytes once decoded.
 * Needs the web apps built (npm test builds first; alone: `npx nx run-many -t build --projects=shell,mfe-*`).
 */
let stack;
let scratch;
beforeAll(async () => {
  const { startStack } = await import('./stack.mjs');
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-compression-'));
  stack = await startStack({
    shellPort: 0,
    areaPorts: Object.fromEntries(AREAS.map((area) => [area.name, 0])),
    publicHost: '127.0.0.1',
    apiBaseUrl: 'http://127.0.0.1:9',
    envDir: path.join(scratch, 'env'),
    areaStore: path.join(scratch, 'areas'),
  });
}, 60_000);
afterAll(async () => {
  await stack?.close();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const GZIP_ONLY = { 'accept-encoding': 'gzip' };

/** Asks for `url` three ways and checks the encoding of each and that all three decode to `original`. */
async function expectNegotiated(url, original, headers = {}) {
  const br = await rawGet(url, { ...headers, ...BROWSER });
  const gzip = await rawGet(url, { ...headers, ...GZIP_ONLY });
  const plain = await rawGet(url, headers);
  expect([br.status, gzip.status, plain.status], url).toEqual([200, 200, 200]);
  expect(br.headers['content-encoding'], url).toBe('br');
  expect(gzip.headers['content-encoding'], url).toBe('gzip');
  expect(plain.headers['content-encoding'], url).toBeUndefined();
  for (const answer of [br, gzip, plain]) {
    expect(answer.headers.vary, url).toMatch(/accept-encoding/i);
    expect(answer.body.equals(original), url).toBe(true);
  }
  expect(br.wire.length, url).toBeLessThan(gzip.wire.length);
  expect(gzip.wire.length, url).toBeLessThan(plain.wire.length);
  return { br, gzip, plain };
}

describe('npm start serves compressed files', () => {
  it("sends the shell's hashed scripts and page brotli, gzip or plain as the browser accepts", async () => {
    const dist = path.join(ROOT, 'shell/dist');
    const script = fs.readdirSync(dist).find((file) => /^main\.[0-9a-f]{8}\.js$/.test(file));
    const { br } = await expectNegotiated(
      `${stack.shellUrl}/${script}`,
      fs.readFileSync(path.join(dist, script)),
    );
    expect(br.headers['cache-control']).toContain('immutable');
    // Any route is a prerendered page (an area's is the frame, shell-pages.mjs), compressed the same way.
    await expectNegotiated(`${stack.shellUrl}/albums/12`, fs.readFileSync(path.join(dist, 'frame.html')), {
      accept: 'text/html',
    });
    await expectNegotiated(`${stack.shellUrl}/`, fs.readFileSync(path.join(dist, 'index.html')), {
      accept: 'text/html',
    });
  });

  it("sends an area's manifest, remote entry and chunks compressed, from its release store", async () => {
    const registry = JSON.parse(fs.readFileSync(stack.registryFile, 'utf8'));
    const { manifest } = registry.areas.analytics;
    const dir = path.join(ROOT, 'mfe-analytics/dist');
    const chunk = JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')).exposes[0].assets.js
      .sync[0];
    for (const file of ['mf-manifest.json', 'remoteEntry.js', chunk])
      await expectNegotiated(new URL(file, manifest).href, fs.readFileSync(path.join(dir, file)));
  });

  it('compresses the registry it makes at request time, and leaves the small config plain', async () => {
    const registry = await rawGet(`${stack.shellUrl}/remotes.json`, BROWSER);
    expect(registry.body.length).toBeGreaterThan(1024);
    expect(registry.headers['content-encoding']).toBe('br');
    expect(registry.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(registry.body.toString()).areas.analytics).toBeDefined();
    const config = await rawGet(`${stack.shellUrl}/shell-config.json`, BROWSER);
    expect(config.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(config.body.toString()).registryUrl).toBe('/remotes.json');
  });
});

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('identity')).toBe(null);
    expect(preferredEncoding('')).toBe(null);
    expect(preferredEncoding(undefined)).toBe(null);
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*, br;q=0')).toBe('gzip');
  });
});
