import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-app.js';
import { createPool, type Db } from './db.js';

// A server initialised in New York: its sessions default to that zone unless the API says otherwise.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: Db;
const name = () => new URL(database.url).pathname.slice(1);

beforeAll(async () => {
  database = await createTestDatabase({ empty: true });
  await database.db.query(`ALTER DATABASE ${name()} SET timezone = 'America/New_York'`);
  pool = createPool(database.url, 2);
});
afterAll(async () => {
  await pool.end();
  await database.drop();
});

const dateOf = async (query: (text: string) => Promise<{ rows: { day: string }[] }>) =>
  (await query(`SELECT ('2026-12-01T02:00:00Z'::timestamptz)::date::text AS day`)).rows[0]!.day;

it('runs the API’s sessions in UTC whatever the server’s default zone, so an instant falls on its UTC day', async () => {
  const plain = new pg.Client({ connectionString: database.url });
  await plain.connect();
  try {
    expect((await plain.query<{ TimeZone: string }>('SHOW TimeZone')).rows[0]!.TimeZone).toBe(
      'America/New_York',
    );
    expect(await dateOf((text) => plain.query(text))).toBe('2026-11-30');
  } finally {
    await plain.end();
  }
  expect((await pool.query<{ TimeZone: string }>('SHOW TimeZone')).rows[0]!.TimeZone).toBe('UTC');
  expect(await dateOf((text) => pool.query(text))).toBe('2026-12-01');
});
