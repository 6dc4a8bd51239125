import pg from 'pg';

/** Anything that runs a query: the pool, or one client inside a transaction. Repositories take this. */
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;
export type Db = pg.Pool;

export function createPool(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max, application_name: 'tunehouse-api' });
  // An idle client losing its connection must not crash the process; the next checkout reconnects.
  pool.on('error', () => undefined);
  return pool;
}

/** Runs `work` in one transaction on one client, committing on success and rolling back on any error. */
export async function withTransaction<T>(db: Db, work: (tx: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export function iso(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}
