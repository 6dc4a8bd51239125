import { CREDIT_ROLES, endpoints } from '@tunehouse/contracts';
import { expect, it } from 'vitest';
import { appWithCuttableDatabase } from '../testing/app-with-cuttable-database.js';
import { injectOf } from '../testing/endpoint-inject.js';
import { createUser, login } from '../testing/fixtures.js';

/**
 * PostgreSQL cut and restored while writes keep coming (database-outage.test.ts checks the answers one request at a
 * time): several clients create contributors without pause, the database goes away under them and comes back. Every
 * answer is a 201 or a 503 with Retry-After — never a 500, never a request left hanging — and nothing is lost:
 * every write answered 201 is in the database afterwards. A write answered 503 may have committed only when the cut
 * fell between its commit and its answer, so at most one per client is there unannounced.
 */
const outage = appWithCuttableDatabase();

const CLIENTS = 4;

it('under a steady stream of writes: 503s while the database is away, then recovery with nothing lost', async () => {
  const { app, db, cut, restore } = outage();
  const user = await createUser(db);
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
  await cut();
  await reached(40);
  phase = 'back';
  await restore();
  await reached(40);
  running = false;
  await Promise.all(clients);

  console.log(
    `database outage under load: ${sent} writes from ${CLIENTS} clients — ${[...statuses]
      .map(([status, count]) => `${count} × ${status}`)
      .join(', ')}; 5xx other than 503: ${unexpected.length}`,
  );
  expect(unexpected).toEqual([]);
  const { rows } = await db.query<{ id: string }>('SELECT id::text FROM contributors WHERE account_id = $1', [
    user.account.id,
  ]);
  const stored = new Set(rows.map(({ id }) => id));
  expect(created.filter((id) => !stored.has(id))).toEqual([]);
  expect(stored.size - created.length).toBeLessThanOrEqual(CLIENTS);
}, 120_000);
