import { endpoints } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import { idempotencyKeyOf } from '../../platform/idempotency-key.js';
import type { RateLimits } from '../../platform/rate-limits.js';
import { publicOrigin } from '../media/index.js';
import type { SplitsService } from './service.js';

/**
 * Royalty splits: every call is the signed-in account's. The owner reads and edits, a participant bound to the
 * account reads, anyone else gets 404; an invite code works for whoever holds it.
 */
export function splitRoutes({
  splits,
  auth,
  rateLimits,
}: {
  splits: SplitsService;
  auth: AuthGuard;
  rateLimits: RateLimits;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    const api = endpoints.splits;
    const accountOf = (request: Parameters<typeof callerOf>[0]) => callerOf(request).user.account.id;

    route(api.list, async (request) => ({
      status: 200,
      body: await splits.list(accountOf(request), request.query, publicOrigin(request)),
    }));
    route(api.get, async (request) => ({
      status: 200,
      body: await splits.get(accountOf(request), request.params.id, publicOrigin(request)),
    }));
    route(api.ofAlbum, async (request) => ({
      status: 200,
      body: await splits.ofAlbum(accountOf(request), request.params.id, publicOrigin(request)),
    }));
    route(api.put, async (request) => ({
      status: 200,
      body: await splits.put(accountOf(request), request.params.id, request.body, publicOrigin(request)),
    }));
    route(api.resend, async (request) => ({
      status: 200,
      body: await splits.resend(accountOf(request), request.params.id, request.params.participantId),
    }));
    route(api.revoke, async (request) => ({
      status: 200,
      body: await splits.revoke(
        accountOf(request),
        request.params.id,
        request.params.participantId,
        idempotencyKeyOf(request.headers),
      ),
    }));
    route(api.invite, async (request) => ({
      status: 200,
      body: await splits.invite(request.params.code, publicOrigin(request)),
    }));
    route(api.accept, async (request) => ({
      status: 200,
      body: await splits.accept(accountOf(request), request.params.code, idempotencyKeyOf(request.headers)),
    }));
    route(api.decline, async (request) => ({
      status: 200,
      body: await splits.decline(accountOf(request), request.params.code, idempotencyKeyOf(request.headers)),
    }));
    route(api.optOut, async (request) => ({ status: 200, body: await splits.optOut(request.body.token) }), {
      rateLimit: rateLimits.inviteOptOut,
    });
  };
}
