// `npm run bench:api`: GET /v1/users/me with a real session (JWT check, one PostgreSQL read, contract
// serialization, every hook) against a bare Fastify route served by the same process, 50 connections each
// (autocannon). The servers run in a child process so that the load generator does not share their event loop.
// Not part of `npm test`: figures, not assertions. BENCH_SECONDS sets the duration of each run (default 10).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const dist = (file) => new URL(`../dist/${file}`, import.meta.url).href;

if (process.argv[2] === 'serve') await serve();
else await measure();

/** Child: a temporary embedded PostgreSQL, the real app on one port and a bare Fastify on another. */
async function serve() {
  const { default: Fastify } = await import('fastify');
  const { buildApp } = await import(dist('app.js'));
  const { loadConfig } = await import(dist('platform/config.js'));
  const { createPool } = await import(dist('platform/db.js'));
  const { startEmbeddedPostgres, ensureDatabase } = await import(dist('platform/embedded-postgres.js'));
  const { startJobs } = await import(dist('platform/jobs.js'));
  const { migrate } = await import(dist('platform/migrations.js'));
  const { hashPassword } = await import(dist('platform/passwords.js'));
  const { insertUser } = await import(dist('domains/users/repository.js'));

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-bench-'));
  const server = await startEmbeddedPostgres({
    dir: path.join(dir, 'pg'),
    port: 20_000 + Math.floor(Math.random() * 20_000),
    secretsDir: dir,
  });
  await ensureDatabase(server.urlFor('postgres'), 'bench');
  const url = server.urlFor('bench');
  const db = createPool(url, 10);
  await migrate(db);
  const jobs = await startJobs({ connectionString: url, background: false });
  const password = 'bench password 1234';
  await insertUser(db, {
    email: 'bench@example.test',
    passwordHash: await hashPassword(password),
    firstName: 'Bench',
    lastName: 'Mark',
    emailVerified: true,
  });
  const config = loadConfig({
    DATA_DIR: dir,
    DATABASE_URL: url,
    BOT_CHECK: 'off',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_FACTOR: '1000',
    SEED_DEMO: 'false',
  });
  const app = await buildApp(config, { db, jobs });
  const apiUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await app.inject({
    method: 'POST',
    url: '/v1/sessions',
    payload: { email: 'bench@example.test', password },
  });
  const me = await app.inject({
    url: '/v1/users/me',
    headers: { authorization: `Bearer ${login.json().token.accessToken}` },
  });

  // The bare route answers the same bytes, so the difference is our stack, not the payload.
  const bare = Fastify();
  const body = me.body;
  bare.get('/bare', async (_request, reply) => reply.type('application/json').send(body));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  console.log(JSON.stringify({ apiUrl, bareUrl, token: login.json().token.accessToken, bytes: body.length }));
  const stop = async () => {
    await bare.close();
    await app.close();
    await jobs.stop();
    await db.end();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
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
