import type { TrendsQuery } from '@tunehouse/contracts';
import type { Db } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { UUID } from '../../platform/sql.js';
import { resolveTrendRequest, type TrendFilters, type TrendLimits, type TrendRequest } from './query.js';
import { trackIdsOfArtist } from './repository.js';

/** What each trends use case is given (createTrendService binds them). */
export type TrendDeps = { db: Db; limits: TrendLimits };

/** The resolved request and the account's filters; filters null when an id can match nothing. */
export type TrendScope = { request: TrendRequest; filters: TrendFilters | null };

/**
 * The request and the account's filters; filters null when an id can match nothing (answers are empty). Every
 * filter carries the account's id, so another account's album, track or artist id — like an unknown one — answers
 * zeros and empty lists rather than 404 (docs/decisions/0038-trends-api.md).
 */
export async function trendScope(
  { db, limits }: TrendDeps,
  accountId: string,
  query: TrendsQuery,
): Promise<TrendScope> {
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

/** Playlist streams are reported per playlist and track, never per territory. */
export function refuseTerritory(query: TrendsQuery): void {
  const field = query.territory ? 'territory' : query.bucket_by === 'territory' ? 'bucket_by' : null;
  if (!field) return;
  const message = 'Playlist streams are not reported per territory';
  throw new ApiError(400, 'VALIDATION_FAILED', 'The request querystring is invalid', [
    { path: ['querystring', field], message },
  ]);
}
