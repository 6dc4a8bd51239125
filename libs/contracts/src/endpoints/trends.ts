/** The signed-in account's streams (an impersonation session reads the impersonated user's). */

import { trendsQuerySchema } from '../requests/trends.js';
import {
  playlistStreamSeriesSchema,
  playlistStreamStatisticsSchema,
  streamSeriesSchema,
  streamStatisticsSchema,
  streamTotalSchema,
} from '../trends.js';
import { endpoint, meta } from './define.js';

const signedIn = /*#__PURE__*/ meta({ access: 'session', tag: 'trends' });

const QUERY_HELP =
  'start_date/end_date inclusive (default: the 28 days up to yesterday; end_date alone: the 28 days up to it; ' +
  'start_date alone: up to yesterday); change compares with the previous period of the same length (null when ' +
  'that had no streams). Filters: album_id, track_id, artist_id, territory; ids that are not the account’s ' +
  'match nothing (zeros, empty lists). limit: rows (default 10, at most 1000).';

export const streamTotal = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/trends/streams/total',
  query: trendsQuerySchema,
  responses: { 200: streamTotalSchema },
  summary: 'Streams over the range and their change',
  description: QUERY_HELP,
  metadata: signedIn,
});

export const streamSeries = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/trends/streams/series',
  query: trendsQuerySchema,
  responses: { 200: streamSeriesSchema },
  summary: 'Streams per day (per ISO week over longer ranges), all and under 30 s',
  description:
    `${QUERY_HELP} Each period appears twice: sub30 false with all streams, sub30 true with those ` +
    'shorter than 30 seconds. values: [total], or with bucket_by one figure per bucket in the order of ' +
    'the statistics rows of the same query. Daily up to TRENDS_DAILY_MAX_DAYS (92) days, weekly beyond.',
  metadata: signedIn,
});

export const streamStatistics = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/trends/streams/statistics',
  query: trendsQuerySchema,
  responses: { 200: streamStatisticsSchema },
  summary: 'Streams by track (default), platform or territory, most first, with their changes',
  description: QUERY_HELP,
  metadata: signedIn,
});

export const playlistStreamSeries = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/trends/playlist-streams/series',
  query: trendsQuerySchema,
  responses: { 200: playlistStreamSeriesSchema },
  summary: 'Streams from playlists per day (per ISO week over longer ranges)',
  description: QUERY_HELP,
  metadata: signedIn,
});

export const playlistStreamStatistics = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/trends/playlist-streams/statistics',
  query: trendsQuerySchema,
  responses: { 200: playlistStreamStatisticsSchema },
  summary: 'Streams by playlist, most first, with their change',
  description: QUERY_HELP,
  metadata: signedIn,
});
