import { endpoints } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuard } from '../../platform/auth-guard.js';
import type { Db } from '../../platform/db.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import { listAdminAudit } from './audit-log.js';

/** The audit log of administrators' changes, for administrators. */
export function auditRoutes({ db, auth }: { db: Db; auth: AuthGuard }): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    route(endpoints.audit.list, async (request) => ({
      status: 200,
      body: await listAdminAudit(db, request.query),
    }));
  };
}
