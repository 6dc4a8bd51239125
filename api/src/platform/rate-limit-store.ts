import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db, Queryable } from './db.js';

/**
 * One hit: a fresh window starts at 1, a running one counts up; the answer is the count and the window's
 * remaining milliseconds. One statement, so two processes counting the same key at once both land in the row.
 */
const HIT = `
  INSERT INTO rate_limit_counters AS c (key, hits, resets_at)
  VALUES ($1, 1, clock_timestamp() + make_interval(secs => $2::double precision / 1000))
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN c.resets_at <= clock_timestamp() THEN 1 ELSE c.hits + 1 END,
    resets_at = CASE WHEN c.resets_at <= clock_timestamp() THEN EXCLUDED.resets_at ELSE c.resets_at END
  RETURNING hits, greatest(0, ceil(extract(epoch FROM c.resets_at - clock_timestamp()) * 1000))::int AS ttl`;

/**
 * Counts one hit on a counter of `rate_limit_counters` outside the rate-limit plugin (a limit on something other than
 * requests per address, such as invite mails per sender), in `q` — inside a transaction the hit is undone with it.
 * Answers the hits in the running window, this one included.
 */
export async function countHit(q: Queryable, key: string, windowMs: number): Promise<number> {
  const { rows } = await q.query<{ hits: number }>(HIT, [key, windowMs]);
  return rows[0]!.hits;
}

/**
 * A @fastify/rate-limit store on PostgreSQL (`rate_limit_counters`, migration 0018): the counters are shared by
 * every API process on the database, so a limit holds across processes (docs/decisions/0055-several-api-processes.md).
 * Each route's counters are kept apart by a key prefix (its method and URL), as the plugin's own stores do.
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class PostgresStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      db.query<{ hits: number; ttl: number }>(HIT, [`${this.prefix}${key}`, timeWindow]).then(
        ({ rows: [row] }) => callback(null, { current: row!.hits, ttl: row!.ttl }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin hands the route's merged rate-limit options with the route under `routeInfo` (its own stores
      // read it there); its typings name the route options themselves.
      const merged = routeOptions as unknown as { routeInfo?: { method?: unknown; url?: unknown } };
      const method = String(merged.routeInfo?.method ?? '');
      const url = String(merged.routeInfo?.url ?? '');
      return new PostgresStore(undefined, `${this.prefix}${method} ${url} `);
    }
  }
  return PostgresStore;
}
