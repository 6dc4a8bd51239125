import type { Endpoint } from '@tunehouse/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db.js';
import { ENDPOINT_CONFIG_KEY } from '../../platform/endpoint-routes.js';

/** The endpoint a request was routed to, as the registrar put it in the route's config. */
function endpointOf(request: FastifyRequest): Endpoint | undefined {
  return (request.routeOptions.config as { [ENDPOINT_CONFIG_KEY]?: Endpoint })[ENDPOINT_CONFIG_KEY];
}

/**
 * Records, as the answer leaves (onSend: its status is final, and the row is written before the caller can read the
 * log, which an onResponse hook, run after the answer has gone, could not promise): every successful call of an admin endpoint that changes something (any method
 * but GET), and every call but a GET made while an administrator impersonates a user, allowed or refused
 * (decision 0061) — who, as whom, what (the endpoint's summary and route), on what (the path parameters) and the
 * status. A failure to record is logged, never turned into the caller's error.
 */
export function recordAdminActions(app: FastifyInstance, db: Db) {
  app.addHook('onSend', async (request, reply, payload) => {
    await record(request, reply.statusCode);
    return payload;
  });

  async function record(request: FastifyRequest, status: number): Promise<void> {
    const endpoint = endpointOf(request);
    if (!endpoint || endpoint.method === 'GET' || !request.auth) return;
    const { session, user } = request.auth;
    const impersonating = session.impersonatorId !== null;
    if (!impersonating && (endpoint.metadata.access !== 'admin' || status >= 400)) return;
    try {
      await db.query(
        `INSERT INTO admin_audit_events (admin_id, action, method, route, params, status, impersonated_user_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          session.impersonatorId ?? user.id,
          endpoint.summary ?? `${endpoint.method} ${endpoint.path}`,
          endpoint.method,
          endpoint.path,
          JSON.stringify(request.params ?? {}),
          status,
          impersonating ? user.id : null,
        ],
      );
    } catch (error) {
      request.log.error({ err: error, route: endpoint.path }, 'admin action not recorded in the audit log');
    }
  }
}
