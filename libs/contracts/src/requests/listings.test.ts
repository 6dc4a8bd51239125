import { describe, expect, it } from 'vitest';
import {
  distributionFeeListQuerySchema,
  licenseListQuerySchema,
  licenseSuggestionRequestSchema,
} from './reporting.js';
import { trackListQuerySchema, trackParamsSchema } from './tracks.js';

const pathsOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')).sort();

describe('track list query', () => {
  it('defaults to created_at descending and takes the track sort fields only', () => {
    expect(trackListQuerySchema.parse({})).toEqual({
      offset: 0,
      size: 25,
      order_by: 'created_at',
      order: 'desc',
    });
    expect(trackListQuerySchema.parse({ order_by: 'title', album_id: '7' })).toMatchObject({ album_id: '7' });
    expect(pathsOf(trackListQuerySchema.safeParse({ order_by: 'release_date' }))).toEqual(['order_by']);
    expect(trackParamsSchema.parse({ id: '31' })).toEqual({ id: '31' });
  });
});

describe('license list query', () => {
  it('defaults to created_at descending and takes all ten license sort fields', () => {
    expect(licenseListQuerySchema.parse({})).toMatchObject({ order_by: 'created_at', order: 'desc' });
    expect(licenseListQuerySchema.parse({ order_by: 'payment_plan', status: 'ACTIVE' })).toMatchObject({
      order_by: 'payment_plan',
      status: 'ACTIVE',
    });
    expect(pathsOf(licenseListQuerySchema.safeParse({ order_by: 'title', status: 'DRAFT' }))).toEqual([
      'order_by',
      'status',
    ]);
  });
});

describe('license suggestion', () => {
  it('needs the album id', () => {
    expect(licenseSuggestionRequestSchema.parse({ albumId: 5 })).toEqual({ albumId: 5 });
    expect(pathsOf(licenseSuggestionRequestSchema.safeParse({}))).toEqual(['albumId']);
  });
});

describe('distribution fee query', () => {
  it('reads settled as a query boolean', () => {
    expect(distributionFeeListQuerySchema.parse({ settled: 'true' })).toEqual({
      offset: 0,
      size: 25,
      settled: true,
    });
    expect(distributionFeeListQuerySchema.parse({ settled: '0' }).settled).toBe(false);
    expect(pathsOf(distributionFeeListQuerySchema.safeParse({ settled: 'maybe', size: '0' }))).toEqual([
      'settled',
      'size',
    ]);
  });
});
