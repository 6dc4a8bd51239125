// `npm run bench:api`: GET /v1/users/me with a real session (JWT check, one PostgreSQL read, contract
// serialization, every hook) against a bare Fastify route served by the same process, 50 connections each
// (autocannon). The servers run in a child process so that the load generator does not share their event loop.
// Not part of `npm test`: figures, not assertions. BENCH_SECONDS sets the duration of each run (default 10).
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { endpoints, urlOf } from '@tunehouse/contracts';
import { startBenchApi } from './bench-api.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

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

  // The bare route answers the same bytes, so the difference is our stack, not the payload.
  const bare = Fastify();
  const body = me.body;
  bare.get('/bare', async (_request, reply) => reply.type('application/json').send(body));
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
    const api = await run('GET /v1/users/me', `${apiUrl}/v1/users/me`, auth);
    const bare = await run('bare Fastify route', `${bareUrl}/bare`);
    // The same app without a session or a query: what the plugins and hooks alone cost.
    const health = await run('GET /health', `${apiUrl}/health`);

    console.log(
      `\n${CONNECTIONS} connections, ${SECONDS} s each, ${bytes}-byte JSON answer, Node ${process.version}`,
    );
    console.log(`${''.padEnd(20)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
    for (const r of [api, health, bare])
      console.log(
        `${r.title.padEnd(20)} ${r.rps.toFixed(0).padStart(9)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)}`,
      );
    console.log(`ratio users/me ÷ bare: ${(api.rps / bare.rps).toFixed(2)} of the throughput`);
    console.log(
      `ratio /health ÷ bare:   ${(health.rps / bare.rps).toFixed(2)} (plugins and hooks without auth or SQL)`,
    );
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}
