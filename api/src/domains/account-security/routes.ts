import { endpoints } from '@tunehouse/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import { ApiError } from '../../platform/errors.js';
import type { RateLimits } from '../../platform/rate-limits.js';
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
 * The `/account` page's API (docs/decisions/0019-account-security-and-identity.md): e-mail address, password, the
 * TOTP second step and the user's active sessions, all of the signed-in user only.
 */
export function accountSecurityRoutes({
  security,
  auth,
  rateLimits,
  sessionUse,
}: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    const api = endpoints.accountSecurity;
    const owner = { onRequest: [ownSessionOnly] };

    route(
      api.changeEmail,
      async (request) => ({ status: 200, body: await security.changeEmail(callerOf(request), request.body) }),
      { ...owner, rateLimit: rateLimits.login },
    );
    route(
      api.changePassword,
      async (request) => {
        await security.changePassword(callerOf(request), request.body);
        return { status: 204, body: undefined };
      },
      { ...owner, rateLimit: rateLimits.login },
    );
    route(
      api.startTotp,
      async (request) => ({ status: 201, body: await security.startTotp(callerOf(request)) }),
      owner,
    );
    route(
      api.confirmTotp,
      async (request) => ({
        status: 200,
        body: await security.confirmTotp(callerOf(request), request.body.secret),
      }),
      { ...owner, rateLimit: rateLimits.verify },
    );
    route(
      api.turnOffSecondStep,
      async (request) => {
        await security.turnOffSecondStep(callerOf(request), request.body.currentPassword);
        return { status: 204, body: undefined };
      },
      { ...owner, rateLimit: rateLimits.login },
    );
    route(api.listSessions, async (request) => {
      const caller = callerOf(request);
      // This session's own entry is up to date even on its first request.
      await sessionUse.stamp(request, caller.session.id, true);
      return { status: 200, body: await security.listSessions(caller) };
    });
    route(
      api.endSession,
      async (request) => {
        await security.endSession(callerOf(request), request.params.id);
        return { status: 204, body: undefined };
      },
      owner,
    );
  };
}
