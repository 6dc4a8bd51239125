import { endpoints } from '@tunehouse/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuard } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import type { RateLimits } from '../../platform/rate-limits.js';
import { withUniformDuration } from '../../platform/uniform-duration.js';
import type { AppConfig } from '../../platform/config.js';
import { setRefreshCookie } from '../sessions/index.js';
import type { AccountService, UserSignedIn } from './service.js';

/** Well above the few milliseconds a known address takes (a link written, a mail queued). */
const RESET_ANSWER_FLOOR_MS = 250;
/** Well above a sign-up's usual time either way: a password hash (~30 ms) plus an account or a note written. */
const SIGNUP_ANSWER_FLOOR_MS = 400;

/** Sign-up, e-mail activation, password reset (request and complete): open to everyone, rate-limited. */
export function accountRoutes({
  accounts,
  auth,
  rateLimits,
  config,
}: {
  accounts: AccountService;
  auth: AuthGuard;
  rateLimits: RateLimits;
  config: Pick<AppConfig, 'publicApiUrl'>;
}): FastifyPluginAsyncZod {
  /** The user with the session for the body; the refresh token goes into its HttpOnly cookie only. */
  const signedIn = (reply: FastifyReply, { user, refresh }: UserSignedIn) => {
    setRefreshCookie(reply, config, refresh);
    return user;
  };
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    const api = endpoints.accounts;

    route(
      api.signup,
      // New and taken addresses answer alike, in what they say and in how long it takes; neither signs in.
      async (request) => ({
        status: 202,
        body: await withUniformDuration(SIGNUP_ANSWER_FLOOR_MS, () => accounts.signup(request.body)),
      }),
      { rateLimit: rateLimits.signup },
    );
    route(
      api.activateEmail,
      async (request, reply) => ({
        status: 200,
        body: signedIn(reply, await accounts.activateEmail(request.body)),
      }),
      {
        rateLimit: rateLimits.emailActivation,
      },
    );
    route(
      api.requestPasswordReset,
      async (request) => {
        // Known and unknown addresses answer alike, in what they say and in how long it takes.
        await withUniformDuration(RESET_ANSWER_FLOOR_MS, () =>
          accounts.requestPasswordReset(request.body.email, request.ip),
        );
        return { status: 204, body: undefined };
      },
      { rateLimit: rateLimits.passwordResetLink },
    );
    route(
      api.resetPassword,
      async (request, reply) => ({
        status: 200,
        body: signedIn(reply, await accounts.resetPassword(request.body)),
      }),
      {
        rateLimit: rateLimits.passwordReset,
      },
    );
  };
}
