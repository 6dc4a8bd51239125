import {
  adminUserListQuerySchema,
  adminUserPageSchema,
  adminUserParamsSchema,
  adminUserSchema,
  impersonationAuditPageSchema,
  impersonationAuditQuerySchema,
  impersonationRequestSchema,
  sessionSchema,
} from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { bearer, errorResponses } from '../../platform/route-schemas.js';
import type { AdminService } from './service.js';

/** Admin-only: list users, impersonate, suspend and unsuspend. Impersonation sessions are not admins. */
export function adminRoutes({
  admin,
  auth,
}: {
  admin: AdminService;
  auth: AuthGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const adminOnly = auth.guard({ adminOnly: true });

    app.get(
      '/v1/admin/users',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Users, searched by e-mail or name, paged',
          security: bearer,
          querystring: adminUserListQuerySchema,
          response: { 200: adminUserPageSchema, ...errorResponses },
        },
      },
      async (request) => admin.list(request.query),
    );

    app.get(
      '/v1/admin/impersonations',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'The impersonation audit: which admin viewed the product as which user, and when',
          security: bearer,
          querystring: impersonationAuditQuerySchema,
          response: { 200: impersonationAuditPageSchema, ...errorResponses },
        },
      },
      async (request) => admin.impersonationAudit(request.query),
    );

    app.post(
      '/v1/admin/impersonations',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'A time-limited session for a user, carrying the admin’s e-mail; audited',
          security: bearer,
          body: impersonationRequestSchema,
          response: { 201: sessionSchema, ...errorResponses },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await admin.impersonate(callerOf(request), request.body.userId)),
    );

    for (const action of ['suspend', 'unsuspend'] as const) {
      app.post(
        `/v1/admin/users/:id/${action}`,
        {
          onRequest: adminOnly,
          schema: {
            tags: ['admin'],
            summary:
              action === 'suspend'
                ? 'Suspend the user’s account and end its sessions'
                : 'Lift the suspension of the user’s account',
            security: bearer,
            params: adminUserParamsSchema,
            response: { 200: adminUserSchema, ...errorResponses },
          },
        },
        async (request) => admin.suspend(request.params.id, action === 'suspend'),
      );
    }
  };
}
