import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, it } from 'vitest';
import { freePort } from '../testing/global-setup.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

it('restarts the embedded PostgreSQL when it dies, and stops cleanly afterwards', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-pg-supervision-'));
  const messages: string[] = [];
  const server = await startEmbeddedPostgres({
    dir: path.join(dir, 'pg'),
    port: await freePort(),
    secretsDir: dir,
    log: (message) => messages.push(message),
  });
  try {
    const url = server.urlFor('postgres');
    expect(await answers(url)).toBe(true);
    const first = server.pid();
    expect(first).toBeGreaterThan(0);

    process.kill(first!, 'SIGKILL');
    await expect
      .poll(() => server.pid() !== first && answers(url), { timeout: 60_000, interval: 500 })
      .toBe(true);
    expect(messages.join('\n')).toMatch(/stopped unexpectedly[\s\S]*restarted/);
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
