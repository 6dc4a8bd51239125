/* global window */
// `node tools/bench/layout-shift-probe.mjs [/wallet,/trends]`: which elements move while a page loads, at 375 and
// 1280 px under a 4× slowed CPU, signed in, on the bench stack (no API behind it: every part ends in its failure
// state, the case Lighthouse measures there). Prints each layout shift with the elements it moved (their box before
// and after: y, height) and the page's sum; a screenshot of each page 6 s in goes to $PROBE_SHOTS (default /tmp).
// Lighthouse names only the largest shifted element; this names them all
// (docs/decisions/0082-layout-shift-and-startup-work.md).
import { chromium } from 'playwright';
import { offlineSessionCookie } from '../testing/offline-session.mjs';
import { CHROMIUM_PATH, startBenchStack } from './bench-stack.mjs';

const paths = (process.argv[2] ?? '/wallet,/trends').split(',');
const shots = process.env.PROBE_SHOTS ?? '/tmp';
process.env.BENCH_SKIP_BUILD ??= '1';
const stack = await startBenchStack();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });

/** In the page: every layout shift with a short description of the elements it moved. */
function recordShifts() {
  const describe = (node) =>
    node
      ? `${node.nodeName}${node.id ? `#${node.id}` : ''} ${(node.textContent ?? '').slice(0, 60)}`
      : '(removed)';
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__shifts.push({
        at: Math.round(entry.startTime),
        value: Number(entry.value.toFixed(4)),
        input: entry.hadRecentInput,
        moved: (entry.sources ?? []).map((source) => ({
          node: describe(source.node),
          before: [Math.round(source.previousRect.y), Math.round(source.previousRect.height)],
          after: [Math.round(source.currentRect.y), Math.round(source.currentRect.height)],
        })),
      });
  }).observe({ type: 'layout-shift', buffered: true });
}

try {
  for (const width of [375, 1280])
    for (const path of paths) {
      const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 } });
      await context.addCookies([offlineSessionCookie(stack.shellUrl)]);
      await context.addInitScript(recordShifts);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(stack.shellUrl + path);
      await page.waitForTimeout(6000);
      const shifts = await page.evaluate(() => window.__shifts);
      const total = shifts.reduce((sum, shift) => sum + (shift.input ? 0 : shift.value), 0);
      console.log(`\n${width} px ${path}: layout shift ${total.toFixed(3)} in all`);
      for (const shift of shifts) console.log(`  ${JSON.stringify(shift)}`);
      await page.screenshot({ path: `${shots}/${path.replaceAll('/', '_')}-${width}.png`, fullPage: true });
      await context.close();
    }
} finally {
  await browser.close();
  await stack.close();
}
