// What the web benchmarks share: the built stack on free loopback ports and Debian's Chromium. By default no API
// is behind it (the pages' own content, their h1, does not wait for data); with `{ api: true }` the built API runs
// behind it on an embedded PostgreSQL of its own, seeded with the demo accounts, so a signed-in page shows what a
// user sees: its data, not the error an absent API gives after its retries.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApi } from '../start/api-process.mjs';
import { AREAS } from '../start/areas.mjs';
import { NX_ENV, run } from '../start/run.mjs';
import { freePort } from '../testing/free-port.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Builds the web apps (and the libs they use) where stale: what the pages are made of, not the API. */
export const buildWeb = () =>
  run(
    process.execPath,
    [
      'node_modules/nx/dist/bin/nx.js',
      'run-many',
      '-t',
      'build',
      '--projects=shell,mfe-*',
      '--output-style=static',
    ],
    { env: NX_ENV },
  );

/** The demo artist the `{ api: true }` stack seeds (api/src/seed/demo-accounts.ts). */
const DEMO_ARTIST = { email: 'mara@demo.tunehouse.local', password: 'tunehouse-demo' };

/**
 * Signs in as the demo artist through the login page of `shellUrl` in the Playwright `context`, as a person does,
 * and answers the session's cookies (the shell's and the API's refresh cookie), to set again in other contexts or
 * after cookies were cleared. The access token outlives a bench run (15 min).
 */
export async function signInAsDemoArtist(context, shellUrl) {
  const page = await context.newPage();
  await page.goto(`${shellUrl}/auth/login`);
  await page.getByLabel('E-mail address').fill(DEMO_ARTIST.email);
  await page.getByLabel('Password').fill(DEMO_ARTIST.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/auth/login', { timeout: 60_000 });
  const cookies = await context.cookies();
  await page.close();
  return cookies;
}

/** Builds the API where stale (the `{ api: true }` stack runs it). */
const buildApi = () =>
  run(
    process.execPath,
    ['node_modules/nx/dist/bin/nx.js', 'run', '@tunehouse/api:build', '--output-style=static'],
    { env: NX_ENV },
  );

/**
 * Builds the web apps where stale, then serves the shell and every area from its own origin on free ports; with
 * `api`, the API too (its data in a temporary folder, removed by `close`).
 */
export async function startBenchStack({ api = false } = {}) {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    await buildWeb();
    if (api) await buildApi();
  }
  const { startStack } = await import('../start/stack.mjs');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-bench-web-'));
  const publicHost = '127.0.0.1';
  let apiProcess = null;
  let apiData = null;
  let ports = { shellPort: 0, areaPorts: Object.fromEntries(AREAS.map((area) => [area.name, 0])) };
  if (api) {
    // Its own folder under the system's temporary one, as the journeys' API has, not inside the scratch folder: run
    // as root, the API opens only its data folder to the embedded cluster's `postgres` user, not the folders above.
    apiData = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-bench-api-'));
    ports = {
      shellPort: await freePort(),
      areaPorts: Object.fromEntries(
        await Promise.all(AREAS.map(async (area) => [area.name, await freePort()])),
      ),
    };
    const origins = [ports.shellPort, ...Object.values(ports.areaPorts)].map(
      (port) => `http://${publicHost}:${port}`,
    );
    apiProcess = await startApi({
      port: await freePort(),
      env: {
        DATA_DIR: apiData,
        EMBEDDED_PG_PORT: String(await freePort()),
        CORS_ORIGINS: origins.join(','),
        SITE_URL: origins[0],
        SEED_DEMO: 'true',
        // Its request log would bury the bench's figures; warnings and errors still show.
        LOG_LEVEL: 'warn',
      },
      // The first start creates the cluster and seeds the demo accounts and their streams.
      timeoutMs: 300_000,
    });
    if (!apiProcess) throw new Error('the API is not built (api/dist/main.js)');
  }
  const stack = await startStack({
    ...ports,
    publicHost,
    apiBaseUrl: apiProcess ? apiProcess.url.replace('localhost', publicHost) : 'http://127.0.0.1:9',
    envDir: path.join(scratch, 'env'),
    areaStore: path.join(scratch, 'areas'),
  });
  const originNames = new Map([[new URL(stack.shellUrl).origin, 'shell']]);
  for (const [area, url] of Object.entries(stack.areaUrls)) originNames.set(new URL(url).origin, area);
  return {
    ...stack,
    originNames,
    close: async () => {
      await stack.close();
      await apiProcess?.stop();
      for (const dir of [scratch, apiData]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
