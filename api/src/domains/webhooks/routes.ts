import { endpoints } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import type { WebhookService } from './service.js';

/** The caller's webhook endpoints: another account's endpoint is a 404. */
export function webhookRoutes({
  webhooks,
  auth,
}: {
  webhooks: WebhookService;
  auth: AuthGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    const api = endpoints.webhooks;
    const accountOf = (request: Parameters<typeof callerOf>[0]) => callerOf(request).user.account.id;

    route(api.list, async (request) => ({
      status: 200,
      body: { items: await webhooks.list(accountOf(request)) },
    }));
    route(api.create, async (request) => ({
      status: 201,
      body: await webhooks.create(accountOf(request), request.body),
    }));
    route(api.update, async (request) => ({
      status: 200,
      body: await webhooks.update(accountOf(request), request.params.id, request.body),
    }));
    route(api.remove, async (request) => {
      await webhooks.remove(accountOf(request), request.params.id);
      return { status: 204, body: undefined };
    });
    route(api.rotateSecret, async (request) => ({
      status: 200,
      body: await webhooks.rotateSecret(accountOf(request), request.params.id),
    }));
    route(api.deliveries, async (request) => ({
      status: 200,
      body: { items: await webhooks.deliveries(accountOf(request), request.params.id) },
    }));
    route(api.resend, async (request) => ({
      status: 202,
      body: await webhooks.resend(accountOf(request), request.params.id, request.params.deliveryId),
    }));
  };
}
