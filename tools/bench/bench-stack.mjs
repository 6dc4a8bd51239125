// What the web benchmarks share: the built stack on free loopback ports (no API behind it: the pages' own
// content, their h1, does not wait for data) and Debian's Chromium.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AREAS } from '../start/areas.mjs';
import { NX_ENV, run } from '../start/run.mjs';

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

/** Builds the web apps where stale, then serves the shell and every area from its own origin on free ports. */
export async function startBenchStack() {
  if (process.env.BENCH_SKIP_BUILD !== '1') await buildWeb();
  const { startStack } = await import('../start/stack.mjs');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-bench-web-'));
  const stack = await startStack({
    shellPort: 0,
    areaPorts: Object.fromEntries(AREAS.map((area) => [area.name, 0])),
    publicHost: '127.0.0.1',
    apiBaseUrl: 'http://127.0.0.1:9',
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
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}
