import { queryOptions } from '@tanstack/react-query';
import {
  call,
  endpoints,
  requestOf,
  streamStatisticsSchemaFor,
  toBucketBy,
  type PlatformStatisticRow,
  type TerritoryStatisticRow,
  type TrackStatisticRow,
  type TrendBucketKind,
} from '@tunehouse/contracts';
import type { QueryValue, ShellContext } from '@tunehouse/shell-contract';
import type { TrendFilters } from './trend-search.js';

type Api = ShellContext['api'];

/** Lines on a chart: more would be unreadable; the table lists every bucket. */
export const SERIES_LIMIT = 10;
/** Rows of a statistics table (the contract's maximum). */
export const STATISTICS_LIMIT = 1000;
/** Catalogue choices of the filters: one page of the largest size the lists allow. */
export const CHOICES_SIZE = 200;

/** Trends change once a day at most: cached for 15 minutes, not fetched again when the window regains focus. */
const CACHING = { staleTime: 900_000, refetchOnWindowFocus: false } as const;

/**
 * Hierarchical keys, from the area's root down; the last-but-one part is the cached key's name: chart, list or total.
 */
export const trendKeys = {
  all: ['trends'] as const,
  streams: () => [...trendKeys.all, 'streams'] as const,
  streamTotal: (filters: TrendFilters) => [...trendKeys.streams(), 'total', filters] as const,
  streamChart: (filters: TrendFilters, bucket: TrendBucketKind) =>
    [...trendKeys.streams(), 'chart', { ...filters, bucket }] as const,
  streamList: (filters: TrendFilters, bucket: TrendBucketKind) =>
    [...trendKeys.streams(), 'list', { ...filters, bucket }] as const,
  playlists: () => [...trendKeys.all, 'playlists'] as const,
  playlistChart: (filters: PlaylistFilters) => [...trendKeys.playlists(), 'chart', filters] as const,
  playlistList: (filters: PlaylistFilters) => [...trendKeys.playlists(), 'list', filters] as const,
  choices: (kind: 'albums' | 'artists' | 'tracks', params: Record<string, string | undefined> = {}) =>
    [...trendKeys.all, 'choices', kind, params] as const,
};

/** The query of every trends call (the API client leaves out the filters that are not set). */
export function trendsQuery(filters: TrendFilters, extra: Record<string, QueryValue> = {}) {
  return {
    start_date: filters.start,
    end_date: filters.end,
    album_id: filters.albumId,
    artist_id: filters.artistId,
    track_id: filters.trackId,
    territory: filters.territory,
    ...extra,
  } satisfies Record<string, QueryValue>;
}

/** The streams of the period and their change against the period before. */
export function streamTotalQuery(api: Api, filters: TrendFilters) {
  return queryOptions({
    queryKey: trendKeys.streamTotal(filters),
    queryFn: ({ signal }) =>
      call(api, endpoints.trends.streamTotal, { query: trendsQuery(filters) }, { signal }),
    placeholderData: (previous) => previous,
    ...CACHING,
  });
}

/**
 * Per period (day or week) the figure of each of the SERIES_LIMIT largest buckets,
 * in the order of the statistics rows; each period twice, all streams and the plays under 30 seconds only.
 */
export function streamSeriesQuery(api: Api, filters: TrendFilters, bucket: TrendBucketKind) {
  return queryOptions({
    queryKey: trendKeys.streamChart(filters, bucket),
    queryFn: async ({ signal }) => {
      const series = await call(
        api,
        endpoints.trends.streamSeries,
        { query: trendsQuery(filters, { bucket_by: toBucketBy(bucket), limit: SERIES_LIMIT }) },
        { signal },
      );
      return { bucket, items: series.items };
    },
    placeholderData: (previous) => previous,
    ...CACHING,
  });
}

