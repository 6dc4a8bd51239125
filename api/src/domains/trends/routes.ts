import {
  playlistStreamSeriesSchema,
  playlistStreamStatisticsSchema,
  STREAM_STATISTICS_SCHEMAS,
  streamSeriesSchema,
  streamTotalSchema,
  trendsQuerySchema,
} from '@tunehouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import type { AppConfig } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import { bearer, errorResponses } from '../../platform/route-schemas.js';
import { publicOrigin } from '../media/image-view.js';
import { createTrendService, type TrendService } from './trend-service.js';

/**
 * The statistics answer for any bucket_by. Territory before platform: a store id never reads as a country code,
 * but the store schema reads any unknown id (a country code too) as UNKNOWN.
 */
const streamStatisticsSchema = z.union([
  STREAM_STATISTICS_SCHEMAS.TRACK,
  STREAM_STATISTICS_SCHEMAS.TERRITORY,
  STREAM_STATISTICS_SCHEMAS.PLATFORM,
]);

const QUERY_HELP =
  'start_date/end_date inclusive (default: the 28 days up to yesterday; end_date alone: the 28 days up to it; ' +
  'start_date alone: up to yesterday); change compares with the previous period of the same length (null when ' +
  'that had no streams). Filters: album_id, track_id, artist_id, territory; ids that are not the account’s ' +
  'match nothing (zeros, empty lists). limit: rows (default 10, at most 1000).';

/** Spec §7 Trends: the signed-in account's streams (an impersonation session reads the impersonated user's). */
export function trendRoutes({
  db,
  auth,
  config,
  trends = createTrendService({ db, limits: config.trends }),
}: {
  db: Db;
  auth: AuthGuard;
  config: Pick<AppConfig, 'trends'>;
  trends?: TrendService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = auth.guard();
    const accountOf = (request: FastifyRequest) => callerOf(request).user.account.id;
    const tags = ['trends'];
    const schema = <Response extends z.ZodType>(summary: string, response: Response) => ({
      tags,
      summary,
      description: QUERY_HELP,
      security: bearer,
      querystring: trendsQuerySchema,
      response: { 200: response, ...errorResponses },
    });

    app.get(
      '/v1/trends/streams/total',
      { onRequest: signedIn, schema: schema('Streams over the range and their change', streamTotalSchema) },
      async (request) => trends.total(accountOf(request), request.query),
    );

    app.get(
      '/v1/trends/streams/series',
      {
        onRequest: signedIn,
        schema: {
          ...schema(
            'Streams per day (per ISO week over longer ranges), all and under 30 s',
            streamSeriesSchema,
          ),
          description:
            `${QUERY_HELP} Each period appears twice: sub30 false with all streams, sub30 true with those ` +
            'shorter than 30 seconds. values: [total], or with bucket_by one figure per bucket in the order of ' +
            'the statistics rows of the same query. Daily up to TRENDS_DAILY_MAX_DAYS (92) days, weekly beyond.',
        },
      },
      async (request) => ({ items: await trends.series(accountOf(request), request.query) }),
    );

    app.get(
      '/v1/trends/streams/statistics',
      {
        onRequest: signedIn,
        schema: schema(
          'Streams by track (default), platform or territory, most first, with their changes',
          streamStatisticsSchema,
        ),
      },
      async (request) => {
        const { items } = await trends.statistics(accountOf(request), request.query, publicOrigin(request));
        return { items } as z.infer<typeof streamStatisticsSchema>;
      },
    );

    app.get(
      '/v1/trends/playlist-streams/series',
      {
        onRequest: signedIn,
        schema: schema(
          'Streams from playlists per day (per ISO week over longer ranges)',
          playlistStreamSeriesSchema,
        ),
      },
      async (request) => ({ items: await trends.playlistStreamSeries(accountOf(request), request.query) }),
    );

    app.get(
      '/v1/trends/playlist-streams/statistics',
      {
        onRequest: signedIn,
        schema: schema('Streams by playlist, most first, with their change', playlistStreamStatisticsSchema),
      },
      async (request) => ({ items: await trends.playlistStatistics(accountOf(request), request.query) }),
    );
  };
}
