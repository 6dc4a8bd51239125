import { endpoints } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import { idempotencyKeyOf } from '../../platform/idempotency-key.js';
import type { PeriodsService } from './service.js';

/** Admin-only: royalty periods, their exchange rates (by hand or from a rate table), the close preview and the close. */
export function periodRoutes({
  periods,
  auth,
}: {
  periods: PeriodsService;
  auth: AuthGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    const api = endpoints.periods;

    route(api.list, async () => ({ status: 200, body: await periods.list() }));
    route(api.get, async (request) => ({ status: 200, body: await periods.get(request.params.id) }));
    route(api.setRate, async (request) => ({
      status: 200,
      body: await periods.setRate(
        request.params.id,
        request.params.currency,
        request.body.ratePpb,
        callerOf(request).user.id,
      ),
    }));
    // The table comes as text in the JSON body: its own limit, above the API's 1 MiB default (a 4 MB table in
    // JSON, escapes included, stays under 5 MiB); the schema refuses more than RATE_TABLE_MAX_CHARS characters.
    const tableLimit = { bodyLimit: 5 * 1024 * 1024 };
    route(
      api.previewRateTable,
      async (request) => ({ status: 200, body: await periods.previewRateTable(request.body) }),
      tableLimit,
    );
    route(
      api.applyRateTable,
      async (request) => ({
        status: 200,
        body: await periods.applyRateTable(request.body, callerOf(request).user.id),
      }),
      tableLimit,
    );
    route(api.closePreview, async (request) => ({
      status: 200,
      body: await periods.preview(request.params.id),
    }));
    route(api.close, async (request) => {
      return { status: 202, body: await periods.close(request.params.id, idempotencyKeyOf(request.headers)) };
    });
  };
}
