import type { Endpoint } from '@tunehouse/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db.js';
import { ENDPOINT_CONFIG_KEY } from '../../platform/endpoint-routes.js';

/** The endpoint a request was routed to, as the registrar put it in the route's config. */
function endpointOf(request: FastifyRequest): Endpoint | undefined {
  return (request.routeOptions.config as { [ENDPOINT_CONFIG_KEY]?: Endpoint })[ENDPOINT_CONFIG_KEY];
}

/**
 * Records every successful call of an admin endpoint that changes something (any method but GET), after the
 * answer is sent: who, what (the endpoint's summary and route), on what (the path parameters) and the status.
 * A failure to record is logged, never turned into the caller's error — the change has already happened.
 */
export function recordAdminActions(app: FastifyInstance, db: Db) {
  app.addHook('onResponse', async (request, reply) => {
    const endpoint = endpointOf(request);
    if (!endpoint || endpoint.metadata.access !== 'admin' || endpoint.method === 'GET') return;
    if (reply.statusCode >= 400 || !request.auth) return;
    try {
      await db.query(
        `INSERT INTO admin_audit_events (admin_id, action, method, route, params, status)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          request.auth.user.id,
          endpoint.summary ?? `${endpoint.method} ${endpoint.path}`,
          endpoint.method,
          endpoint.path,
          JSON.stringify(request.params ?? {}),
          reply.statusCode,
        ],
      );
    } catch (error) {
      request.log.error({ err: error, route: endpoint.path }, 'admin action not recorded in the audit log');
    }
  });
}
