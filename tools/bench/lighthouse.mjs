// `npm run bench:lighthouse`: Lighthouse (the registry's `lighthouse` package) in Debian's Chromium (chrome-launcher;
// CHROME_PATH, default /usr/bin/chromium) on the pages of tools/bench/budgets.mjs, with its default mobile preset (a
// mid-range phone on slow 4G, simulated) and its desktop preset; the median of 3 runs of each: performance, LCP,
// TBT, CLS and accessibility against LIGHTHOUSE_BUDGETS. Signed in as bench:web is (the session cookie set over CDP
// before the runs; signed out where the page is the sign-in), by default no API behind the stack. The machine's load average
// is printed with each page: Lighthouse's CPU figures follow it. Exit code 1 when a figure misses its budget.
// `--paths=/,/auth/login` and `--presets=mobile` measure part of it; `--save=DIR` writes each run's report (the
// JSON Lighthouse answers) into DIR, to read what made a figure (the LCP element, its phases, the requests before it).
// `--artifacts=DIR` keeps each run's trace and DevTools log as well (DIR/<preset><path>-<run>/), which
// `tools/bench/lantern-whatif.mjs` simulates again, as they were or changed.
// `--api` puts the API behind the stack, signed in as the demo artist (bench-stack.mjs): the guarded pages then draw
// their data, where without an API their largest paint can be the error a failed request shows after its retries.
import fs from 'node:fs';
import os from 'node:os';
import nodePath from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright';
import { writeFigures } from '../../api/bench/figures.mjs';
import { offlineSessionCookie } from '../testing/offline-session.mjs';
import { CHROMIUM_PATH, median, signInAsDemoArtist, startBenchStack } from './bench-stack.mjs';
import { LIGHTHOUSE_BUDGETS, PAGE_BUDGETS } from './budgets.mjs';

const option = (name) =>
  process.argv
    .find((arg) => arg.startsWith(`--${name}=`))
    ?.slice(name.length + 3)
    .split(',');
const paths = option('paths') ?? LIGHTHOUSE_BUDGETS.paths;
const presets = option('presets') ?? Object.keys(LIGHTHOUSE_BUDGETS.presets);
const saveDir = option('save')?.[0];
if (saveDir) fs.mkdirSync(saveDir, { recursive: true });
const artifactsDir = option('artifacts')?.[0];
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? LIGHTHOUSE_BUDGETS.runs);
/** Lighthouse's default configuration is the mobile one. */
const CONFIGS = { mobile: undefined, desktop: desktopConfig };
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

