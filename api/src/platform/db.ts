import pg from 'pg';

/** Anything that runs a query: the pool, or one client inside a transaction. Repositories take this. */
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;
export type Db = pg.Pool;

/**
 * A client whose connection broke emits 'error'. With no listener, Node throws that event and the process dies:
 * pg-pool listens only while a client is idle in the pool (and during `pool.query`), so a client checked out
 * for a transaction — idle between two statements, or waiting on one — had none, and PostgreSQL dying under
 * transactional load took the API with it. The error is not lost: the query waiting on it fails with it, and the
 * next query on that client fails with "Client has encountered a connection error and is not queryable"; both
 * answer 503 (isDatabaseUnavailable). So the listener only keeps the event from being thrown.
 */
export function ignoreConnectionErrors(client: pg.Client | pg.PoolClient): void {
  client.on('error', () => undefined);
}

/**
 * Every session runs in UTC. Months, days and "yesterday" are UTC dates in the product (a period is a UTC month, a
 * close is booked at a UTC instant), and SQL that turns a timestamp into a date — `date_trunc('month', now())`, a
 * timestamptz compared with a date — uses the session's zone. The server's own default is whatever the machine it
 * was initialised on said (initdb reads TZ), so a server in New York would otherwise put the demo's close and a plan's
 * early-bird date on another day than the code beside it.
 */
const SESSION_OPTIONS = '-c TimeZone=UTC';

export function createPool(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: 'tunehouse-api',
    options: SESSION_OPTIONS,
  });
  // An idle client losing its connection must not crash the process; the next checkout reconnects.
  pool.on('error', () => undefined);
  // Nor one that is checked out: every client gets its own listener for its whole life (see above).
  pool.on('connect', ignoreConnectionErrors);
  return pool;
}

/**
 * Rolls back and hands the client back to the pool — or, when the rollback failed (its connection broke), hands it
 * back with that error so the pool discards it instead of lending out a client in an unknown state.
 */
export async function rollbackAndRelease(client: pg.PoolClient): Promise<void> {
  const failed = await client.query('ROLLBACK').then(
    () => undefined,
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  );
  client.release(failed);
}

/** Runs `work` in one transaction on one client, committing on success and rolling back on any error. */
export async function withTransaction<T>(db: Db, work: (tx: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  let result: T;
  try {
    await client.query('BEGIN');
    result = await work(client);
    await client.query('COMMIT');
  } catch (error) {
    await rollbackAndRelease(client);
    throw error;
  }
  client.release();
  return result;
}

export function iso(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}
