import { describe, expect, it } from 'vitest';
import {
  TREND_BUCKET_BY,
  TREND_BUCKET_KINDS,
  TREND_BUCKET_SCHEMAS,
  TREND_QUERY_KEYS,
  playlistStreamSeriesSchema,
  playlistStreamStatisticsSchema,
  streamSeriesSchema,
  streamStatisticsSchemaFor,
  streamTotalSchema,
  toBucketBy,
  trackStatisticRowSchema,
} from './trends.js';

const pathsOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.'));

const album = {
  id: 1,
  title: 'Harbour Lights',
  version: null,
  barcode: '8720205071234',
  artists: [],
  isCollaboration: false,
};
const trackBucket = {
  id: 31,
  title: 'Harbour Lights',
  index: 1,
  isrc: 'NLA1F2400001',
  album,
  artists: [{ id: 12, name: 'Nova Lane', role: 'PRIMARY' }],
  isCollaboration: false,
};

describe('bucket kinds', () => {
  it('are TRACK, PLATFORM and TERRITORY, sent lowercase', () => {
    expect(TREND_BUCKET_KINDS).toEqual(['TRACK', 'PLATFORM', 'TERRITORY']);
    expect(TREND_BUCKET_KINDS.map(toBucketBy)).toEqual([...TREND_BUCKET_BY]);
    expect(Object.keys(TREND_BUCKET_SCHEMAS)).toEqual([...TREND_BUCKET_KINDS]);
    expect(TREND_QUERY_KEYS).toEqual(['chart', 'list', 'total']);
  });
});

describe('streams total', () => {
  it('has a value and an optional change', () => {
    expect(streamTotalSchema.parse({ value: 1200, change: -0.125 })).toEqual({ value: 1200, change: -0.125 });
    expect(streamTotalSchema.parse({ value: 0 })).toEqual({ value: 0 });
    expect(pathsOf(streamTotalSchema.safeParse({ value: '1200' }))).toEqual(['value']);
  });
});

describe('series', () => {
  const bucket = { bucketLabel: 'Week 23', startDate: '2024-06-03', endDate: '2024-06-09', values: [120, 8] };

  it('for streams carry sub30', () => {
    const series = streamSeriesSchema.parse({ items: [{ ...bucket, sub30: 1 }] });
    expect(series.items[0]?.sub30).toBe(true);
    expect(pathsOf(streamSeriesSchema.safeParse({ items: [bucket] }))).toEqual(['items.0.sub30']);
  });

  it('for playlists carry values only, and refuse a value that is not a count', () => {
    expect(playlistStreamSeriesSchema.parse({ items: [bucket] }).items).toHaveLength(1);
    expect(
      pathsOf(playlistStreamSeriesSchema.safeParse({ items: [{ ...bucket, values: [1, -2] }] })),
    ).toEqual(['items.0.values.1']);
  });
});

describe('statistics', () => {
  const figures = { value: 900, change: 0.5, sub30Value: 40 };

  it('by track embed the album summary and artists', () => {
    const rows = streamStatisticsSchemaFor('TRACK').parse({ items: [{ bucket: trackBucket, ...figures }] });
    expect(rows.items[0]?.bucket.album.barcode).toBe('8720205071234');
  });

  it('by platform read a store, an unknown one as UNKNOWN', () => {
    const rows = streamStatisticsSchemaFor('PLATFORM').parse({
      items: [
        { bucket: { id: 'SOUNDCLOUD', name: 'SoundCloud' }, ...figures },
        { bucket: { id: 'NEW_STORE', name: 'New store' }, ...figures, sub30Change: 0 },
      ],
    });
    expect(rows.items.map((row) => row.bucket.id)).toEqual(['SOUNDCLOUD', 'UNKNOWN']);
  });

  it('by territory allow a row without a territory id but refuse an unknown code', () => {
    const schema = streamStatisticsSchemaFor('TERRITORY');
    expect(schema.parse({ items: [{ bucket: { name: 'Unknown' }, ...figures }] }).items).toHaveLength(1);
    expect(
      pathsOf(schema.safeParse({ items: [{ bucket: { id: 'NLD', name: 'Netherlands' }, ...figures }] })),
    ).toEqual(['items.0.bucket.id']);
  });

  it('need sub30Value and name its path', () => {
    expect(pathsOf(trackStatisticRowSchema.safeParse({ bucket: trackBucket, value: 1 }))).toEqual([
      'sub30Value',
    ]);
  });
});

describe('playlist statistics', () => {
  it('parse a playlist bucket with its optional fields absent', () => {
    const parsed = playlistStreamStatisticsSchema.parse({
      items: [
        { bucket: { id: 'pl1', title: 'Chill Mix', author: 'Spotify', platform: 'SPOTIFY' }, value: 77 },
      ],
    });
    expect(parsed.items[0]?.bucket.followers).toBeUndefined();
  });

  it('refuse a missing author', () => {
    const result = playlistStreamStatisticsSchema.safeParse({
      items: [{ bucket: { id: 'pl1', title: 'Chill Mix', platform: 'SPOTIFY' }, value: 77 }],
    });
    expect(pathsOf(result)).toEqual(['items.0.bucket.author']);
  });
});
