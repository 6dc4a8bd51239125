import { endpoints } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuard } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import type { RateLimits } from '../../platform/rate-limits.js';
import type { AccountService } from './service.js';

/** Sign-up, e-mail activation, password reset (request and complete): open to everyone, rate-limited. */
export function accountRoutes({
  accounts,
  auth,
  rateLimits,
}: {
  accounts: AccountService;
  auth: AuthGuard;
  rateLimits: RateLimits;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    const api = endpoints.accounts;

    route(api.signup, async (request) => ({ status: 201, body: await accounts.signup(request.body) }), {
      rateLimit: rateLimits.signup,
    });
    route(
      api.activateEmail,
      async (request) => ({ status: 200, body: await accounts.activateEmail(request.body) }),
      {
        rateLimit: rateLimits.emailActivation,
      },
    );
    route(
      api.requestPasswordReset,
      async (request) => {
        await accounts.requestPasswordReset(request.body.email, request.ip);
        return { status: 204, body: undefined };
      },
      { rateLimit: rateLimits.passwordResetLink },
    );
    route(
      api.resetPassword,
      async (request) => ({ status: 200, body: await accounts.resetPassword(request.body) }),
      {
        rateLimit: rateLimits.passwordReset,
      },
    );
  };
}