/** The statistics of one bucket kind; the kind travels with the rows, since PLATFORM and TERRITORY look alike. */
export type BucketStatistics =
  | { bucket: 'TRACK'; items: TrackStatisticRow[] }
  | { bucket: 'PLATFORM'; items: PlatformStatisticRow[] }
  | { bucket: 'TERRITORY'; items: TerritoryStatisticRow[] };

/** A row per bucket, parsed by the schema of the kind asked for (not the answer's union of the three). */
export function streamStatisticsQuery(api: Api, filters: TrendFilters, bucket: TrendBucketKind) {
  return queryOptions({
    queryKey: trendKeys.streamList(filters, bucket),
    queryFn: async ({ signal }): Promise<BucketStatistics> => {
      const query = trendsQuery(filters, { bucket_by: toBucketBy(bucket), limit: STATISTICS_LIMIT });
      const request = <T>(schema: { parse(value: unknown): T }) =>
        api.request({ ...requestOf(endpoints.trends.streamStatistics, { query }, { signal }), schema });
      switch (bucket) {
        case 'TRACK':
          return { bucket, items: (await request(streamStatisticsSchemaFor('TRACK'))).items };
        case 'PLATFORM':
          return { bucket, items: (await request(streamStatisticsSchemaFor('PLATFORM'))).items };
        case 'TERRITORY':
          return { bucket, items: (await request(streamStatisticsSchemaFor('TERRITORY'))).items };
      }
    },
    placeholderData: (previous) => previous,
    ...CACHING,
  });
}

/** Playlist streams are not reported per territory: the playlist calls refuse the territory filter (400). */
export type PlaylistFilters = Omit<TrendFilters, 'territory'>;

/** Per period (day or week) the streams that came from playlists. */
export function playlistSeriesQuery(api: Api, filters: PlaylistFilters) {
  return queryOptions({
    queryKey: trendKeys.playlistChart(filters),
    queryFn: ({ signal }) =>
      call(api, endpoints.trends.playlistStreamSeries, { query: trendsQuery(filters) }, { signal }),
    placeholderData: (previous) => previous,
    ...CACHING,
  });
}

/** A row per playlist the account's tracks were streamed from. */
export function playlistStatisticsQuery(api: Api, filters: PlaylistFilters) {
  return queryOptions({
    queryKey: trendKeys.playlistList(filters),
    queryFn: ({ signal }) =>
      call(
        api,
        endpoints.trends.playlistStreamStatistics,
        { query: trendsQuery(filters, { limit: STATISTICS_LIMIT }) },
        { signal },
      ),
    placeholderData: (previous) => previous,
    ...CACHING,
  });
}

/** The account's releases to filter by, by title. */
export function albumChoicesQuery(api: Api) {
  return queryOptions({
    queryKey: trendKeys.choices('albums'),
    queryFn: ({ signal }) =>
      call(
        api,
        endpoints.releases.albums.list,
        { query: { offset: 0, size: CHOICES_SIZE, order_by: 'title', order: 'asc' } },
        { signal },
      ),
    ...CACHING,
  });
}

/** The account's artists to filter by, by name. */
export function artistChoicesQuery(api: Api) {
  return queryOptions({
    queryKey: trendKeys.choices('artists'),
    queryFn: ({ signal }) =>
      call(
        api,
        endpoints.artists.list,
        { query: { offset: 0, size: CHOICES_SIZE, order_by: 'name', order: 'asc' } },
        { signal },
      ),
    ...CACHING,
  });
}

/** The tracks to filter by, narrowed to the chosen release and artist. */
export function trackChoicesQuery(api: Api, albumId: string | undefined, artistId: string | undefined) {
  return queryOptions({
    queryKey: trendKeys.choices('tracks', { albumId, artistId }),
    queryFn: ({ signal }) =>
      call(
        api,
        endpoints.releases.tracks.list,
        {
          query: {
            offset: 0,
            size: CHOICES_SIZE,
            order_by: 'title',
            order: 'asc',
            album_id: albumId,
            artist_id: artistId,
          },
        },
        { signal },
      ),
    placeholderData: (previous) => previous,
    ...CACHING,
  });
}
