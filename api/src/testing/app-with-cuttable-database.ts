import type { FastifyInstance } from 'fastify';
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
export async function createAppWithCuttableDatabase(): Promise<AppWithCuttableDatabase> {
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
