import type {
  ArtistReference,
  PlatformTrendBucket,
  TerritoryTrendBucket,
  TrackTrendBucket,
  TrendBucketKind,
} from '@tunehouse/contracts';
import { countryName } from '@tunehouse/ui';
import type { BucketStatistics } from '../shared/queries.js';

/** The column heading of a bucket kind. */
export const BUCKET_NAMES: Record<TrendBucketKind, string> = {
  TRACK: 'Track',
  PLATFORM: 'Platform',
  TERRITORY: 'Territory',
};

export function trackTitle(track: TrackTrendBucket): string {
  return `${track.title?.trim() || 'Untitled track'}${track.version ? ` (${track.version})` : ''}`;
}

/** The track's artists, else the release's. */
export function artistNames(track: TrackTrendBucket): string {
  const names = (artists: ArtistReference[]) => artists.map((artist) => artist.name).join(', ');
  return names(track.artists) || names(track.album.artists);
}

export function releaseTitle(track: TrackTrendBucket): string {
  const album = track.album;
  return `${album.title?.trim() || 'Untitled release'}${album.version ? ` (${album.version})` : ''}`;
}

export function platformName(platform: PlatformTrendBucket): string {
  return platform.name || platform.id;
}

/** A territory's English name from its code; a bucket without one holds the streams of an unknown territory. */
export function territoryName(territory: TerritoryTrendBucket): string {
  return territory.id ? countryName(territory.id) : 'Unknown territory';
}

/** The name of each row's bucket, in the rows' order: the names of the chart's lines. */
export function bucketNames(statistics: BucketStatistics): string[] {
  switch (statistics.bucket) {
    case 'TRACK':
      return statistics.items.map((row) => trackTitle(row.bucket));
    case 'PLATFORM':
      return statistics.items.map((row) => platformName(row.bucket));
    case 'TERRITORY':
      return statistics.items.map((row) => territoryName(row.bucket));
  }
}
