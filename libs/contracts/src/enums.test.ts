import { describe, expect, it } from 'vitest';
import {
  ALBUM_SORT_FIELDS,
  ARTIST_SORT_FIELDS,
  CONTENT_STATUSES,
  DEFAULT_ORDERINGS,
  GENRES,
  LANGUAGE_CODES,
  LICENSE_SORT_FIELDS,
  METADATA_SEARCH_FIELDS,
  PLAN_TYPES,
  PROCESS_STATUSES,
  RELEASE_METADATA_FIELDS,
  RELEASE_REVIEW_STATUSES,
  RELEASE_TYPES,
  STATUSES,
  TERRITORIES,
  TRACK_SORT_FIELDS,
  genreSchema,
  languageCodeSchema,
  releaseReviewStatusSchema,
  territorySchema,
} from './enums.js';
import { basisPointsSchema, countSchema, microUnitsSchema, minorUnitsSchema } from './quantities.js';

const unique = (values: readonly string[]) => new Set(values).size === values.length;

describe('enumerations', () => {
  it('have the sizes the spec lists, each value once', () => {
    const sizes: [readonly string[], number][] = [
      [GENRES, 24],
      [RELEASE_TYPES, 4],
      [STATUSES, 2],
      [CONTENT_STATUSES, 3],
      [RELEASE_REVIEW_STATUSES, 6],
      [PROCESS_STATUSES, 3],
      [PLAN_TYPES, 4],
      [RELEASE_METADATA_FIELDS, 8],
      [METADATA_SEARCH_FIELDS, 3],
      [ALBUM_SORT_FIELDS, 5],
      [TRACK_SORT_FIELDS, 3],
      [ARTIST_SORT_FIELDS, 3],
      [LICENSE_SORT_FIELDS, 10],
    ];
    for (const [values, size] of sizes) {
      expect(values).toHaveLength(size);
      expect(unique(values)).toBe(true);
    }
  });

  it('spell genres exactly as the spec does', () => {
    expect(GENRES).toContain('HIP_HOP_RAP');
    expect(GENRES).toContain('R_B_SOUL');
    expect(GENRES).toContain('CHILDRENS_MUSIC');
    expect(genreSchema.safeParse('HIP_HOP').success).toBe(false);
    expect(genreSchema.safeParse('pop').success).toBe(false);
  });

  it('know the language codes the spec names and no plain Chinese', () => {
    for (const code of [
      'CMN_HANS',
      'CMN_HANT',
      'JA_KANA',
      'JA_LATN',
      'YUE_HANT',
      'ES_419',
      'EN',
      'JA',
      'ES',
    ]) {
      expect(languageCodeSchema.parse(code)).toBe(code);
    }
    expect(LANGUAGE_CODES).not.toContain('ZH');
    expect(unique(LANGUAGE_CODES)).toBe(true);
    expect(languageCodeSchema.safeParse('en').success).toBe(false);
  });

  it('use the country codes, Kosovo included, as territories', () => {
    expect(TERRITORIES).toContain('XK');
    expect(territorySchema.parse('NL')).toBe('NL');
    expect(territorySchema.safeParse('WORLD').success).toBe(false);
  });

  it('read an unknown review status as UNKNOWN but refuse a non-string', () => {
    expect(releaseReviewStatusSchema.parse('LIVE')).toBe('LIVE');
    expect(releaseReviewStatusSchema.parse('IN_QA')).toBe('UNKNOWN');
    expect(releaseReviewStatusSchema.safeParse(3).success).toBe(false);
  });

  it('order by created_at descending by default, artists by name ascending', () => {
    expect(DEFAULT_ORDERINGS.albums).toEqual({ orderBy: 'created_at', order: 'desc' });
    expect(DEFAULT_ORDERINGS.tracks).toEqual({ orderBy: 'created_at', order: 'desc' });
    expect(DEFAULT_ORDERINGS.licenses).toEqual({ orderBy: 'created_at', order: 'desc' });
    expect(DEFAULT_ORDERINGS.artists).toEqual({ orderBy: 'name', order: 'asc' });
  });
});

describe('quantities', () => {
  it('are whole numbers; counts and shares have bounds', () => {
    expect(minorUnitsSchema.parse(-250)).toBe(-250);
    expect(microUnitsSchema.safeParse(0.5).success).toBe(false);
    expect(microUnitsSchema.safeParse(Number.MAX_SAFE_INTEGER + 2).success).toBe(false);
    expect(countSchema.safeParse(-1).success).toBe(false);
    expect(basisPointsSchema.safeParse(10_001).success).toBe(false);
    expect(basisPointsSchema.parse(10_000)).toBe(10_000);
  });
});
