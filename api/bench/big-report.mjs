// `npm run bench:big-report`: a big gzipped DSR uploaded to a running API and loaded there, with the API process's
// memory sampled throughout (issue 28, rule 5; docs/decisions/0081-big-report-files.md). Figures, not assertions.
//
// The API runs in a child process of its own (this file with --serve: the built app on a temporary embedded
// PostgreSQL, an admin, a catalogue of --tracks recordings held in memory). This process generates a
// BasicAudioProfile DSR of about --mb MB on the fly (blocks of RE01, AS02 and SU02 records, shaped as
// bench:dsr-parser writes them), gzips it as it goes and streams it as a multipart upload to
// POST /v1/admin/reports: the file exists whole nowhere, neither here nor in the API, which stores it compressed.
// The API then loads it as its job would (processReportJob's loader call, with each phase timed), after timing
// two passes over the same stored file on their own: read + gunzip, and read + gunzip + parse.
//
// Printed: the API's resident memory (VmRSS from /proc, every 100 ms) at rest, its peak while receiving and while
// loading, the upload's MB/s, the load's usage lines per second and the per-phase profile. Linux only (/proc).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import {
  benchDsrBlock,
  benchDsrHead,
  benchDsrLinesOf,
  benchDsrName,
  correctionShare,
  withNetRevenue,
} from './bench-dsr.mjs';
import { benchArgs } from './bench-options.mjs';
import { loadAverage } from './figures.mjs';

const dist = (file) => new URL(`../dist/${file}`, import.meta.url).href;

const HELP = `Usage: npm run bench:big-report -- [options]
  --mb N       uncompressed size of the generated DSR in MB (1024)
  --tracks N   recordings in the catalogue the usage lines name (2000)
  --corrections N%  every line with a NetRevenue, N % of them corrections (negative usages and revenue);
               without it, no revenue column (as before issue 28's corrections)`;

const { args, number } = benchArgs(
  {
    mb: { type: 'string' },
    tracks: { type: 'string' },
    corrections: { type: 'string' },
    serve: { type: 'boolean' },
  },
  HELP,
);
const MB = number(args.mb, 1024, 'mb', 1, 10_240);
const TRACKS = Math.round(number(args.tracks, 2000, 'tracks', 1, 100_000));
const CORRECTIONS = correctionShare(args.corrections);
const NAME = benchDsrName('.tsv.gz');
const isrcOf = (n) => `QZBIG${String(n).padStart(7, '0')}`;

if (args.serve) await serve();
else await drive();

// ---------------------------------------------------------------------------------------------------------------
// The API process.

async function serve() {
  const { startBenchApi } = await import('./bench-api.mjs');
  const { createInMemoryCatalogue } = await import(dist('domains/reports/catalogue.js'));
  const { createReportFiles } = await import(dist('domains/reports/report-files.js'));
  const { loadReportFile } = await import(dist('domains/reports/loader.js'));
  const { openReport } = await import(dist('domains/reports/packed.js'));
  const { parseDsrBatches } = await import(dist('domains/reports/dsr-parser.js'));
  const { createLocalStorage } = await import(dist('platform/storage/index.js'));
  const email = `big-report-${randomUUID()}@bench.test`;
  const api = await startBenchApi({ name: 'big-report', email, lastName: 'Admin' });
  await api.db.query('UPDATE users SET is_admin = true WHERE email = $1', [email]);
  const catalogue = createInMemoryCatalogue(
    Array.from({ length: TRACKS }, (_, n) => ({
      trackId: randomUUID(),
      albumId: randomUUID(),
      accountId: randomUUID(),
      isrc: isrcOf(n),
    })),
  );
  const files = createReportFiles(createLocalStorage(api.dataDir));
  const say = (message) => process.stdout.write(`BENCH ${JSON.stringify(message)}\n`);
  say({ ready: true, url: api.apiUrl, email, password: api.password, pid: process.pid });

  for await (const line of readline.createInterface({ input: process.stdin })) {
    const [command, fileId] = line.split(' ');
    if (command === 'stop') break;
    if (command !== 'load') continue;
    const { rows } = await api.db.query('SELECT name, stored_file FROM report_files WHERE id = $1', [fileId]);
    const { name, stored_file: stored } = rows[0];
    const profile = {};
    const timed = async (phase, work) => {
      const started = performance.now();
      const result = await work();
      profile[phase] = Math.round(performance.now() - started);
      return result;
    };
    const result = await files.withLocalFile(stored, async (local) => {
      let lines = 0;
      await timed('read+gunzip', async () => {
        const { input } = await openReport(local, name);
        for await (const chunk of input) void chunk;
      });
      await timed('read+gunzip+parse', async () => {
        const opened = await openReport(local, name);
        for await (const batch of parseDsrBatches(opened.input, opened.name)) lines += batch.length;
      });
      const phases = {};
      const loaded = await timed('load', () =>
        loadReportFile(api.db, local, {
          catalogue,
          fileId,
          name,
          format: 'DDEX_DSR',
          onPhase: (phase, ms) => (phases[phase] = (phases[phase] ?? 0) + ms),
        }),
      );
      const { rows: mix } = await api.db.query(
        `SELECT count(*) FILTER (WHERE correction)::int AS corrections, count(*)::int AS lines
           FROM revenue_lines WHERE report_file_id = $1`,
        [fileId],
      );
      return { lines, rows: loaded.rows, matched: loaded.matched, phases, revenueLines: mix[0] };
    });
    say({ loaded: true, profile, ...result });
  }
  await api.stop();
}

