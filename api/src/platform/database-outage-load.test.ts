import { CREDIT_ROLES, endpoints } from '@tunehouse/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { injectOf } from '../testing/endpoint-inject.js';
import { cuttableProxy } from '../testing/cuttable-proxy.js';
import { createUser, login } from '../testing/fixtures.js';
import { createTestDatabase, testConfig } from '../testing/test-app.js';
import { createPool } from './db.js';
import { startJobs } from './jobs.js';

/**
 * PostgreSQL cut and restored while writes keep coming (database-outage.test.ts checks the answers one request at a
 * time): several clients create contributors without pause, the database goes away under them and comes back. Every
 * answer is a 201 or a 503 with Retry-After — never a 500, never a request left hanging — and nothing is lost:
 * every write answered 201 is in the database afterwards. A write answered 503 may have committed only when the cut
 * fell between its commit and its answer, so at most one per client is there unannounced.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
let close: () => Promise<void>;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await createTestDatabase();
  const url = new URL(database.url);
  proxy = await cuttableProxy({ host: url.hostname, port: Number(url.port) });
  const viaProxy = new URL(database.url);
  viaProxy.port = String(proxy.port);
  const db = createPool(viaProxy.toString(), 5);
  const jobs = await startJobs({ connectionString: database.url, migrate: false, background: false });
  app = await buildApp(testConfig(), { db, jobs });
  await app.ready();
  close = async () => {
    await app.close();
    await jobs.stop();
    await db.end().catch(() => undefined);
    await proxy.close();
    await database.drop();
  };
}, 60_000);
afterAll(() => close());

const CLIENTS = 4;

it('under a steady stream of writes: 503s while the database is away, then recovery with nothing lost', async () => {
  const user = await createUser(database.db);
  const session = await login(app, user.email);
  const created: string[] = [];
  const statuses = new Map<number, number>();
  const unexpected: string[] = [];
  let phase: 'before' | 'away' | 'back' = 'before';
  const seen = { before: 0, away: 0, back: 0 };
  let running = true;
  let sent = 0;

  const client = async (n: number) => {
    while (running) {
      sent += 1;
      const answer = await app.inject(
        injectOf(
          endpoints.contributors.create,
          { body: { name: `Writer ${n}-${sent}`, role: CREDIT_ROLES[0] } },
          { session },
        ),
      );
      statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
      if (answer.statusCode === 201) created.push(String((answer.json() as { id: string | number }).id));
      else if (answer.statusCode !== 503 || answer.headers['retry-after'] !== '5')
        unexpected.push(`${answer.statusCode} ${answer.body}`);
      if (answer.statusCode === (phase === 'away' ? 503 : 201)) seen[phase] += 1;
    }
  };
  /** Waits for the clients to have seen `count` answers of the phase (a state of the run, not a time). */
  const reached = async (count: number) => {
    while (seen[phase] < count && unexpected.length === 0)
      await new Promise((resolve) => setTimeout(resolve, 20));
  };

  const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
  await reached(40);
  phase = 'away';
  await proxy.cut();
  await reached(40);
  phase = 'back';
  await proxy.restore();
  await reached(40);
  running = false;
  await Promise.all(clients);

  console.log(
    `database outage under load: ${sent} writes from ${CLIENTS} clients — ${[...statuses]
      .map(([status, count]) => `${count} × ${status}`)
      .join(', ')}; 5xx other than 503: ${unexpected.length}`,
  );
  expect(unexpected).toEqual([]);
  const { rows } = await database.db.query<{ id: string }>(
    'SELECT id::text FROM contributors WHERE account_id = $1',
    [user.account.id],
  );
  const stored = new Set(rows.map(({ id }) => id));
  expect(created.filter((id) => !stored.has(id))).toEqual([]);
  expect(stored.size - created.length).toBeLessThanOrEqual(CLIENTS);
}, 120_000);
