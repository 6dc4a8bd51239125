// What every API benchmark starts from: the built app (api/dist) on a temporary embedded PostgreSQL, migrated,
// with one verified user, listening on a free loopback port. Nothing touches the user's data.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dist = (file) => new URL(`../dist/${file}`, import.meta.url).href;

/**
 * Starts the API for a benchmark. Jobs are not worked (background: false): a queued job (e.g. the MP3 preview)
 * must not run during a measurement. `stop()` ends everything and removes the temporary folder.
 */
export async function startBenchApi({ name, email, lastName }) {
  const { buildApp } = await import(dist('app.js'));
  const { loadConfig } = await import(dist('platform/config.js'));
  const { createPool } = await import(dist('platform/db.js'));
  const { startEmbeddedPostgres, ensureDatabase } = await import(dist('platform/embedded-postgres.js'));
  const { startJobs } = await import(dist('platform/jobs.js'));
  const { migrate } = await import(dist('platform/migrations.js'));
  const { hashPassword } = await import(dist('platform/passwords.js'));
  const { insertUser } = await import(dist('domains/users/repository.js'));

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tunehouse-bench-${name}-`));
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
    email,
    passwordHash: await hashPassword(password),
    firstName: 'Bench',
    lastName,
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
  return {
    app,
    db,
    apiUrl,
    dataDir: dir,
    email,
    password,
    async stop() {
      await app.close();
      await jobs.stop();
      await db.end();
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
