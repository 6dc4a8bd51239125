import type {
  PlaylistStreamStatistic,
  StreamSeriesBucket,
  TrendBucketKind,
  TrendSeriesBucket,
  TrendsQuery,
  TrendStatisticRow,
  TrendValue,
} from '@tunehouse/contracts';
import type { Db } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { UUID } from '../../platform/sql.js';
import { platformBucket, territoryBucket, trackBuckets } from './buckets.js';
import {
  periodsOf,
  relativeChange,
  resolveTrendRequest,
  type TrendFilters,
  type TrendLimits,
  type TrendRequest,
} from './query.js';
import {
  type Figures,
  type KeyKind,
  playlistSeries,
  playlistSums,
  playlistsById,
  rankedSums,
  seriesByKey,
  sumByKey,
  trackIdsOfArtist,
} from './repository.js';

/**
 * Trends for the signed-in account (docs/decisions/0038-trends-api.md). Every figure is read with the
 * account's id first, so another account's album, track or artist id — like an unknown one — answers zeros and
 * empty lists rather than 404: a filter that matches nothing of yours.
 */

type Scope = { request: TrendRequest; filters: TrendFilters | null };

const NOTHING: Figures = { streams: 0, sub30: 0 };

export function createTrendService({ db, limits }: { db: Db; limits: TrendLimits }) {
  /** The request and the account's filters; filters null when an id can match nothing (answers are empty). */
  async function scope(accountId: string, query: TrendsQuery): Promise<Scope> {
    const request = resolveTrendRequest(query, limits);
    const ids = [query.album_id, query.track_id, query.artist_id].filter((id) => id !== undefined);
    if (ids.some((id) => !UUID.test(id.toLowerCase()))) return { request, filters: null };
    let trackIds: string[] | null = query.track_id ? [query.track_id.toLowerCase()] : null;
    if (query.artist_id) {
      const credited = await trackIdsOfArtist(db, accountId, query.artist_id.toLowerCase());
      trackIds = trackIds ? trackIds.filter((id) => credited.includes(id)) : credited;
    }
    if (trackIds?.length === 0) return { request, filters: null };
    return {
      request,
      filters: {
        accountId,
        albumId: query.album_id?.toLowerCase() ?? null,
        trackIds,
        territory: query.territory ?? null,
      },
    };
  }

  async function total(accountId: string, query: TrendsQuery): Promise<TrendValue> {
    const { request, filters } = await scope(accountId, query);
    if (!filters) return { value: 0, change: null };
    const [current, previous] = await Promise.all([
      sumByKey(db, 'NONE', request.current, filters),
      sumByKey(db, 'NONE', request.previous, filters),
    ]);
    const value = current.get('')?.streams ?? 0;
    return { value, change: relativeChange(value, previous.get('')?.streams ?? 0) };
  }

  /** The top keys over the current range: most streams first, ties by key (so series and statistics agree). */
  function topKeys(sums: Map<string, Figures>, limit: number): string[] {
    return [...sums.entries()]
      .filter(([, figures]) => figures.streams > 0)
      .sort(([a, x], [b, y]) => y.streams - x.streams || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, limit)
      .map(([key]) => key);
  }

  async function statistics(
    accountId: string,
    query: TrendsQuery,
    origin: string,
  ): Promise<{ kind: TrendBucketKind; items: TrendStatisticRow[] }> {
    const { request, filters } = await scope(accountId, query);
    const kind = request.bucketBy ?? 'TRACK';
    if (!filters) return { kind, items: [] };
    // Ranked in the database: only the rows shown come back, with their previous period (0052, "Third pass").
    const ranked = await rankedSums(db, kind, request.current, request.previous, filters, request.limit);
    const keys = ranked.map((row) => row.key);
    const tracks = kind === 'TRACK' ? await trackBuckets(db, accountId, keys, origin) : null;
    const items: TrendStatisticRow[] = [];
    for (const { key, current: now, previous: before } of ranked) {
      const bucket =
        kind === 'TRACK'
          ? tracks!.get(key)
          : kind === 'PLATFORM'
            ? platformBucket(key)
            : territoryBucket(key);
      // A track without its catalogue row (never expected: facts only name tracks the catalogue had) is left out.
      if (!bucket) continue;
      items.push({
        bucket,
        value: now.streams,
        change: relativeChange(now.streams, before.streams),
        sub30Value: now.sub30,
        sub30Change: relativeChange(now.sub30, before.sub30),
      } as TrendStatisticRow);
    }
    return { kind, items };
  }

  /**
   * Per period two items: sub30 false with all streams, then sub30 true with the streams shorter than 30 seconds.
   * `values` holds one figure per line of the chart: the total without bucket_by; with it, one per bucket, in the
   * order (and with the limit) of the statistics rows of the same query.
   */
  async function series(accountId: string, query: TrendsQuery): Promise<StreamSeriesBucket[]> {
    const { request, filters } = await scope(accountId, query);
    const periods = periodsOf(request.current, request.granularity);
    const kind: KeyKind = request.bucketBy ?? 'NONE';
    let keys = [''];
    let rows: Awaited<ReturnType<typeof seriesByKey>> = [];
    if (filters && kind === 'NONE') {
      rows = await seriesByKey(db, kind, request.current, request.granularity, filters, null);
    } else if (filters && kind !== 'NONE') {
      const ranked = await rankedSums(db, kind, request.current, null, filters, request.limit);
      keys = ranked.map((row) => row.key);
      rows = keys.length
        ? await seriesByKey(db, kind, request.current, request.granularity, filters, keys)
        : [];
    } else if (kind !== 'NONE') keys = [];
    const cells = new Map(rows.map((row) => [`${row.period}|${row.key}`, row]));
    return periods.flatMap((period) => {
      const figures = keys.map((key) => cells.get(`${period.key}|${key}`) ?? NOTHING);
      const base = { bucketLabel: period.label, startDate: period.startDate, endDate: period.endDate };
      return [
        { ...base, values: figures.map((f) => f.streams), sub30: false },
        { ...base, values: figures.map((f) => f.sub30), sub30: true },
      ];
    });
  }

  /** Playlist streams are reported per playlist and track, never per territory. */
  function refuseTerritory(query: TrendsQuery) {
    const field = query.territory ? 'territory' : query.bucket_by === 'territory' ? 'bucket_by' : null;
    if (!field) return;
    const message = 'Playlist streams are not reported per territory';
    throw new ApiError(400, 'VALIDATION_FAILED', 'The request querystring is invalid', [
      { path: ['querystring', field], message },
    ]);
  }

  /** Playlist streams per period: values holds one figure, the streams that came from playlists. */
  async function playlistStreamSeries(accountId: string, query: TrendsQuery): Promise<TrendSeriesBucket[]> {
    refuseTerritory(query);
    const { request, filters } = await scope(accountId, query);
    const periods = periodsOf(request.current, request.granularity);
    const sums = filters
      ? await playlistSeries(db, request.current, request.granularity, filters)
      : new Map<string, number>();
    return periods.map((period) => ({
      bucketLabel: period.label,
      startDate: period.startDate,
      endDate: period.endDate,
      values: [sums.get(period.key) ?? 0],
    }));
  }

  async function playlistStatistics(
    accountId: string,
    query: TrendsQuery,
  ): Promise<PlaylistStreamStatistic[]> {
    refuseTerritory(query);
    const { request, filters } = await scope(accountId, query);
    if (!filters) return [];
    const [current, previous] = await Promise.all([
      playlistSums(db, request.current, filters),
      playlistSums(db, request.previous, filters),
    ]);
    const asFigures = new Map([...current].map(([key, streams]) => [key, { streams, sub30: 0 }]));
    const keys = topKeys(asFigures, request.limit);
    const playlists = await playlistsById(db, keys);
    return keys.flatMap((key) => {
      const playlist = playlists.get(key);
      if (!playlist) return [];
      const value = current.get(key) ?? 0;
      return [
        {
          bucket: {
            id: playlist.id,
            title: playlist.title,
            imageUrl: playlist.image_url,
            author: playlist.author,
            platform: platformBucket(playlist.platform).id,
            followers: playlist.followers,
            url: playlist.url,
          },
          value,
          change: relativeChange(value, previous.get(key) ?? 0),
        },
      ];
    });
  }

  return { total, statistics, series, playlistStreamSeries, playlistStatistics };
}

export type TrendService = ReturnType<typeof createTrendService>;
