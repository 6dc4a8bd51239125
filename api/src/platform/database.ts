import path from 'node:path';
import type { AppConfig } from './config.js';
import { ensureDatabase, startEmbeddedPostgres } from './embedded-postgres.js';

export const EMBEDDED_DATABASE = 'tunehouse';

/**
 * The database to use: DATABASE_URL when set, otherwise the embedded server under `<DATA_DIR>/pg`, started now
 * (and its `tunehouse` database created on first start). `stop` stops what this call started.
 */
export async function provideDatabase(
  config: AppConfig,
  log: (message: string) => void,
): Promise<{ url: string; stop: () => Promise<void> }> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => undefined };
  const server = await startEmbeddedPostgres({
    dir: path.join(config.dataDir, 'pg'),
    port: config.embeddedPgPort,
    secretsDir: config.dataDir,
    log,
  });
  await ensureDatabase(server.urlFor('postgres'), EMBEDDED_DATABASE);
  return { url: server.urlFor(EMBEDDED_DATABASE), stop: server.stop };
}
