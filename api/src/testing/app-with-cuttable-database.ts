import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.js';
import { createPool, type Db } from '../platform/db.js';
import { startJobs } from '../platform/jobs.js';
import { cuttableProxy } from './cuttable-proxy.js';
import { createTestDatabase, testConfig } from './test-app.js';

export type AppWithCuttableDatabase = {
  app: FastifyInstance;
  /** The test's own way to the database, past the proxy: it still answers while the app's is cut. */
  db: Db;
  /** Drops every connection the app has to PostgreSQL and refuses new ones, as when the server dies. */
  cut: () => Promise<void>;
  /** Lets connections through again on the same port, as when the server is restarted. */
  restore: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * The real application on a fresh database that it reaches only through a cuttable proxy, for the outage tests.
 * Its jobs connect directly: pg-boss's own reconnecting is not what those tests look at.
 */
async function createAppWithCuttableDatabase(): Promise<AppWithCuttableDatabase> {
  const database = await createTestDatabase();
  const direct = new URL(database.url);
  const proxy = await cuttableProxy({ host: direct.hostname, port: Number(direct.port) });
  const viaProxy = new URL(database.url);
  viaProxy.port = String(proxy.port);
  const db = createPool(viaProxy.toString(), 5);
  const jobs = await startJobs({ connectionString: database.url, migrate: false, background: false });
  const app = await buildApp(testConfig(), { db, jobs });
  await app.ready();
  return {
    app,
    db: database.db,
    cut: () => proxy.cut(),
    restore: () => proxy.restore(),
    close: async () => {
      await app.close();
      await jobs.stop();
      await db.end().catch(() => undefined);
      await proxy.close();
      await database.drop();
    },
  };
}

/**
 * That app for the calling test file, built in beforeAll and closed in afterAll: `const outage =
 * appWithCuttableDatabase();` at the top of the file, then `outage()` inside its tests.
 */
export function appWithCuttableDatabase(): () => AppWithCuttableDatabase {
  let current: AppWithCuttableDatabase | undefined;
  beforeAll(async () => {
    current = await createAppWithCuttableDatabase();
  }, 60_000);
  afterAll(() => current?.close());
  return () => {
    if (!current) throw new Error('The app exists once beforeAll has run: use it inside tests');
    return current;
  };
}
