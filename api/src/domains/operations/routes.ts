import { endpoints } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuard } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import type { Metrics } from './metrics.js';
import { admitScrape } from './scrape-access.js';
import type { OperationsService } from './service.js';

/** GET /metrics (behind METRICS_TOKEN) and the admins' operator view; a retry is audited as every admin write. */
export function operationsRoutes({
  operations,
  metrics,
  metricsToken,
  auth,
}: {
  operations: OperationsService;
  metrics: Metrics;
  metricsToken: string | undefined;
  auth: AuthGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    const api = endpoints.operations;

    route(api.metrics, async (request, reply) => {
      admitScrape(metricsToken, request.headers.authorization);
      const { contentType, text } = await metrics.scrape();
      reply.type(contentType).header('cache-control', 'no-store');
      return { status: 200, body: text };
    });
    route(api.overview, async () => ({ status: 200, body: await operations.overview() }));
    route(api.failedJobs, async () => ({ status: 200, body: { items: await operations.failedJobs() } }));
    route(api.retryJob, async (request) => {
      await operations.retryJob(request.params.queue, request.params.id);
      return { status: 204, body: undefined };
    });
    route(api.failedDeliveries, async () => ({
      status: 200,
      body: { items: await operations.failedDeliveries() },
    }));
  };
}
