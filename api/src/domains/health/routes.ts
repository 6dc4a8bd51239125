import { endpoints } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuard } from '../../platform/auth-guard.js';
import type { Db } from '../../platform/db.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';

/** Liveness (`/health`: the process answers) and readiness (`/ready`: and PostgreSQL does too). */
export function healthRoutes({ db, auth }: { db: Db; auth: AuthGuard }): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    route(endpoints.health.live, async () => ({
      status: 200,
      body: { status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) },
    }));
    route(endpoints.health.ready, async (request) => {
      try {
        await db.query('SELECT 1');
        return { status: 200, body: { status: 'ok' as const } };
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        return { status: 503, body: { status: 'unavailable' as const } };
      }
    });
  };
}
