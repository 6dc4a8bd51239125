import { endpoints, type StreamStatistics } from '@tunehouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import { publicOrigin } from '../media/index.js';
import type { TrendService } from './service.js';

/** The signed-in account's streams (an impersonation session reads the impersonated user's). */
export function trendRoutes({
  trends,
  auth,
}: {
  trends: TrendService;
  auth: AuthGuard;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    const accountOf = (request: FastifyRequest) => callerOf(request).user.account.id;
    const api = endpoints.trends;

    route(api.streamTotal, async (request) => ({
      status: 200,
      body: await trends.total(accountOf(request), request.query),
    }));
    route(api.streamSeries, async (request) => ({
      status: 200,
      body: { items: await trends.series(accountOf(request), request.query) },
    }));
    route(api.streamStatistics, async (request) => {
      const { items } = await trends.statistics(accountOf(request), request.query, publicOrigin(request));
      return { status: 200, body: { items } as StreamStatistics };
    });
    route(api.playlistStreamSeries, async (request) => ({
      status: 200,
      body: { items: await trends.playlistStreamSeries(accountOf(request), request.query) },
    }));
    route(api.playlistStreamStatistics, async (request) => ({
      status: 200,
      body: { items: await trends.playlistStatistics(accountOf(request), request.query) },
    }));
  };
}
