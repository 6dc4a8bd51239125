// `npm run bench:api`: GET /v1/users/me with a real session (JWT check, one PostgreSQL read, contract
// serialization, every hook) against a bare Fastify route served by the same process that runs the same session
// query on the same pool, 50 connections each (autocannon). The servers run in a child process so that the load
// generator does not share their event loop. Not part of `npm test`: figures, not assertions (a missed target
// prints MISS; BENCH_FIGURES_DIR hands them to `npm run bench`). BENCH_SECONDS sets each run's length (default
// 10). docs/decisions/0050-api-hot-path.md.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { endpoints, urlOf } from '@tunehouse/contracts';
import { startBenchApi } from './bench-api.mjs';
import { loadAverage, writeFigures } from './figures.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Rounds of users/me then the bare route (BENCH_ROUNDS, default 2); each side's best round is reported. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const CONNECTIONS = 50;
/** Issue 18's budget: users/me at ≥ 0.8 of the bare route's throughput, with a p99 ≤ 20 ms. */
const TARGET_RATIO = 0.8;
const TARGET_P99_MS = 20;

if (process.argv[2] === 'serve') await serve();
else await measure();

/** Child: a temporary embedded PostgreSQL, the real app on one port and a bare Fastify on another. */
async function serve() {
  const { default: Fastify } = await import('fastify');
  const api = await startBenchApi({ name: 'users-me', email: 'bench@example.test', lastName: 'Mark' });
  const login = await api.app.inject({
    method: 'POST',
    url: urlOf(endpoints.sessions.login),
    payload: { email: api.email, password: api.password },
  });
  const me = await api.app.inject({
    url: urlOf(endpoints.users.me),
    headers: { authorization: `Bearer ${login.json().token.accessToken}` },
  });

  // The comparator states the real limit: a bare Fastify route (no plugins, hooks, schemas or logging) doing the
  // same work a session costs — the token's session id read by the same session query on the same pool — and
  // answering the same bytes. What remains between the two is our stack.
  const dist = (file) => new URL(`../dist/${file}`, import.meta.url).href;
  const { loadSessionContext } = await import(dist('domains/sessions/index.js'));
  const { toCurrentUser } = await import(dist('domains/users/index.js'));
  const sessionId = JSON.parse(
    Buffer.from(login.json().token.accessToken.split('.')[1], 'base64url').toString(),
  ).sid;
  if (typeof sessionId !== 'string') throw new Error('the access token names no session (sid)');
  const bare = Fastify();
  bare.get('/bare', async (_request, reply) => {
    const context = await loadSessionContext(api.db, sessionId);
    return reply.type('application/json').send(JSON.stringify(toCurrentUser(context.user)));
  });
  const body = me.body;
  const check = await bare.inject({ url: '/bare' });
  if (check.body !== body) throw new Error(`the bare route answers other bytes:\n${check.body}\n${body}`);
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  console.log(
    JSON.stringify({
      apiUrl: api.apiUrl,
      bareUrl,
      token: login.json().token.accessToken,
      bytes: body.length,
    }),
  );
  const stop = async () => {
    await bare.close();
    await api.stop();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

async function run(title, url, headers = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${title}: ${failed} failed requests`);
  return { title, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** Parent: starts the servers, warms both up, runs autocannon against each and prints the comparison. */
async function measure() {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, [self, 'serve'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const line = await new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const { apiUrl, bareUrl, token, bytes } = JSON.parse(line);
  try {
    const auth = { authorization: `Bearer ${token}` };
    await autocannon({ url: `${apiUrl}/v1/users/me`, connections: 10, duration: 2, headers: auth });
    await autocannon({ url: `${bareUrl}/bare`, connections: 10, duration: 2 });
    const loadBefore = loadAverage();
    // Alternated rounds, the best of each kept: a burst of other work on the machine then weighs on both sides
    // alike instead of on whichever ran during it.
    let api = null;
    let bare = null;
    const best = (a, b) => (a && a.rps >= b.rps ? a : b);
    for (let round = 0; round < ROUNDS; round += 1) {
      api = best(api, await run('GET /v1/users/me', `${apiUrl}/v1/users/me`, auth));
      bare = best(bare, await run('bare route, same query', `${bareUrl}/bare`));
    }
    // The same app without a session or a query: what the plugins and hooks alone cost.
    const health = await run('GET /health', `${apiUrl}/health`);
    const ratio = api.rps / bare.rps;

    console.log(
      `\n${CONNECTIONS} connections, ${SECONDS} s each, best of ${ROUNDS} alternated rounds, ${bytes}-byte JSON ` +
        `answer, Node ${process.version}, ` +
        `load average ${loadBefore} before, ${loadAverage()} after`,
    );
    console.log(`${''.padEnd(22)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
    for (const r of [api, bare, health])
      console.log(
        `${r.title.padEnd(22)} ${r.rps.toFixed(0).padStart(9)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)}`,
      );
    const verdict = (ok) => (ok ? 'ok' : 'MISS');
    console.log(
      `ratio users/me ÷ bare: ${ratio.toFixed(2)} of the throughput (target ≥ ${TARGET_RATIO}) ` +
        `${verdict(ratio >= TARGET_RATIO)}; users/me p99 ${api.p99} ms (target ≤ ${TARGET_P99_MS}) ` +
        `${verdict(api.p99 <= TARGET_P99_MS)}`,
    );
    console.log(
      `ratio /health ÷ bare:  ${(health.rps / bare.rps).toFixed(2)} (plugins and hooks without auth or SQL)`,
    );
    writeFigures('api', [
      { name: 'GET /v1/users/me req/s', value: Math.round(api.rps), unit: 'req/s', better: 'higher' },
      { name: 'bare route (same query) req/s', value: Math.round(bare.rps), unit: 'req/s', better: 'higher' },
      {
        name: 'users/me ÷ bare route',
        value: Number(ratio.toFixed(2)),
        unit: '×',
        budget: TARGET_RATIO,
        better: 'higher',
      },
      { name: 'GET /v1/users/me p99', value: api.p99, unit: 'ms', budget: TARGET_P99_MS, better: 'lower' },
      { name: 'bare route p99', value: bare.p99, unit: 'ms', better: 'lower' },
    ]);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}
