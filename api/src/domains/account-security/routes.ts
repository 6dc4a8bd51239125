import {
  activeSessionListSchema,
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  confirmTotpRequestSchema,
  currentUserSchema,
  disableSecondStepRequestSchema,
  sessionParamsSchema,
  totpEnrolmentSchema,
} from '@tunehouse/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { ApiError } from '../../platform/errors.js';
import type { RateLimits } from '../../platform/rate-limits.js';
import { bearer, errorResponses, noContent } from '../../platform/route-schemas.js';
import type { AccountSecurityService } from './service.js';
import type { SessionUseTracker } from './session-use.js';

type Deps = {
  security: AccountSecurityService;
  auth: AuthGuard;
  rateLimits: RateLimits;
  sessionUse: SessionUseTracker;
};

/** After the auth guard: an administrator viewing the product as the user may not change how the user signs in. */
const ownSessionOnly: onRequestAsyncHookHandler = async (request) => {
  if (callerOf(request).session.impersonatorId) {
    throw new ApiError(
      403,
      'IMPERSONATION_FORBIDDEN',
      'An administrator viewing the product as this user cannot change how they sign in',
    );
  }
};

/**
 * Issue 4 `/account` (docs/decisions/0019-account-security-and-identity.md): e-mail address, password, the TOTP
 * second step and the user's active sessions, all of the signed-in user only.
 */
export function accountSecurityRoutes({
  security,
  auth,
  rateLimits,
  sessionUse,
}: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const owner = [auth.guard(), ownSessionOnly];
    const tags = ['account security'];

    app.post(
      '/v1/users/me/email',
      {
        config: { rateLimit: rateLimits.login },
        onRequest: owner,
        schema: {
          tags,
          summary: 'Change the e-mail address (current password asked again): the user',
          description:
            'The new address is unconfirmed until the mailed activation link is followed; every other session ' +
            'of the user ends. Wrong current password: 400 on body.currentPassword; address taken: 409 on ' +
            'body.email; impersonation: 403.',
          security: bearer,
          body: changeEmailRequestSchema,
          response: { 200: currentUserSchema, ...errorResponses },
        },
      },
      async (request) => security.changeEmail(callerOf(request), request.body),
    );

    app.post(
      '/v1/users/me/password',
      {
        config: { rateLimit: rateLimits.login },
        onRequest: owner,
        schema: {
          tags,
          summary: 'Change the password (current password asked again); every other session ends',
          security: bearer,
          body: changePasswordRequestSchema,
          response: { 204: noContent, ...errorResponses },
        },
      },
      async (request, reply) => {
        await security.changePassword(callerOf(request), request.body);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/v1/users/me/second-step/totp',
      {
        onRequest: owner,
        schema: {
          tags,
          summary: 'Start setting up an authenticator app: a new TOTP secret, not used until confirmed',
          security: bearer,
          response: { 201: totpEnrolmentSchema, ...errorResponses },
        },
      },
      async (request, reply) => reply.code(201).send(await security.startTotp(callerOf(request))),
    );

    app.post(
      '/v1/users/me/second-step/totp/confirm',
      {
        config: { rateLimit: rateLimits.verify },
        onRequest: owner,
        schema: {
          tags,
          summary: 'Confirm the new TOTP secret with a first code: every later login asks for a code',
          security: bearer,
          body: confirmTotpRequestSchema,
          response: { 200: currentUserSchema, ...errorResponses },
        },
      },
      async (request) => security.confirmTotp(callerOf(request), request.body.secret),
    );

    app.delete(
      '/v1/users/me/second-step',
      {
        config: { rateLimit: rateLimits.login },
        onRequest: owner,
        schema: {
          tags,
          summary: 'Turn second-step verification off (current password asked again)',
          security: bearer,
          body: disableSecondStepRequestSchema,
          response: { 204: noContent, ...errorResponses },
        },
      },
      async (request, reply) => {
        await security.turnOffSecondStep(callerOf(request), request.body.currentPassword);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/v1/sessions',
      {
        onRequest: auth.guard(),
        schema: {
          tags,
          summary: 'The signed-in user’s active sessions, most recently used first; `current` marks this one',
          security: bearer,
          response: { 200: activeSessionListSchema, ...errorResponses },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        // This session's own entry is up to date even on its first request.
        await sessionUse.stamp(request, caller.session.id, true);
        return security.listSessions(caller);
      },
    );

    app.delete(
      '/v1/sessions/:id',
      {
        onRequest: owner,
        schema: {
          tags,
          summary: 'End one of the user’s sessions (404 when it is not theirs or has ended)',
          security: bearer,
          params: sessionParamsSchema,
          response: { 204: noContent, ...errorResponses },
        },
      },
      async (request, reply) => {
        await security.endSession(callerOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
