// `npm run bench:lighthouse`: Lighthouse (the registry's `lighthouse` package, desktop preset) in Debian's Chromium
// (chrome-launcher; CHROME_PATH, default /usr/bin/chromium) on the pages of tools/bench/budgets.mjs: performance and
// accessibility scores, against ≥ 95 and 100. Signed in as bench:web is (the session cookie set over CDP before
// the runs), no API behind the stack. Exit code 1 when a score is under its budget.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright';
import { writeFigures } from '../../api/bench/figures.mjs';
import { offlineSessionCookie } from '../testing/offline-session.mjs';
import { CHROMIUM_PATH, startBenchStack } from './bench-stack.mjs';
import { LIGHTHOUSE_BUDGETS, PAGE_BUDGETS } from './budgets.mjs';

const stack = await startBenchStack();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const figures = [];
try {
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  await cdp.contexts()[0].addCookies([offlineSessionCookie(stack.shellUrl)]);
  for (const path of LIGHTHOUSE_BUDGETS.paths) {
    const signedIn = PAGE_BUDGETS.find((page) => page.path === path)?.signedIn ?? true;
    if (!signedIn) await cdp.contexts()[0].clearCookies();
    const result = await lighthouse(
      `${stack.shellUrl}${path}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      },
      desktopConfig,
    );
    if (!signedIn) await cdp.contexts()[0].addCookies([offlineSessionCookie(stack.shellUrl)]);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError)
      console.log(`${path}: Lighthouse could not finish (${runtimeError.code}: ${runtimeError.message})`);
    const performance = Math.round((categories.performance.score ?? 0) * 100);
    const accessibility = Math.round((categories.accessibility.score ?? 0) * 100);
    const metric = (id) => audits[id]?.displayValue ?? '?';
    console.log(
      `${path.padEnd(12)} performance ${String(performance).padStart(3)}  accessibility ${String(accessibility).padStart(3)}   (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')})`,
    );
    const failing = Object.values(audits).filter(
      (audit) => categories.accessibility.auditRefs.some((ref) => ref.id === audit.id) && audit.score === 0,
    );
    for (const audit of failing) console.log(`    accessibility: ${audit.id} — ${audit.title}`);
    // What moved, when the page's layout shifted: the first thing to fix for CLS.
    for (const item of audits['layout-shifts']?.details?.items?.slice(0, 3) ?? [])
      console.log(
        `    layout shift ${item.score?.toFixed(3)}: ${item.node?.snippet ?? item.node?.selector ?? '?'}`,
      );
    figures.push({
      name: `${path} performance`,
      value: performance,
      unit: '',
      budget: LIGHTHOUSE_BUDGETS.performance,
      better: 'higher',
    });
    figures.push({
      name: `${path} accessibility`,
      value: accessibility,
      unit: '',
      budget: LIGHTHOUSE_BUDGETS.accessibility,
      better: 'higher',
    });
  }
  await cdp.close();
} finally {
  await chrome.kill();
  await stack.close();
}
writeFigures('lighthouse', figures);
const broken = figures.filter((figure) => figure.value < figure.budget);
console.log(
  broken.length === 0
    ? 'every Lighthouse budget holds'
    : `under budget: ${broken.map((f) => f.name).join(', ')}`,
);
process.exit(broken.length === 0 ? 0 : 1);