const withApi = process.argv.includes('--api');
const stack = await startBenchStack({ api: withApi });
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const figures = [];
console.log(
  `Lighthouse${withApi ? ' (API behind the stack, signed in as the demo artist)' : ''}, median of ${runs} runs; load average at the start ${loadAverage()} (1, 5, 15 min)`,
);
try {
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const cookies = cdp.contexts()[0];
  // Signed in through the login page, as a person is; the session's cookies are set again before each guarded page.
  const session = withApi ? await signInAsDemoArtist(cookies, stack.shellUrl) : [];
  for (const preset of presets) {
    const budget = LIGHTHOUSE_BUDGETS.presets[preset];
    if (!budget) throw new Error(`no preset '${preset}' (${Object.keys(CONFIGS).join(', ')})`);
    console.log(`\n${preset}`);
    for (const path of paths) {
      const signedIn = PAGE_BUDGETS.find((page) => page.path === path)?.signedIn ?? true;
      await cookies.clearCookies();
      if (signedIn) await cookies.addCookies(withApi ? session : [offlineSessionCookie(stack.shellUrl)]);
      const results = [];
      const url = `${stack.shellUrl}${path}`;
      const flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      };
      for (let run = 0; run < runs; run += 1) {
        // One name per run for its report (--save) and its kept load (--artifacts): mobile_albums-1.
        const runName = `${preset}${path.replaceAll('/', '_') || '_'}-${run + 1}`;
        // With --artifacts, the load is gathered into a folder first and then audited from it: one load, kept.
        const kept = artifactsDir ? nodePath.join(artifactsDir, runName) : null;
        if (kept) await lighthouse(url, { ...flags, gatherMode: kept }, CONFIGS[preset]);
        const { lhr } = await lighthouse(url, kept ? { ...flags, auditMode: kept } : flags, CONFIGS[preset]);
        if (lhr.runtimeError)
          console.log(
            `  ${path}: Lighthouse could not finish (${lhr.runtimeError.code}: ${lhr.runtimeError.message})`,
          );
        results.push(lhr);
        if (saveDir) fs.writeFileSync(nodePath.join(saveDir, `${runName}.json`), JSON.stringify(lhr));
      }
      const mid = (pick) => median(results.map(pick));
      const score = (category) => mid((lhr) => Math.round((lhr.categories[category].score ?? 0) * 100));
      const metric = (id) => mid((lhr) => lhr.audits[id]?.numericValue ?? Infinity);
      const performance = score('performance');
      const accessibility = score('accessibility');
      const fcp = metric('first-contentful-paint');
      const lcp = metric('largest-contentful-paint');
      const tbt = metric('total-blocking-time');
      const cls = metric('cumulative-layout-shift');
      console.log(
        `  ${path.padEnd(12)} performance ${String(performance).padStart(3)}  accessibility ${String(accessibility).padStart(3)}   FCP ${(fcp / 1000).toFixed(1)} s, LCP ${(lcp / 1000).toFixed(1)} s, TBT ${Math.round(tbt)} ms, CLS ${cls.toFixed(3)}   (load ${loadAverage()})`,
      );
      const last = results.at(-1);
      const failing = Object.values(last.audits).filter(
        (audit) =>
          last.categories.accessibility.auditRefs.some((ref) => ref.id === audit.id) && audit.score === 0,
      );
      for (const audit of failing) console.log(`    accessibility: ${audit.id} — ${audit.title}`);
      // What moved, when the page's layout shifted: the first thing to fix for CLS.
      for (const item of last.audits['layout-shifts']?.details?.items?.slice(0, 3) ?? [])
        console.log(
          `    layout shift ${item.score?.toFixed(3)}: ${item.node?.snippet ?? item.node?.selector ?? '?'}`,
        );
      const name = (what) => `${path} ${preset} ${what}`;
      figures.push(
        {
          name: name('performance'),
          value: performance,
          unit: '',
          budget: budget.performance,
          better: 'higher',
        },
        { name: name('LCP'), value: Math.round(lcp), unit: 'ms', budget: budget.lcpMs, better: 'lower' },
        { name: name('TBT'), value: Math.round(tbt), unit: 'ms', budget: budget.tbtMs, better: 'lower' },
        { name: name('CLS'), value: cls, unit: '', budget: budget.cls, better: 'lower' },
        {
          name: name('accessibility'),
          value: accessibility,
          unit: '',
          budget: LIGHTHOUSE_BUDGETS.accessibility,
          better: 'higher',
        },
      );
    }
  }
  await cdp.close();
} finally {
  await chrome.kill();
  await stack.close();
}
// A preset without a budget for a metric (desktop's LCP) prints it and judges nothing.
const judged = figures.map(({ budget, ...figure }) =>
  budget === undefined ? figure : { ...figure, budget },
);
writeFigures('lighthouse', judged);
const broken = judged.filter(
  (f) => f.budget !== undefined && !(f.better === 'higher' ? f.value >= f.budget : f.value <= f.budget),
);
console.log(
  `\nload average at the end ${loadAverage()}\n${
    broken.length === 0
      ? 'every Lighthouse budget holds'
      : `budgets missed: ${broken.map((f) => f.name).join(', ')}`
  }`,
);
process.exit(broken.length === 0 ? 0 : 1);
