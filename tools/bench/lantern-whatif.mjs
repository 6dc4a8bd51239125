// `node tools/bench/lantern-whatif.mjs DIR... [--h2] [--less=<url part>:<bytes>]... [--path]`: Lighthouse's simulated
// LCP (Lantern, its default mobile throttling) of loads kept by `bench:lighthouse --artifacts=DIR`, computed again
// from the kept trace and DevTools log: as they were, and as if every origin had answered over HTTP/2, as a CDN
// and a load balancer do (`--h2`), or a response had been `bytes` smaller (`--less`, each response whose URL contains the part). The same
// load gives the same figure every time, so a change's effect is read without the spread of new runs. `--path`
// prints the nodes of the simulation that end last: what the LCP waits for.
// An estimate, not a measurement: the bytes removed are assumed to cost nothing to produce or run.
import fs from 'node:fs';
import nodePath from 'node:path';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

const args = process.argv.slice(2);
const dirs = args.filter((arg) => !arg.startsWith('--'));
const h2 = args.includes('--h2');
const showPath = args.includes('--path');
const less = args
  .filter((arg) => arg.startsWith('--less='))
  .map((arg) => {
    const [part, bytes] = arg.slice('--less='.length).split(':');
    return { part, bytes: Number(bytes) };
  });
if (dirs.length === 0 || less.some(({ part, bytes }) => !part || !Number.isFinite(bytes))) {
  console.error('usage: lantern-whatif.mjs DIR... [--h2] [--less=<url part>:<bytes>]... [--path]');
  process.exit(2);
}

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** The kept load, changed as asked: both the DevTools log and the trace carry the protocol and the sizes. */
function load(dir, change) {
  const artifacts = readJson(nodePath.join(dir, 'artifacts.json'));
  const trace = readJson(nodePath.join(dir, 'trace.json'));
  const devtoolsLog = readJson(nodePath.join(dir, 'devtoolslog.json'));
  if (!change) return { artifacts, trace, devtoolsLog };
  const urlOf = new Map();
  for (const event of devtoolsLog)
    if (event.method === 'Network.requestWillBeSent')
      urlOf.set(event.params.requestId, event.params.request.url);
  for (const event of trace.traceEvents)
    if (event.name === 'ResourceSendRequest') urlOf.set(event.args.data.requestId, event.args.data.url);
  for (const event of devtoolsLog) {
    const { requestId } = event.params ?? {};
    if (h2 && event.method === 'Network.responseReceived' && event.params.response.protocol === 'http/1.1')
      event.params.response.protocol = 'h2';
    if (event.method === 'Network.loadingFinished')
      for (const { part, bytes } of less)
        if (urlOf.get(requestId)?.includes(part))
          event.params.encodedDataLength = Math.max(0, event.params.encodedDataLength - bytes);
  }
  const left = new Map();
  for (const event of trace.traceEvents) {
    const data = event.args?.data;
    if (!data?.requestId) continue;
    if (h2 && event.name === 'ResourceReceiveResponse' && data.protocol === 'http/1.1') data.protocol = 'h2';
    for (const { part, bytes } of less) {
      if (!urlOf.get(data.requestId)?.includes(part)) continue;
      if (event.name === 'ResourceFinish')
        data.encodedDataLength = Math.max(0, data.encodedDataLength - bytes);
      if (event.name === 'ResourceReceivedData') {
        const key = `${data.requestId} ${part}`;
        const remaining = left.get(key) ?? bytes;
        const cut = Math.min(remaining, data.encodedDataLength);
        data.encodedDataLength -= cut;
        left.set(key, remaining - cut);
      }
    }
  }
  return { artifacts, trace, devtoolsLog };
}

async function simulate({ artifacts, trace, devtoolsLog }) {
  const settings = artifacts.settings;
  return LanternLargestContentfulPaint.request(
    {
      trace,
      devtoolsLog,
      gatherContext: artifacts.GatherContext,
      settings,
      simulator: null,
      URL: artifacts.URL,
      SourceMaps: [],
      HostDPR: artifacts.HostDPR,
    },
    { computedCache: new Map(), settings },
  );
}

function describe(node) {
  if (node.type === 'network')
    return `${node.request.url.replace(/^https?:\/\/[^/]+/, '')} (${node.request.transferSize} B, ${node.request.protocol})`;
  const names = [...new Set(node.childEvents.map((event) => event.name))].filter((name) =>
    /EvaluateScript|FunctionCall|Layout|Paint|ParseHTML|TimerFire|RunMicrotasks/.test(name),
  );
  return `main thread, ${Math.round(node.duration / 1000)} ms observed (${names.slice(0, 4).join(', ')})`;
}

const changes = [h2 && 'HTTP/2', ...less.map(({ part, bytes }) => `${part} ${bytes} B smaller`)].filter(
  Boolean,
);
for (const dir of dirs) {
  const before = await simulate(load(dir, false));
  const line = [`${nodePath.basename(dir)}: LCP ${Math.round(before.timing)} ms as kept`];
  let shown = before;
  if (changes.length > 0) {
    shown = await simulate(load(dir, true));
    line.push(`${Math.round(shown.timing)} ms with ${changes.join(', ')}`);
  }
  console.log(line.join(', '));
  if (!showPath) continue;
  const timings = [...shown.pessimisticEstimate.nodeTimings.entries()].sort(
    (a, b) => a[1].endTime - b[1].endTime,
  );
  for (const [node, timing] of timings.slice(-8))
    console.log(
      `  ${String(Math.round(timing.startTime)).padStart(5)}–${String(Math.round(timing.endTime)).padEnd(5)} ${describe(node)}`,
    );
}