// ---------------------------------------------------------------------------------------------------------------
// The driver: generates, uploads, samples.

/** The DSR's text, generated a block at a time up to about `bytes`; `counts.lines` is its usage lines. */
async function* dsrText(bytes, counts) {
  const { DSR_HEADERS } = await import(dist('tools/bench/trends.js'));
  const head = benchDsrHead(CORRECTIONS === null ? DSR_HEADERS : withNetRevenue(DSR_HEADERS));
  yield `${head.text}\n`;
  let size = head.text.length;
  let block = 0;
  let chunk = '';
  while (size < bytes) {
    block += 1;
    const usageLines = benchDsrLinesOf(block);
    const isrc = isrcOf(block % TRACKS);
    chunk += benchDsrBlock({
      block,
      isrc,
      usageLines,
      lineBefore: counts.lines,
      summaries: head.summaries,
      corrections: CORRECTIONS,
    });
    counts.lines += usageLines;
    if (chunk.length > 1 << 20) {
      size += chunk.length;
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}FOOT\t0\t${head.summaries}\t${block}\n`;
}

function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) * 1024;
}

async function drive() {
  const child = spawn(
    process.execPath,
    [new URL(import.meta.url).pathname, '--serve', '--tracks', String(TRACKS)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const answers = readline.createInterface({ input: child.stdout });
  const iterator = answers[Symbol.asyncIterator]();
  const next = async () => {
    for (;;) {
      const { value, done } = await iterator.next();
      if (done) throw new Error('The API process ended');
      if (value.startsWith('BENCH ')) return JSON.parse(value.slice(6));
    }
  };
  const ready = await next();
  const peaks = { rest: rssOf(ready.pid), receive: 0, load: 0 };
  let stage = 'receive';
  const sampler = setInterval(() => {
    try {
      peaks[stage] = Math.max(peaks[stage], rssOf(ready.pid));
    } catch {
      // The process ended between two samples.
    }
  }, 100);

  const session = await (
    await fetch(`${ready.url}/v1/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ready.email, password: ready.password }),
    })
  ).json();
  const boundary = `----tunehouse-bench-${randomUUID()}`;
  const counts = { lines: 0 };
  let compressed = 0;
  const started = performance.now();
  const answer = await new Promise((resolve, reject) => {
    const request = http.request(`${ready.url}/v1/admin/reports`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${session.token.accessToken}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    request.on('response', async (response) => {
      let body = '';
      for await (const chunk of response) body += chunk;
      resolve({ status: response.statusCode, body: JSON.parse(body) });
    });
    request.on('error', reject);
    async function* body() {
      yield `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${NAME}"\r\nContent-Type: application/gzip\r\n\r\n`;
      for await (const chunk of Readable.from(dsrText(MB * 1e6, counts)).pipe(
        zlib.createGzip({ level: 6 }),
      )) {
        compressed += chunk.length;
        yield chunk;
      }
      yield `\r\n--${boundary}--\r\n`;
    }
    pipeline(Readable.from(body()), request).catch(reject);
  });
  const uploadSeconds = (performance.now() - started) / 1000;
  if (answer.status !== 202)
    throw new Error(`Upload answered ${answer.status}: ${JSON.stringify(answer.body)}`);

  stage = 'load';
  child.stdin.write(`load ${answer.body.id}\n`);
  const loaded = await next();
  clearInterval(sampler);

  const mib = (value) => `${(value / 1024 ** 2).toFixed(0)} MiB`;
  const loadSeconds = loaded.profile.load / 1000;
  console.log(
    `big-report bench: ${MB} MB DSR (${counts.lines.toLocaleString('en')} usage lines), gzipped to ${mib(compressed)}; load average ${loadAverage()}`,
  );
  console.log(
    `  corrections: ${CORRECTIONS === null ? 'none (no revenue column)' : `${(CORRECTIONS * 100).toFixed(1)} % of the lines asked`}; ` +
      `revenue lines filed ${loaded.revenueLines.lines.toLocaleString('en')}, of them corrections ${loaded.revenueLines.corrections.toLocaleString('en')}`,
  );
  console.log(
    `  upload: ${uploadSeconds.toFixed(1)} s (${(MB / uploadSeconds).toFixed(1)} MB/s uncompressed, generated and gzipped here as it went)`,
  );
  console.log(
    `  API RSS: at rest ${mib(peaks.rest)}, peak receiving ${mib(peaks.receive)}, peak loading ${mib(peaks.load)}`,
  );
  console.log(
    `  load: ${loaded.rows.toLocaleString('en')} rows (${loaded.matched.toLocaleString('en')} matched) in ${loadSeconds.toFixed(1)} s = ${Math.round(loaded.rows / loadSeconds).toLocaleString('en')} lines/s end to end`,
  );
  const rate = (ms) =>
    `${(ms / 1000).toFixed(1)} s (${Math.round(counts.lines / (ms / 1000)).toLocaleString('en')} lines/s)`;
  console.log(
    `  alone: read+gunzip ${rate(loaded.profile['read+gunzip'])}; read+gunzip+parse ${rate(loaded.profile['read+gunzip+parse'])}`,
  );
  console.log(
    `  load phases (ms): ${Object.entries(loaded.phases)
      .map(([phase, ms]) => `${phase} ${ms}`)
      .join(', ')}`,
  );
  // The API process stops its database and removes its folder; it is ended if that takes too long.
  child.stdin.write('stop\n');
  const ended = new Promise((resolve) => child.on('exit', resolve));
  const timer = setTimeout(() => child.kill('SIGTERM'), 30_000);
  await ended;
  clearTimeout(timer);
}
