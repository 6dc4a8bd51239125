import type { PlaylistStreamStatistic, TrendsQuery } from '@tunehouse/contracts';
import { platformBucket } from './buckets.js';
import { relativeChange } from './query.js';
import { playlistsById, playlistSums } from './repository.js';
import { refuseTerritory, type TrendDeps, trendScope } from './scope.js';

/** The top keys over the current range: most streams first, ties by key (so series and statistics agree). */
function topKeys(sums: Map<string, number>, limit: number): string[] {
  return [...sums.entries()]
    .filter(([, streams]) => streams > 0)
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit)
    .map(([key]) => key);
}

/** The playlists that brought the most streams over the current range, each with its change. */
export async function playlistStatistics(
  deps: TrendDeps,
  accountId: string,
  query: TrendsQuery,
): Promise<PlaylistStreamStatistic[]> {
  const { db } = deps;
  refuseTerritory(query);
  const { request, filters } = await trendScope(deps, accountId, query);
  if (!filters) return [];
  const [current, previous] = await Promise.all([
    playlistSums(db, request.current, filters),
    playlistSums(db, request.previous, filters),
  ]);
  const keys = topKeys(current, request.limit);
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
