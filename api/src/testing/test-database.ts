import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../platform/db.js';
import { createTestDatabase } from './test-app.js';

/**
 * A database of its own for the calling test file (cloned from the migrated template in beforeAll, dropped in
 * afterAll), as a pool usable in every test: `const db = testDatabasePool();` at the top of the file replaces the
 * before/after boilerplate. Reading it outside a test (before beforeAll ran) is an error.
 */
export function testDatabasePool(): Db {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());
  const pool = (): Db => {
    if (!database) throw new Error('The test database exists once beforeAll has run: use it inside tests');
    return database.db;
  };
  return new Proxy({} as Db, {
    get: (_target, property) => {
      const value: unknown = Reflect.get(pool(), property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(pool()) : value;
    },
    has: (_target, property) => Reflect.has(pool(), property),
  });
}
