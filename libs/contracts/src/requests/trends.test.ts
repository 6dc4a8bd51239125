import { describe, expect, it } from 'vitest';
import { trendsQuerySchema } from './trends.js';

const pathsOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')).sort();

describe('trends query', () => {
  it('takes dates, bucket, track, album, artist, territory and limit, all optional', () => {
    expect(trendsQuerySchema.parse({})).toEqual({});
    expect(
      trendsQuerySchema.parse({
        start_date: '2024-06-01',
        end_date: '2024-06-30',
        bucket_by: 'territory',
        track_id: '31',
        album_id: '7',
        artist_id: '12',
        territory: 'NL',
        limit: '10',
      }),
    ).toMatchObject({ bucket_by: 'territory', limit: 10 });
  });

  it('names each wrong parameter', () => {
    const result = trendsQuerySchema.safeParse({
      start_date: '01-06-2024',
      bucket_by: 'TRACK',
      territory: 'nl',
      limit: '0',
    });
    expect(pathsOf(result)).toEqual(['bucket_by', 'limit', 'start_date', 'territory']);
  });

  it('refuses a range that ends before it starts', () => {
    const result = trendsQuerySchema.safeParse({ start_date: '2024-06-30', end_date: '2024-06-01' });
    expect(pathsOf(result)).toEqual(['end_date']);
    expect(trendsQuerySchema.safeParse({ start_date: '2024-06-01', end_date: '2024-06-01' }).success).toBe(
      true,
    );
  });
});
