import { endpoints } from '@tunehouse/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuard } from '../../platform/auth-guard.js';
import type { Db } from '../../platform/db.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';

/** A probe must answer quickly even when PostgreSQL hangs rather than refuses. */
const DATABASE_PROBE_MS = 2000;

async function databaseAnswers(db: Db, log: FastifyBaseLogger): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.query('SELECT 1'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer in time')), DATABASE_PROBE_MS);
      }),
    ]);
    return true;
  } catch (error) {
    log.warn({ err: error }, 'database not reachable');
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness (`/health`: the process answers, and says whether PostgreSQL does) and readiness (`/ready`: 200 only
 * when PostgreSQL answers). Liveness stays 200 while the database is away: restarting the API would not bring it
 * back, and `npm start` restarts its embedded PostgreSQL itself.
 */
export function healthRoutes({ db, auth }: { db: Db; auth: AuthGuard }): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    route(endpoints.health.live, async (request) => {
      const up = await databaseAnswers(db, request.log);
      return {
        status: 200,
        body: {
          status: up ? ('ok' as const) : ('degraded' as const),
          uptimeSeconds: Math.round(process.uptime()),
          database: up ? ('up' as const) : ('down' as const),
        },
      };
    });
    route(endpoints.health.ready, async (request) => {
      const up = await databaseAnswers(db, request.log);
      return up
        ? { status: 200, body: { status: 'ok' as const, database: 'up' as const } }
        : { status: 503, body: { status: 'unavailable' as const, database: 'down' as const } };
    });
  };
}
