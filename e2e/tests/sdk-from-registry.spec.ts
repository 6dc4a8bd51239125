import fs from 'node:fs';
import path from 'node:path';
import { endpoints } from '@tunehouse/contracts';
import { DEMO, DEMO_PASSWORD, expect, test } from '../fixtures/app.js';
import { accessToken, apiUrlOf } from '../fixtures/api-calls.js';
import { installFromRegistry, libsNeededBy, separateWorkspace } from '../fixtures/separate-build.js';
import { exec } from '../../tools/verdaccio/registry.mjs';

/**
 * Issue 30, part 4 (docs/decisions/0089-typed-sdk.md): `@tunehouse/sdk` is published to the local Verdaccio with the
 * other libs, installed from there alone into an empty folder, and a plain Node script there talks to a real API
 * with an API key. No browser: this is what a label's program does.
 */

/** The label's script, as a file of its own folder: only the published package, only the key. */
const SCRIPT = `
import { createTunehouse, HttpError } from '@tunehouse/sdk';

const tunehouse = createTunehouse({ baseUrl: process.env.TUNEHOUSE_URL, apiKey: process.env.TUNEHOUSE_KEY });
const titles = [];
for await (const album of tunehouse.releases.albums.list.items({ query: { size: 2 } })) titles.push(album.title);
let payout;
try {
  await tunehouse.payouts.request({ body: { amount: 1000, paymentMethodId: '00000000-0000-4000-8000-000000000000' } });
  payout = 'accepted';
} catch (error) {
  payout = error instanceof HttpError ? { status: error.status, code: error.code } : String(error);
}
console.log(JSON.stringify({ titles, payout }));
`;

const cleanups: (() => unknown)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

test('the SDK installs from the registry into an empty folder and a script uses it with a key', async ({
  api,
  request,
}) => {
  // As separate-team.spec.ts: about 40 s alone on an idle machine, minutes on a loaded one (npm install).
  test.setTimeout(5 * 60_000);
  const abort = new AbortController();
  cleanups.push(() => abort.abort());
  const timings: string[] = [];
  let lap = Date.now();
  const measure = (step: string) => {
    timings.push(`${step} ${((Date.now() - lap) / 1000).toFixed(1)} s`);
    lap = Date.now();
  };

  // The key, made as Mara makes it on the keys page (that page's journey: api-keys.spec.ts).
  const token = await accessToken(request, api.url, DEMO.artist, DEMO_PASSWORD);
  const created = await request.post(apiUrlOf(api.url, endpoints.apiKeys.create), {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `SDK from the registry ${Date.now()}`, scopes: ['releases:read'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { secret } = (await created.json()) as { secret: string };
  measure('api key');

  // The SDK and the libs it needs (contracts, api-client, shell-contract): what a label's program installs.
  const workspace = await separateWorkspace('tunehouse-sdk-registry-', libsNeededBy('@tunehouse/sdk'));
  cleanups.push(() => workspace.dispose());
  expect(workspace.published.map((lib) => lib.name).sort()).toEqual([
    '@tunehouse/api-client',
    '@tunehouse/contracts',
    '@tunehouse/sdk',
    '@tunehouse/shell-contract',
  ]);
  measure('start registry + publish libs');

  const app = path.join(workspace.tmp, 'label-script');
  fs.mkdirSync(app);
  fs.writeFileSync(
    path.join(app, 'package.json'),
    `${JSON.stringify({ name: 'label-script', private: true, type: 'module', dependencies: { '@tunehouse/sdk': '^0.1.0' } }, null, 2)}\n`,
  );
  fs.writeFileSync(path.join(app, 'sync.mjs'), SCRIPT);
  const installed = await installFromRegistry(workspace, app, abort.signal, { minimumPackages: 3 });
  expect(Object.keys(installed)).toContain('node_modules/@tunehouse/sdk');
  expect(fs.lstatSync(path.join(app, 'node_modules/@tunehouse/sdk')).isSymbolicLink()).toBe(false);
  measure('npm install');

  const output = await exec('node', ['sync.mjs'], {
    cwd: app,
    env: { PATH: process.env.PATH ?? '', TUNEHOUSE_URL: api.url, TUNEHOUSE_KEY: secret },
    signal: abort.signal,
  });
  measure('script');
  const result = JSON.parse(output.trim().split('\n').at(-1)!) as {
    titles: string[];
    payout: { status: number; code: string } | string;
  };
  // Mara's albums, every page of 2 walked by the paging helper.
  expect(result.titles.length).toBeGreaterThan(2);
  expect(result.payout).toEqual({ status: 403, code: 'API_KEY_SCOPE_MISSING' });
  test.info().annotations.push({ type: 'timings', description: timings.join(', ') });
  console.log(`sdk-from-registry: ${timings.join(', ')}`);
});
