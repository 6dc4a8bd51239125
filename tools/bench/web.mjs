/* global document */
// `npm run bench:web`: what a first visit costs and how fast an area switch is, against tools/bench/budgets.mjs.
// For each page, in Debian's Chromium with an empty cache each run (median of 5): what the network carried (each
// response's encoded body and headers as the browser reports them, so compression counts as served) and the
// decoded size, JS per origin and all resources, requests, the critical chain (sequential request waves before the
// page's h1) and the time until the h1 is visible; then client-side navigation from /albums to areas not visited
// yet, with the idle prefetch and without it; then, when tools/bench/single-bundle has been built, the federated
// /albums against the same code as one bundle. Exit code 1 when a budget is broken. `--chunks` lists every script
// a page loads; `--paths=` measures only the first loads of the pages it lists; `--switches` only the area switches;
// `--api` puts the API behind the stack and signs in as the demo artist (bench-stack.mjs), so the pages' requests
// are their real data calls instead of refused ones and their retries.
import { chromium } from 'playwright';
import { writeFigures } from '../../api/bench/figures.mjs';
import { offlineSessionCookie } from '../testing/offline-session.mjs';
import { CHROMIUM_PATH, kb, median, signInAsDemoArtist, startBenchStack } from './bench-stack.mjs';
import { AREA_SWITCH_BUDGETS, MF_OVERHEAD_BUDGET, PAGE_BUDGETS } from './budgets.mjs';
import { buildSingleBundle } from './single-bundle/build.mjs';
import { startSingleBundle } from './single-bundle/serve.mjs';

/** performance.mark of shell/src/chrome/prefetch/area-prefetch.ts. */
const IDLE_PREFETCH_MARK = 'tunehouse:idle-prefetch';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const listChunks = process.argv.includes('--chunks');
const withApi = process.argv.includes('--api');
/** The demo artist's session cookies with `--api`; without, each context gets an offline session. */
let session = null;
const signIn = (context, shellUrl) => context.addCookies(session ?? [offlineSessionCookie(shellUrl)]);
/** `--switches`: only the area switches. */
const switchesOnly = process.argv.includes('--switches');
/** `--paths=/,/auth/login`: only these pages' first loads (no area switch, no single bundle), for a quick look. */
const onlyPaths = process.argv
  .find((arg) => arg.startsWith('--paths='))
  ?.slice('--paths='.length)
  .split(',');

/**
 * The device the page believes it runs on. The shell prefetches idle only on an unconstrained device (4+ cores,
 * 4+ GB, no Save-Data, not 2G): `capable` claims 8 cores whatever this machine has; `constrained` claims 2.
 */
const DEVICES = { capable: 8, constrained: 2 };
const emulateDevice = (context, device) =>
  context.addInitScript((cores) => {
    Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => cores, configurable: true });
  }, DEVICES[device]);

/**
 * The longest run of requests each of which started only after the previous one had ended — the round trips a
 * page waits for in turn — among those that ended before `before` (the navigation itself is the first).
 */
function criticalChainDepth(before) {
  const entries = [
    { startTime: 0, responseEnd: performance.getEntriesByType('navigation')[0]?.responseEnd ?? 0 },
    ...performance.getEntriesByType('resource'),
  ]
    .filter((entry) => entry.responseEnd <= before)
    .sort((a, b) => a.startTime - b.startTime);
  const depth = entries.map(() => 1);
  for (let i = 1; i < entries.length; i += 1)
    for (let j = 0; j < i; j += 1)
      if (entries[j].responseEnd <= entries[i].startTime) depth[i] = Math.max(depth[i], depth[j] + 1);
  return Math.max(...depth);
}

/**
 * One first visit: every response (bytes on the wire and decoded, by type), the requests, the critical chain and
 * when `content` became visible.
 */
