import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPool } from '../platform/db.js';
import { ensureDatabase, startEmbeddedPostgres } from '../platform/embedded-postgres.js';
import { startJobs } from '../platform/jobs.js';
import { migrate } from '../platform/migrations.js';

export const TEMPLATE_DATABASE = 'tunehouse_template';

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: { adminUrl: string; template: string };
    /** The run's temporary folder: each test process keeps its data folder (media, secrets) under it. */
    runDir: string;
  }
}

/**
 * A loopback port free at this moment for an embedded PostgreSQL, chosen below the system's ephemeral range, where
 * no outgoing connection lands while the cluster is made and started (the repository's one port picker,
 * tools/testing/free-port.mjs, says why). Reached by its path: it is outside this package's sources.
 */
export async function freePort(): Promise<number> {
  const picker = new URL('../../../tools/testing/free-port.mjs', import.meta.url).href;
  const { freePort: pick } = (await import(picker)) as { freePort: () => Promise<number> };
  return pick();
}

/**
 * One real PostgreSQL for the whole run, in a temporary folder on a free port, with a template database that
 * has every migration and pg-boss's schema. Each test file clones it (CREATE DATABASE … TEMPLATE), which takes
 * milliseconds, and so never sees another file's rows.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-api-test-'));
  const server = await startEmbeddedPostgres({
    dir: path.join(dir, 'pg'),
    port: await freePort(),
    secretsDir: dir,
  });
  try {
    await ensureDatabase(server.urlFor('postgres'), TEMPLATE_DATABASE);
    const templateUrl = server.urlFor(TEMPLATE_DATABASE);
    const pool = createPool(templateUrl, 1);
    await migrate(pool);
    await pool.end();
    const jobs = await startJobs({ connectionString: templateUrl, migrate: true, background: false });
    await jobs.stop();
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide('postgres', { adminUrl: server.urlFor('postgres'), template: TEMPLATE_DATABASE });
  project.provide('runDir', dir);
  return async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
