/* global document */
// `npm run bench:web`: what a first visit costs and how fast an area switch is, against tools/bench/budgets.mjs.
// For each page, in Debian's Chromium with an empty cache each run (median of 5): gzip and raw JS per origin,
// requests, and the time until the page's own content (its h1) is visible; then client-side navigation from
// /albums to areas not visited yet; then, when tools/bench/single-bundle has been built, the federated /albums
// against the same code as one bundle. Exit code 1 when a budget is broken. `--chunks` lists every script a
// page loads (the per-page tables of docs/decisions/0057-web-first-load-budgets.md).
import zlib from 'node:zlib';
import { chromium } from 'playwright';
import { writeFigures } from '../../api/bench/figures.mjs';
import { offlineSessionCookie } from '../testing/offline-session.mjs';
import { CHROMIUM_PATH, kb, median, startBenchStack } from './bench-stack.mjs';
import { AREA_SWITCH_BUDGETS, MF_OVERHEAD_BUDGET, PAGE_BUDGETS } from './budgets.mjs';
import { buildSingleBundle } from './single-bundle/build.mjs';
import { startSingleBundle } from './single-bundle/serve.mjs';

/** performance.mark of shell/src/chrome/prefetch/area-prefetch.ts. */
const IDLE_PREFETCH_MARK = 'tunehouse:idle-prefetch';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const listChunks = process.argv.includes('--chunks');

/** One first visit: every script (gzip and raw), the requests, and when `content` became visible. */
export async function firstLoad(browser, url, { content, signedIn, excludeChunks }) {
  const context = await browser.newContext();
  // A signed-in visitor: the areas' pages are behind the route guards.
  if (signedIn) await context.addCookies([offlineSessionCookie(url)]);
  const page = await context.newPage();
  const scripts = [];
  const requested = [];
  const excluded = (requestUrl) => Boolean(excludeChunks?.test(new URL(requestUrl).pathname));
  page.on('request', (request) => {
    if (!excluded(request.url())) requested.push(request.url());
  });
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script' || excluded(response.url())) return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.push({ url: response.url(), raw: body.length, gzip: zlib.gzipSync(body).length });
  });
  await page.goto(url, { waitUntil: 'commit' });
  const visibleMs = await visibleAt(page, content);
  await page.waitForLoadState('networkidle');
  // What the shell fetched for later visits once the page was loaded and idle (shell/src/chrome/prefetch) is
  // counted apart: it is not what this page needed.
  const prefetched = new Set(
    await page.evaluate((mark) => {
      const idle = performance.getEntriesByName(mark)[0]?.startTime ?? Infinity;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime >= idle)
        .map((entry) => entry.name);
    }, IDLE_PREFETCH_MARK),
  );
  await context.close();
  return {
    visibleMs,
    requests: requested.filter((requestUrl) => !prefetched.has(requestUrl)).length,
    scripts: scripts.filter((script) => !prefetched.has(script.url)),
    prefetchedScripts: scripts.filter((script) => prefetched.has(script.url)),
  };
}

/** performance.now() at the first frame where `selector` is laid out, measured inside the page. */
async function visibleAt(page, selector) {
  const handle = await page.waitForFunction(
    (target) => {
      const element = document.querySelector(target);
      return element && element.getBoundingClientRect().height > 0 ? performance.now() : null;
    },
    selector,
    { polling: 'raf', timeout: 30_000 },
  );
  return handle.jsonValue();
}

/** From a loaded, idle `from` page: click the nav link to `to` and time until `content` is visible. */
async function areaSwitch(browser, shellUrl, { from, to, content }) {
  const context = await browser.newContext();
  await context.addCookies([offlineSessionCookie(shellUrl)]);
  const page = await context.newPage();
  await page.goto(`${shellUrl}${from}`);
  await page.waitForLoadState('networkidle');
  const link = page.locator(`header nav a[href="${to}"]`);
  // A visitor's pointer crosses the link before it clicks; the click is where the clock starts.
  await link.hover();
  const started = await page.evaluate(() => performance.now());
  await link.click();
  const visible = await visibleAt(page, content);
  await context.close();
  return visible - started;
}

const sum = (scripts, key) => scripts.reduce((total, script) => total + script[key], 0);

function printPage(path, runs, originNames) {
  const byOrigin = new Map();
  for (const { url, raw, gzip } of runs[0].scripts) {
    const name = originNames.get(new URL(url).origin) ?? new URL(url).origin;
    const total = byOrigin.get(name) ?? { raw: 0, gzip: 0, files: 0 };
    byOrigin.set(name, { raw: total.raw + raw, gzip: total.gzip + gzip, files: total.files + 1 });
  }
  for (const [name, { raw, gzip, files }] of byOrigin)
    console.log(
      `  JS ${name.padEnd(14)} ${kb(raw).padStart(10)} raw ${kb(gzip).padStart(10)} gzip  (${files} files)`,
    );
  if (listChunks)
    for (const { url, raw, gzip } of [...runs[0].scripts].sort((a, b) => b.gzip - a.gzip))
      console.log(
        `     ${kb(gzip).padStart(9)} gzip ${kb(raw).padStart(9)} raw  ${url.replace(/^http:\/\/[^/]+/, originNames.get(new URL(url).origin) ?? '')}`,
      );
}