export async function firstLoad(browser, url, { content, signedIn, excludeChunks }) {
  const context = await browser.newContext();
  await emulateDevice(context, 'capable');
  // A signed-in visitor: the areas' pages are behind the route guards.
  if (signedIn) await signIn(context, new URL(url).origin);
  const page = await context.newPage();
  const responses = [];
  const pending = [];
  const requested = [];
  const excluded = (requestUrl) => Boolean(excludeChunks?.test(new URL(requestUrl).pathname));
  page.on('request', (request) => {
    if (!excluded(request.url())) requested.push(request.url());
  });
  page.on('requestfinished', (request) => {
    if (excluded(request.url())) return;
    pending.push(
      (async () => {
        const sizes = await request.sizes();
        const body = await (await request.response())?.body().catch(() => Buffer.alloc(0));
        responses.push({
          url: request.url(),
          script: request.resourceType() === 'script',
          transfer: sizes.responseBodySize + sizes.responseHeadersSize,
          raw: body?.length ?? 0,
        });
      })().catch(() => undefined),
    );
  });
  await page.goto(url, { waitUntil: 'commit' });
  const visibleMs = await visibleAt(page, content);
  const chainDepth = await page.evaluate(criticalChainDepth, visibleMs);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  // What the shell fetched for later visits once the page was loaded and idle (shell/src/chrome/prefetch) is
  // counted apart: it is not what this page needed. A URL the page had asked for before the idle mark is the
  // page's, even when the idle prefetch asks for it again (it did for the area of the address, whose own chunks
  // then fell out of /albums' figure: docs/decisions/0082-layout-shift-and-startup-work.md).
  const prefetched = new Set(
    await page.evaluate((mark) => {
      const idle = performance.getEntriesByName(mark)[0]?.startTime ?? Infinity;
      const entries = performance.getEntriesByType('resource');
      const before = new Set(entries.filter((entry) => entry.startTime < idle).map((entry) => entry.name));
      return entries
        .filter((entry) => entry.startTime >= idle && !before.has(entry.name))
        .map((entry) => entry.name);
    }, IDLE_PREFETCH_MARK),
  );
  await context.close();
  const needed = responses.filter((response) => !prefetched.has(response.url));
  return {
    visibleMs,
    chainDepth,
    requests: requested.filter((requestUrl) => !prefetched.has(requestUrl)).length,
    scripts: needed.filter((response) => response.script),
    all: needed,
    prefetched: responses.filter((response) => prefetched.has(response.url)),
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

/**
 * From a loaded, idle `from` page: click the nav link to `to` and time until `content` is visible. On a `capable`
 * device the shell has downloaded the area ahead (idle prefetch); on a `constrained` one only the hover warms it.
 * `warm`: `hover` moves the pointer onto the link and clicks at once (the budgeted figure), `lead` hovers 300 ms
 * before the click (a visitor's pointer on its way), `none` clicks without any pointer or focus event (no warming).
 */
async function areaSwitch(browser, shellUrl, { from, to, content }, device, warm = 'hover') {
  const context = await browser.newContext();
  await emulateDevice(context, device);
  await signIn(context, shellUrl);
  const page = await context.newPage();
  await page.goto(`${shellUrl}${from}`);
  await page.waitForLoadState('networkidle');
  const link = page.locator(`header nav a[href="${to}"]`);
  // A visitor's pointer crosses the link before it clicks; the click is where the clock starts.
  if (warm !== 'none') await link.hover();
  if (warm === 'lead') await page.waitForTimeout(300);
  const started = await page.evaluate(() => performance.now());
  if (warm === 'none') await link.evaluate((element) => element.click());
  else await link.click();
  const visible = await visibleAt(page, content);
  await context.close();
  return visible - started;
}

const sum = (scripts, key) => scripts.reduce((total, script) => total + script[key], 0);

function printPage(path, runs, originNames) {
  const byOrigin = new Map();
  for (const { url, raw, transfer } of runs[0].scripts) {
    const name = originNames.get(new URL(url).origin) ?? new URL(url).origin;
    const total = byOrigin.get(name) ?? { raw: 0, transfer: 0, files: 0 };
    byOrigin.set(name, { raw: total.raw + raw, transfer: total.transfer + transfer, files: total.files + 1 });
  }
  for (const [name, { raw, transfer, files }] of byOrigin)
    console.log(
      `  JS ${name.padEnd(14)} ${kb(raw).padStart(10)} raw ${kb(transfer).padStart(10)} transferred  (${files} files)`,
    );
  if (listChunks)
    for (const { url, raw, transfer } of [...runs[0].scripts].sort((a, b) => b.transfer - a.transfer))
      console.log(
        `     ${kb(transfer).padStart(9)} transferred ${kb(raw).padStart(9)} raw  ${url.replace(/^http:\/\/[^/]+/, originNames.get(new URL(url).origin) ?? '')}`,
      );
}

const stack = await startBenchStack({ api: withApi });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
if (withApi) {
  const context = await browser.newContext();
  session = await signInAsDemoArtist(context, stack.shellUrl);
  await context.close();
}
const figures = [];
const verdict = (ok) => (ok ? 'within' : 'OVER');
try {
  for (const budget of switchesOnly
    ? []
    : PAGE_BUDGETS.filter(({ path }) => !onlyPaths || onlyPaths.includes(path))) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1)
      runs.push(await firstLoad(browser, `${stack.shellUrl}${budget.path}`, budget));
    const js = median(runs.map((r) => sum(r.scripts, 'transfer')));
    const raw = median(runs.map((r) => sum(r.scripts, 'raw')));
    const total = median(runs.map((r) => sum(r.all, 'transfer')));
    const totalRaw = median(runs.map((r) => sum(r.all, 'raw')));
    const requests = median(runs.map((r) => r.requests));
    const chain = median(runs.map((r) => r.chainDepth));
    const visible = median(runs.map((r) => r.visibleMs));
    const jsOk = js <= budget.jsKB * 1024;
    const requestsOk = budget.requests === undefined || requests <= budget.requests;
    const note = budget.excludeChunks ? ', without the chart chunk' : '';
    console.log(`\n${budget.path}  (median of ${RUNS} first loads${note})`);
    console.log(`  content visible   ${visible.toFixed(0)} ms`);
    console.log(`  critical chain    ${chain} request waves in turn before the h1`);
    console.log(
      `  requests          ${requests}${budget.requests === undefined ? '' : `   budget ≤ ${budget.requests}: ${verdict(requestsOk)}`}`,
    );
    printPage(budget.path, runs, stack.originNames);
    const prefetched = runs[0].prefetched;
    if (prefetched.length > 0)
      console.log(
        `  then, when idle   ${kb(sum(prefetched, 'transfer')).padStart(10)} transferred for other areas (${prefetched.length} files, not counted)`,
      );
    console.log(
      `  JS total          ${kb(raw).padStart(10)} raw ${kb(js).padStart(10)} transferred   budget ≤ ${budget.jsKB} KB: ${verdict(jsOk)}`,
    );
    console.log(`  everything        ${kb(totalRaw).padStart(10)} raw ${kb(total).padStart(10)} transferred`);
    figures.push({
      name: `${budget.path} JS transferred`,
      value: js / 1024,
      unit: 'KB',
      budget: budget.jsKB,
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
    figures.push({ name: `${budget.path} transferred`, value: total / 1024, unit: 'KB', better: 'lower' });
    figures.push({ name: `${budget.path} critical chain`, value: chain, unit: 'waves', better: 'lower' });
    figures.push({
      name: `${budget.path} content visible`,
      value: Math.round(visible),
      unit: 'ms',
      better: 'lower',
    });
  }

  // The budget is the prefetching device's; the others are printed for comparison: without the idle download,
  // and on that device with the hover 300 ms ahead of the click or no warming at all.
  const SWITCH_WAYS = [
    { device: 'capable', warm: 'hover', how: 'with idle prefetch', judged: true },
    { device: 'constrained', warm: 'hover', how: 'no idle prefetch', suffix: ' (no idle prefetch)' },
    {
      device: 'constrained',
      warm: 'lead',
      how: 'no idle prefetch, hover 300 ms ahead',
      suffix: ' (hover ahead)',
    },
    { device: 'constrained', warm: 'none', how: 'no idle prefetch, no hover', suffix: ' (no warming)' },
  ];
  for (const budget of onlyPaths ? [] : AREA_SWITCH_BUDGETS)
    for (const { device, warm, how, judged, suffix } of SWITCH_WAYS) {
      const times = [];
      for (let run = 0; run < RUNS; run += 1)
        times.push(await areaSwitch(browser, stack.shellUrl, budget, device, warm));
      const ms = median(times);
      console.log(
        `\n${budget.from} → ${budget.to}  ${how}, client-side, until its h1 is visible: ${ms.toFixed(0)} ms (median of ${RUNS}; ${times.map((t) => t.toFixed(0)).join(', ')})${judged ? `   budget ≤ ${budget.ms} ms: ${verdict(ms <= budget.ms)}` : ''}`,
      );
      figures.push({
        name: `${budget.from} → ${budget.to}${suffix ?? ''}`,
        value: Math.round(ms),
        unit: 'ms',
        ...(judged ? { budget: budget.ms } : {}),
        better: 'lower',
      });
    }

  if (!onlyPaths && !switchesOnly) {
    buildSingleBundle();
    const single = await startSingleBundle(stack.shellUrl);
    try {
      const page = PAGE_BUDGETS.find(({ path }) => path === MF_OVERHEAD_BUDGET.path);
      const federated = [];
      const oneBundle = [];
      for (let run = 0; run < RUNS; run += 1) {
        federated.push(
          sum((await firstLoad(browser, `${stack.shellUrl}${page.path}`, page)).scripts, 'transfer'),
        );
        oneBundle.push(
          sum((await firstLoad(browser, `${single.url}${page.path}`, page)).scripts, 'transfer'),
        );
      }
      const ratio = median(federated) / median(oneBundle);
      console.log(
        `\nMF overhead, first load of ${page.path}: federated ${kb(median(federated))} / one bundle ${kb(median(oneBundle))} JS transferred = ${ratio.toFixed(2)}×   budget ≤ ${MF_OVERHEAD_BUDGET.ratio}×: ${verdict(ratio <= MF_OVERHEAD_BUDGET.ratio)}`,
      );
      figures.push({
        name: `${page.path} one bundle JS transferred`,
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
  }
} finally {
  await browser.close();
  await stack.close();
}
// A partial run does not replace the recorded figures.
if (!onlyPaths && !switchesOnly) writeFigures('web', figures);
const broken = figures.filter(
  (f) => f.budget !== undefined && !(f.better === 'higher' ? f.value >= f.budget : f.value <= f.budget),
);
console.log(
  `\n${broken.length === 0 ? 'every web budget holds' : `budgets broken: ${broken.map((f) => f.name).join(', ')}`}`,
);
process.exit(broken.length === 0 ? 0 : 1);
