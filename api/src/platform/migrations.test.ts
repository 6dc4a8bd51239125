import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-app.js';
import type { Db } from './db.js';
import { migrate, MIGRATIONS_DIR, readMigrations } from './migrations.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.drop());

function copyOfMigrations(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-migrations-'));
  for (const file of fs.readdirSync(MIGRATIONS_DIR))
    fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
  return dir;
}

describe('forward-only migrations', () => {
  it('applies nothing twice', async () => {
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((row) => row.version)).toEqual(readMigrations().map((m) => m.version));
  });

  it('applies a new file in its own transaction and rolls a failing one back entirely', async () => {
    const dir = copyOfMigrations();
    const next = readMigrations().length + 1;
    const name = (n: number, rest: string) => `${String(n).padStart(4, '0')}_${rest}.sql`;
    fs.writeFileSync(path.join(dir, name(next, 'good')), 'CREATE TABLE migration_probe (id int);');
    fs.writeFileSync(
      path.join(dir, name(next + 1, 'broken')),
      'CREATE TABLE half_done (id int); SELECT FROM nowhere;',
    );
    await expect(migrate(db, dir)).rejects.toThrow(/broken failed/);
    const tables = await db.query(
      `SELECT table_name FROM information_schema.tables WHERE table_name IN ('migration_probe', 'half_done')`,
    );
    expect(tables.rows).toEqual([{ table_name: 'migration_probe' }]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses an applied file that changed, and a gap in the numbering', async () => {
    const dir = copyOfMigrations();
    fs.appendFileSync(path.join(dir, '0001_accounts_and_sessions.sql'), '\n-- edited later\n');
    await expect(migrate(db, dir)).rejects.toThrow(/changed after it was applied/);
    fs.rmSync(dir, { recursive: true, force: true });

    const gap = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-migrations-'));
    fs.writeFileSync(path.join(gap, '0001_a.sql'), 'SELECT 1;');
    fs.writeFileSync(path.join(gap, '0003_c.sql'), 'SELECT 1;');
    expect(() => readMigrations(gap)).toThrow(/Migration 2 is missing/);
    fs.rmSync(gap, { recursive: true, force: true });
  });

  it('lets several processes migrate one database at once: each file is applied exactly once', async () => {
    const fresh = await createTestDatabase({ empty: true });
    const results = await Promise.all([migrate(fresh.db), migrate(fresh.db), migrate(fresh.db)]);
    const all = readMigrations().map((m) => `${String(m.version).padStart(4, '0')}_${m.name}`);
    expect(results.flat().sort()).toEqual(all);
    expect(results.filter((applied) => applied.length > 0)).toHaveLength(1);
    await fresh.drop();
  });
});