const stack = await startBenchStack();
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
const figures = [];
const verdict = (ok) => (ok ? 'within' : 'OVER');
try {
  for (const budget of PAGE_BUDGETS) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1)
      runs.push(await firstLoad(browser, `${stack.shellUrl}${budget.path}`, budget));
    const gzip = median(runs.map((r) => sum(r.scripts, 'gzip')));
    const raw = median(runs.map((r) => sum(r.scripts, 'raw')));
    const requests = median(runs.map((r) => r.requests));
    const visible = median(runs.map((r) => r.visibleMs));
    const gzipOk = gzip <= budget.gzipKB * 1024;
    const requestsOk = budget.requests === undefined || requests <= budget.requests;
    const note = budget.excludeChunks ? ', without the chart chunk' : '';
    console.log(`\n${budget.path}  (median of ${RUNS} first loads${note})`);
    console.log(`  content visible   ${visible.toFixed(0)} ms`);
    console.log(
      `  requests          ${requests}${budget.requests === undefined ? '' : `   budget ≤ ${budget.requests}: ${verdict(requestsOk)}`}`,
    );
    printPage(budget.path, runs, stack.originNames);
    const prefetched = runs[0].prefetchedScripts;
    if (prefetched.length > 0)
      console.log(
        `  then, when idle   ${kb(sum(prefetched, 'gzip')).padStart(10)} gzip prefetched for other areas (${prefetched.length} files, not counted)`,
      );
    console.log(
      `  JS total          ${kb(raw).padStart(10)} raw ${kb(gzip).padStart(10)} gzip   budget ≤ ${budget.gzipKB} KB: ${verdict(gzipOk)}`,
    );
    figures.push({
      name: `${budget.path} gzip JS`,
      value: gzip / 1024,
      unit: 'KB',
      budget: budget.gzipKB,
      better: 'lower',
    });
    if (budget.requests !== undefined)
      figures.push({
        name: `${budget.path} requests`,
        value: requests,
        unit: '',
        budget: budget.requests,
        better: 'lower',
      });
    figures.push({
      name: `${budget.path} content visible`,
      value: Math.round(visible),
      unit: 'ms',
      better: 'lower',
    });
  }

  for (const budget of AREA_SWITCH_BUDGETS) {
    const times = [];
    for (let run = 0; run < RUNS; run += 1) times.push(await areaSwitch(browser, stack.shellUrl, budget));
    const ms = median(times);
    console.log(
      `\n${budget.from} → ${budget.to}  client-side, until its h1 is visible: ${ms.toFixed(0)} ms (median of ${RUNS}; ${times.map((t) => t.toFixed(0)).join(', ')})   budget ≤ ${budget.ms} ms: ${verdict(ms <= budget.ms)}`,
    );
    figures.push({
      name: `${budget.from} → ${budget.to}`,
      value: Math.round(ms),
      unit: 'ms',
      budget: budget.ms,
      better: 'lower',
    });
  }

  buildSingleBundle();
  const single = await startSingleBundle(stack.shellUrl);
  try {
    const page = PAGE_BUDGETS.find(({ path }) => path === MF_OVERHEAD_BUDGET.path);
    const federated = [];
    const oneBundle = [];
    for (let run = 0; run < RUNS; run += 1) {
      federated.push(sum((await firstLoad(browser, `${stack.shellUrl}${page.path}`, page)).scripts, 'gzip'));
      oneBundle.push(sum((await firstLoad(browser, `${single.url}${page.path}`, page)).scripts, 'gzip'));
    }
    const ratio = median(federated) / median(oneBundle);
    console.log(
      `\nMF overhead, first load of ${page.path}: federated ${kb(median(federated))} gzip / one bundle ${kb(median(oneBundle))} gzip = ${ratio.toFixed(2)}×   budget ≤ ${MF_OVERHEAD_BUDGET.ratio}×: ${verdict(ratio <= MF_OVERHEAD_BUDGET.ratio)}`,
    );
    figures.push({
      name: `${page.path} one bundle gzip JS`,
      value: median(oneBundle) / 1024,
      unit: 'KB',
      better: 'lower',
    });
    figures.push({
      name: `MF overhead ${page.path}`,
      value: ratio,
      unit: '×',
      budget: MF_OVERHEAD_BUDGET.ratio,
      better: 'lower',
    });
  } finally {
    await single.close();
  }
} finally {
  await browser.close();
  await stack.close();
}
writeFigures('web', figures);
const broken = figures.filter(
  (f) => f.budget !== undefined && !(f.better === 'higher' ? f.value >= f.budget : f.value <= f.budget),
);
console.log(
  `\n${broken.length === 0 ? 'every web budget holds' : `budgets broken: ${broken.map((f) => f.name).join(', ')}`}`,
);
process.exit(broken.length === 0 ? 0 : 1);
