// `node tools/bench/profile-start.mjs [--paths=/albums,/wallet] [--rate=4] [--ms=2000]`: what runs on the main
// thread in the first 2 s of a page under a 4× slowed CPU (Chrome's Emulation.setCPUThrottlingRate and its
// sampling Profiler, through Playwright's CDP session), on a first visit (empty cache) and on a repeat visit (the
// same browser context, reloaded). Prints the self time per script file and the heaviest functions, so the startup
// work can be attributed (federation runtime, TanStack Query, zod, emotion, apexcharts, the area's own code).
// Signed in as bench:web is; the stack has no API behind it (docs/decisions/0082-layout-shift-and-startup-work.md).
// `--by=source` attributes the time through the built files' source maps instead: per package or folder of ours
// (the owners of tools/bench/bundle-breakdown.mjs) and per function at its source file and line.
import fs from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { chromium } from 'playwright';
import { ownerOf } from './bundle-breakdown.mjs';
import { offlineSessionCookie } from '../testing/offline-session.mjs';
import { CHROMIUM_PATH, median, startBenchStack } from './bench-stack.mjs';
import { PAGE_BUDGETS } from './budgets.mjs';
import os from 'node:os';

const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const paths = option('paths', '/auth/login,/albums,/trends,/wallet,/splits').split(',');
const rate = Number(option('rate', '4'));
const windowMs = Number(option('ms', '2000'));
const top = Number(option('top', '12'));
const bySource = option('by', 'file') === 'source';
// `--callers=zod`: the time spent inside that package, by the first frame outside it (which module asked for it).
const callersOf = option('callers', '');
// `--runs=3`: each visit that many times in fresh contexts, one line per run, then the median blocking time.
const runs = Number(option('runs', '1'));

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const consumers = new Map();
/** The source map of a served script, found in its app's dist folder by file name (null when there is none). */
function consumerFor(app, pathname) {
  const key = `${app}${pathname}`;
  if (consumers.has(key)) return consumers.get(key);
  const dist = path.join(ROOT, app === 'shell' ? 'shell' : `mfe-${app}`, 'dist');
  const file = path.join(dist, path.basename(pathname));
  const map = `${file}.map`;
  const consumer = fs.existsSync(map)
    ? new SourceMapConsumer(JSON.parse(fs.readFileSync(map, 'utf8')))
    : null;
  consumers.set(key, consumer);
  return consumer;
}

/** `owner` and `function  source:line` of a profile's call frame, read through the script's source map. */
function sourceOf(frame, originNames) {
  if (frame.lineNumber < 0) return null;
  let url;
  try {
    url = new URL(frame.url);
  } catch {
    return null;
  }
  const app = originNames.get(url.origin);
  const consumer = app ? consumerFor(app, url.pathname) : null;
  if (!consumer) return null;
  const at = consumer.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!at.source)
    return {
      owner: `${app} (unmapped)`,
      fn: `${frame.functionName || '(anonymous)'}  ${app}${url.pathname}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`,
    };
  const source = at.source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
  return {
    owner: ownerOf(at.source),
    fn: `${frame.functionName || at.name || '(anonymous)'}  ${source.replace(/^.*node_modules\//, '')}:${at.line}`,
  };
}

/** Self time (ms) per script file and per function from a CDP CPU profile, samples up to `untilUs` only. */
function selfTimes(profile, originNames) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node);
  const perFile = new Map();
  const perFunction = new Map();
  const perCaller = new Map();
  // Busy stretches: samples between two idle ones, roughly the tasks (back-to-back tasks count as one).
  const stretches = [];
  let stretch = null;
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
    const mapped = bySource ? sourceOf(frame, originNames) : null;
    if (mapped) file = mapped.owner;
    if (file === '((idle))') stretch = null;
    else {
      if (!stretch) {
        stretch = { startMs: (t - profile.startTime) / 1000, ms: 0, owners: new Map() };
        stretches.push(stretch);
      }
      stretch.ms += ms;
      stretch.owners.set(file, (stretch.owners.get(file) ?? 0) + ms);
    }
    perFile.set(file, (perFile.get(file) ?? 0) + ms);
    const fn = mapped?.fn ?? `${frame.functionName || '(anonymous)'}  ${file}:${frame.lineNumber + 1}`;
    perFunction.set(fn, (perFunction.get(fn) ?? 0) + ms);
    if (callersOf && mapped?.owner === callersOf) {
      let up = parentOf.get(node.id);
      let caller = null;
      while (up && !caller) {
        const upMapped = sourceOf(up.callFrame, originNames);
        if (upMapped && upMapped.owner !== callersOf) caller = upMapped.fn;
        up = parentOf.get(up.id);
      }
      perCaller.set(caller ?? '(none)', (perCaller.get(caller ?? '(none)') ?? 0) + ms);
    }
  }
  return { perFile, perFunction, perCaller, stretches: stretches.filter((one) => one.ms >= 50) };
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
  const { perFile, perFunction, perCaller, stretches } = selfTimes(profile, stack.originNames);
  const busy = [...perFile.entries()].filter(([name]) => name !== '(idle)').reduce((s, [, ms]) => s + ms, 0);
  const blocking = longTasks.reduce((s, task) => s + Math.max(0, task.duration - 50), 0);
  if (runs > 1) {
    console.log(
      `  ${path} ${label}: blocking ${blocking.toFixed(0)} ms (long tasks ${longTasks.map((task) => task.duration).join(', ')})`,
    );
    return blocking;
  }
  console.log(
    `\n  ${path} ${label}: ${busy.toFixed(0)} ms busy in the first ${windowMs} ms; long tasks ${longTasks.length} (${longTasks.map((task) => `${task.start}+${task.duration}`).join(', ')}), blocking ${blocking.toFixed(0)} ms`,
  );
  console.log('    busy stretches of 50 ms or more (start+length ms: what ran)');
  for (const one of stretches) {
    const what = [...one.owners.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
      .join(', ');
    console.log(`      ${one.startMs.toFixed(0)}+${one.ms.toFixed(0)}: ${what}`);
  }
  print(bySource ? 'self time per package or folder' : 'self time per file', perFile);
  print('heaviest functions', perFunction);
  if (callersOf) print(`time in ${callersOf}, by the caller outside it`, perCaller);
  return blocking;
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
    const blocking = { first: [], repeat: [] };
    for (let run = 0; run < runs; run += 1) {
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
      blocking.first.push(await profiled(page, cdp, stack, path, 'first visit'));
      await page.waitForLoadState('networkidle').catch(() => undefined);
      blocking.repeat.push(await profiled(page, cdp, stack, path, 'repeat visit'));
      await context.close();
    }
    if (runs > 1)
      console.log(
        `  ${path} median blocking of ${runs}: first visit ${median(blocking.first).toFixed(0)} ms, repeat visit ${median(blocking.repeat).toFixed(0)} ms (load ${os.loadavg()[0].toFixed(1)})`,
      );
  }
} finally {
  await browser.close();
  await stack.close();
}
