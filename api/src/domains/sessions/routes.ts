import {
  loginRequestSchema,
  refreshSessionRequestSchema,
  sessionSchema,
  verifySessionRequestSchema,
} from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import type { RateLimits } from '../../platform/rate-limits.js';
import { bearer, errorResponses, noContent } from '../../platform/route-schemas.js';
import type { SessionService } from './service.js';

type Deps = { sessions: SessionService; auth: AuthGuard; rateLimits: RateLimits };

/** Spec §7 Session and user: login, refresh, second-step verification, destroy. */
export function sessionRoutes({ sessions, auth, rateLimits }: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/sessions',
      {
        config: { rateLimit: rateLimits.login },
        schema: {
          tags: ['sessions'],
          summary: 'Log in: a session, pending with an open challenge when the account has a second step',
          body: loginRequestSchema,
          response: { 201: sessionSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const session = await sessions.login(request.body.email, request.body.password);
        return reply.code(201).send(session);
      },
    );

    app.post(
      '/v1/sessions/current/refresh',
      {
        config: { rateLimit: rateLimits.refresh },
        schema: {
          tags: ['sessions'],
          summary: 'Rotate the refresh token; a reused one ends its whole session',
          body: refreshSessionRequestSchema,
          response: { 200: sessionSchema, ...errorResponses },
        },
      },
      async (request) => sessions.refresh(request.body.refreshToken),
    );

    app.post(
      '/v1/sessions/current/verify',
      {
        config: { rateLimit: rateLimits.verify },
        onRequest: auth.guard({ allowPending: true, allowSuspended: true }),
        schema: {
          tags: ['sessions'],
          summary: 'Complete the second step with the TOTP or e-mailed code: the verified session',
          security: bearer,
          body: verifySessionRequestSchema,
          response: { 200: sessionSchema, ...errorResponses },
        },
      },
      async (request) => sessions.verify(callerOf(request), request.body.secret),
    );

    app.delete(
      '/v1/sessions/current',
      {
        onRequest: auth.guard({ allowPending: true, allowSuspended: true }),
        schema: {
          tags: ['sessions'],
          summary: 'Log out: end the current session (and an impersonation it carries)',
          security: bearer,
          response: { 204: noContent, ...errorResponses },
        },
      },
      async (request, reply) => {
        await sessions.destroy(callerOf(request));
        return reply.code(204).send(null);
      },
    );
  };
}
