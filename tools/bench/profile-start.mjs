// `node tools/bench/profile-start.mjs [--paths=/albums,/wallet] [--rate=4] [--ms=2000]`: what runs on the main
// thread in the first 2 s of a page under a 4× slowed CPU (Chrome's Emulation.setCPUThrottlingRate and its
// sampling Profiler, through Playwright's CDP session), on a first visit (empty cache) and on a repeat visit (the
// same browser context, reloaded). Prints the self time per script file and the heaviest functions, so the startup
// work can be attributed (federation runtime, TanStack Query, zod, emotion, apexcharts, the area's own code).
// Signed in as bench:web is; the stack has no API behind it (docs/decisions/0082-layout-shift-and-startup-work.md).
import { chromium } from 'playwright';
import { offlineSessionCookie } from '../testing/offline-session.mjs';
import { CHROMIUM_PATH, startBenchStack } from './bench-stack.mjs';
import { PAGE_BUDGETS } from './budgets.mjs';
import os from 'node:os';

const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const paths = option('paths', '/auth/login,/albums,/trends,/wallet,/splits').split(',');
const rate = Number(option('rate', '4'));
const windowMs = Number(option('ms', '2000'));
const top = Number(option('top', '12'));

/** Self time (ms) per script file and per function from a CDP CPU profile, samples up to `untilUs` only. */
function selfTimes(profile, originNames) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const perFile = new Map();
  const perFunction = new Map();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    t += profile.timeDeltas[i];
    if (t - profile.startTime > windowMs * 1000) break;
    const node = byId.get(profile.samples[i]);
    const frame = node.callFrame;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    let file = frame.url || `(${frame.functionName || 'program'})`;
    try {
      const url = new URL(frame.url);
      file = `${originNames.get(url.origin) ?? url.origin}${url.pathname}`;
    } catch {
      /* not a URL: (program), (garbage collector), (idle) */
    }
    perFile.set(file, (perFile.get(file) ?? 0) + ms);
    const fn = `${frame.functionName || '(anonymous)'}  ${file}:${frame.lineNumber + 1}`;
    perFunction.set(fn, (perFunction.get(fn) ?? 0) + ms);
  }
  return { perFile, perFunction };
}

const print = (title, map) => {
  console.log(`    ${title}`);
  for (const [name, ms] of [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`      ${ms.toFixed(0).padStart(6)} ms  ${name}`);
};

async function profiled(page, cdp, stack, path, label) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const started = Date.now();
  await page.goto(`${stack.shellUrl}${path}`, { waitUntil: 'commit' });
  await page.waitForTimeout(Math.max(0, windowMs - (Date.now() - started)));
  const { profile } = await cdp.send('Profiler.stop');
  const longTasks = await page.evaluate(() => globalThis.__longTasks ?? []);
  const { perFile, perFunction } = selfTimes(profile, stack.originNames);
  const busy = [...perFile.entries()].filter(([name]) => name !== '(idle)').reduce((s, [, ms]) => s + ms, 0);
  const blocking = longTasks.reduce((s, task) => s + Math.max(0, task.duration - 50), 0);
  console.log(
    `\n  ${path} ${label}: ${busy.toFixed(0)} ms busy in the first ${windowMs} ms; long tasks ${longTasks.length} (${longTasks.map((task) => `${task.start}+${task.duration}`).join(', ')}), blocking ${blocking.toFixed(0)} ms`,
  );
  print('self time per file', perFile);
  print('heaviest functions', perFunction);
}

process.env.BENCH_SKIP_BUILD ??= '1';
const stack = await startBenchStack();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
console.log(
  `CPU ×${rate}, first ${windowMs} ms, load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
try {
  for (const path of paths) {
    const signedIn = PAGE_BUDGETS.find((page) => page.path === path)?.signedIn ?? true;
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    if (signedIn) await context.addCookies([offlineSessionCookie(stack.shellUrl)]);
    await context.addInitScript(() => {
      globalThis.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          globalThis.__longTasks.push({
            start: Math.round(entry.startTime),
            duration: Math.round(entry.duration),
          });
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await profiled(page, cdp, stack, path, 'first visit');
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await profiled(page, cdp, stack, path, 'repeat visit');
    await context.close();
  }
} finally {
  await browser.close();
  await stack.close();
}
