import {
  emailActivationRequestSchema,
  passwordResetLinkRequestSchema,
  passwordResetRequestSchema,
  signupRequestSchema,
  userWithSessionSchema,
} from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimits } from '../../platform/rate-limits.js';
import { errorResponses, noContent } from '../../platform/route-schemas.js';
import type { AccountService } from './service.js';

/** Spec §7: sign-up, e-mail activation, password reset (request and complete). */
export function accountRoutes({
  accounts,
  rateLimits,
}: {
  accounts: AccountService;
  rateLimits: RateLimits;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/signup',
      {
        config: { rateLimit: rateLimits.signup },
        schema: {
          tags: ['accounts'],
          summary: 'Create an account: the user with a session; an activation link is e-mailed',
          body: signupRequestSchema,
          response: { 201: userWithSessionSchema, ...errorResponses },
        },
      },
      async (request, reply) => reply.code(201).send(await accounts.signup(request.body)),
    );

    app.post(
      '/v1/emails',
      {
        config: { rateLimit: rateLimits.emailActivation },
        schema: {
          tags: ['accounts'],
          summary:
            'Confirm the e-mail address with the link’s challenge id and secret: the user with a session',
          body: emailActivationRequestSchema,
          response: { 200: userWithSessionSchema, ...errorResponses },
        },
      },
      async (request) => accounts.activateEmail(request.body),
    );

    app.post(
      '/v1/passwords/new',
      {
        config: { rateLimit: rateLimits.passwordResetLink },
        schema: {
          tags: ['accounts'],
          summary: 'E-mail a password-reset link; the same answer whether or not the address has an account',
          body: passwordResetLinkRequestSchema,
          response: { 204: noContent, ...errorResponses },
        },
      },
      async (request, reply) => {
        await accounts.requestPasswordReset(request.body.email);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/v1/passwords',
      {
        config: { rateLimit: rateLimits.passwordReset },
        schema: {
          tags: ['accounts'],
          summary: 'Set a new password with the link’s challenge id and secret: the user with a session',
          body: passwordResetRequestSchema,
          response: { 200: userWithSessionSchema, ...errorResponses },
        },
      },
      async (request) => accounts.resetPassword(request.body),
    );
  };
}
