import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { createReleaseDelivery } from '../composition.js';
import type { DeliveryService } from '../domains/delivery/index.js';
import { createAudioStore, workAudioPreviews } from '../domains/media/index.js';
import { type AppConfig, loadConfig } from '../platform/config.js';
import { createPool, type Db } from '../platform/db.js';
import { type Jobs, startJobs } from '../platform/jobs.js';
import { createMediaStorage } from '../platform/storage/index.js';

/** A database of its own for one test file, cloned from the migrated template of the run (or an empty one). */
export async function createTestDatabase({ empty = false }: { empty?: boolean } = {}): Promise<{
  url: string;
  db: Db;
  drop: () => Promise<void>;
}> {
  const { adminUrl, template: migrated } = inject('postgres');
  const template = empty ? 'template0' : migrated;
  const name = `test_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (error) {
        // Two files cloning at the same instant: "source database is being accessed by other users".
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createPool(url.toString(), 5);
  return {
    url: url.toString(),
    db,
    drop: async () => {
      await db.end();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The production defaults (one source: loadConfig), quiet, with throwaway secrets and no bot check. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({
      // Under the run's folder, which the global teardown removes: nothing is left in the system's temp folder.
      DATA_DIR: path.join(inject('runDir'), `data-${process.pid}`),
      JWT_SECRET: randomBytes(32).toString('base64url'),
      BOT_CHECK_HMAC_KEY: randomBytes(32).toString('base64url'),
      BOT_CHECK: 'off',
      LOG_LEVEL: 'silent',
      // Tests log in far more often per minute than a person; the rate-limit tests set 1.
      RATE_LIMIT_FACTOR: '1000',
      // Suites invite the same few addresses all day; the invite-mail limit tests set their own.
      SPLIT_INVITE_MAILS_PER_SENDER_DAY: '10000',
      SPLIT_INVITE_MAILS_PER_ADDRESS_DAY: '10000',
      SEED_DEMO: 'false',
      // Tests never download DDEX's schema: with no copy at hand, simulated platforms check well-formedness only.
      DDEX_SCHEMA_DOWNLOAD: 'false',
    }),
    ...overrides,
  };
}

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  jobs: Jobs;
  url: string;
  config: AppConfig;
  /** With `{ delivery: 'ddex' }`: the DDEX delivery service behind the app's DeliveryPort (not worked until asked). */
  delivery: DeliveryService | undefined;
  close: () => Promise<void>;
};

/**
 * The real application on a fresh database, driven through `app.inject()`. Jobs are enqueued for real (pg-boss)
 * but not worked, so a test reads the outbox to see what would be mailed — except MP3 previews, worked as main.ts
 * does while `audioPreviewWorker` is on. `beforeReady` may add routes.
 *
 * Accepted releases go to the recording DeliveryPort (`release_delivery_requests`) unless `delivery: 'ddex'`: then
 * to the DDEX delivery service as main.ts wires it (`createReleaseDelivery`), whose jobs run once the test calls
 * `delivery.work()`.
 *
 * With `ownDataDir: 'name'` the app keeps its files (media, secrets) in a folder of its own under the system's
 * temporary folder, `tunehouse-name-…`, which close() removes.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  beforeReady?: (app: FastifyInstance) => void,
  {
    delivery: deliveryMode = 'recording',
    ownDataDir,
  }: { delivery?: 'recording' | 'ddex'; ownDataDir?: string } = {},
): Promise<TestApp> {
  const dataDir = ownDataDir ? fs.mkdtempSync(path.join(os.tmpdir(), `tunehouse-${ownDataDir}-`)) : undefined;
  const database = await createTestDatabase();
  const jobs = await startJobs({ connectionString: database.url, migrate: false, background: false });
  const config = testConfig({ ...(dataDir ? { dataDir } : {}), ...overrides });
  const storage = createMediaStorage(config);
  if (config.audioPreviewWorker)
    await workAudioPreviews({ db: database.db, jobs, audio: createAudioStore(storage) });
  const delivery =
    deliveryMode === 'ddex' ? createReleaseDelivery(config, { db: database.db, jobs, storage }) : undefined;
  const app = await buildApp(config, {
    db: database.db,
    jobs,
    storage,
    ...(delivery ? { delivery: delivery.port } : {}),
  });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    jobs,
    url: database.url,
    config,
    delivery: delivery?.service,
    close: async () => {
      await app.close();
      await jobs.stop();
      await database.drop();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
