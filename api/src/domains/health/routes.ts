import { serviceStatusSchema } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.js';

/** Liveness (`/health`: the process answers) and readiness (`/ready`: and PostgreSQL does too). */
export function healthRoutes({ db }: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      { schema: { tags: ['health'], response: { 200: serviceStatusSchema } } },
      async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
    );
    app.get(
      '/ready',
      { schema: { tags: ['health'], response: { 200: serviceStatusSchema, 503: serviceStatusSchema } } },
      async (request, reply) => {
        try {
          await db.query('SELECT 1');
          return { status: 'ok' as const };
        } catch (error) {
          request.log.warn({ err: error }, 'database not reachable');
          return reply.code(503).send({ status: 'unavailable' as const });
        }
      },
    );
  };
}
