/* global document */
// `npm run bench:web`: what a first visit costs. For `/`, `/albums` and `/trends`, in Debian's Chromium with an
// empty cache each run: JS bytes (raw and gzip) per origin, request count, and the time until the page's own
// content (its h1) is visible. Median of 5 runs. Not part of `npm test`: figures, not assertions.
import zlib from 'node:zlib';
import { chromium } from 'playwright';
import { AREAS } from '../start/areas.mjs';
import { buildStale } from '../start/run.mjs';
import { offlineSessionCookie } from '../testing/offline-session.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BUDGET_GZIP_HOME = 200 * 1024;
const PAGES = [
  { path: '/', content: 'main h1' },
  { path: '/albums', content: '[data-area="releases"] h1' },
  { path: '/trends', content: '[data-area="analytics"] h1' },
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function measure(browser, url, content) {
  const context = await browser.newContext();
  // A signed-in visitor: the areas' pages are behind the route guards.
  await context.addCookies([offlineSessionCookie(url)]);
  const page = await context.newPage();
  const scripts = [];
  let requests = 0;
  page.on('request', () => (requests += 1));
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.push({
      origin: new URL(response.url()).origin,
      raw: body.length,
      gzip: zlib.gzipSync(body).length,
    });
  });
  await page.goto(url, { waitUntil: 'commit' });
  // Measured inside the page, from navigation start, at the first frame where the content is visible.
  const handle = await page.waitForFunction(
    (selector) => {
      const element = document.querySelector(selector);
      return element && element.getBoundingClientRect().height > 0 ? performance.now() : null;
    },
    content,
    { polling: 'raf', timeout: 30_000 },
  );
  const visibleMs = await handle.jsonValue();
  await page.waitForLoadState('networkidle');
  await context.close();
  return { visibleMs, requests, scripts };
}

await buildStale();
const { startStack } = await import('../start/stack.mjs');
const stack = await startStack({
  shellPort: 0,
  areaPorts: Object.fromEntries(AREAS.map((area) => [area.name, 0])),
  publicHost: '127.0.0.1',
  apiBaseUrl: 'http://127.0.0.1:9',
  envDir: '/tmp/tunehouse-bench-env',
});
const originNames = new Map([[new URL(stack.shellUrl).origin, 'shell']]);
for (const [area, url] of Object.entries(stack.areaUrls)) originNames.set(new URL(url).origin, area);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
let overBudget = false;
try {
  for (const { path, content } of PAGES) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1)
      runs.push(await measure(browser, `${stack.shellUrl}${path}`, content));
    const byOrigin = new Map();
    for (const { origin, raw, gzip } of runs[0].scripts) {
      const name = originNames.get(origin) ?? origin;
      const total = byOrigin.get(name) ?? { raw: 0, gzip: 0, files: 0 };
      byOrigin.set(name, { raw: total.raw + raw, gzip: total.gzip + gzip, files: total.files + 1 });
    }
    const totalGzip = [...byOrigin.values()].reduce((sum, { gzip }) => sum + gzip, 0);
    const totalRaw = [...byOrigin.values()].reduce((sum, { raw }) => sum + raw, 0);
    console.log(`\n${path}  (median of ${RUNS} first loads)`);
    console.log(`  content visible   ${median(runs.map((r) => r.visibleMs)).toFixed(0)} ms`);
    console.log(`  requests          ${median(runs.map((r) => r.requests))}`);
    for (const [name, { raw, gzip, files }] of byOrigin)
      console.log(
        `  JS ${name.padEnd(14)} ${kb(raw).padStart(10)} raw ${kb(gzip).padStart(10)} gzip  (${files} files)`,
      );
    console.log(`  JS total          ${kb(totalRaw).padStart(10)} raw ${kb(totalGzip).padStart(10)} gzip`);
    if (path === '/') {
      overBudget = totalGzip > BUDGET_GZIP_HOME;
      console.log(`  budget for /      ${kb(BUDGET_GZIP_HOME)} gzip: ${overBudget ? 'OVER' : 'within'}`);
    }
  }
} finally {
  await browser.close();
  await stack.close();
}
process.exit(overBudget ? 1 : 0);
