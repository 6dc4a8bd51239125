import { describe, expect, it } from 'vitest';
import {
  adminReviewQueueQuerySchema,
  albumReviewSchema,
  createTrackRequestSchema,
  rejectReviewRequestSchema,
  releaseNotReadyErrorSchema,
  reorderTracksRequestSchema,
  updateTrackRequestSchema,
} from './releases.js';

const pathsOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')).sort();

describe('track requests', () => {
  it('create takes an optional index and the track fields, with the cross-field checks', () => {
    expect(createTrackRequestSchema.parse({ title: ' Song ', isrc: 'gb-xyz-26-00001' })).toEqual({
      title: 'Song',
      isrc: 'GBXYZ2600001',
    });
    expect(pathsOf(createTrackRequestSchema.safeParse({ index: 0 }))).toEqual(['index']);
    expect(pathsOf(createTrackRequestSchema.safeParse({ explicit: true, clean: true }))).toEqual(['clean']);
  });

  it('update takes any subset, null clearing, and refuses a cover without original', () => {
    expect(updateTrackRequestSchema.parse({ version: null, audio: null })).toEqual({
      version: null,
      audio: null,
    });
    expect(pathsOf(updateTrackRequestSchema.safeParse({ cover: true, original: null }))).toEqual([
      'original',
    ]);
  });

  it('reorder lists ids once each', () => {
    expect(reorderTracksRequestSchema.parse({ trackIds: ['a', 2] })).toEqual({ trackIds: ['a', 2] });
    expect(pathsOf(reorderTracksRequestSchema.safeParse({ trackIds: ['a', 'a'] }))).toEqual(['trackIds.1']);
    expect(pathsOf(reorderTracksRequestSchema.safeParse({ trackIds: [] }))).toEqual(['trackIds']);
  });
});

describe('review', () => {
  it('reads a review, the 422 with problems and the admin queue query', () => {
    const problem = { code: 'ARTWORK_MISSING', message: 'Upload it', step: 'artwork', path: ['artwork'] };
    expect(
      albumReviewSchema.parse({
        albumId: 'a1',
        ready: false,
        problems: [problem],
        status: 'DRAFT',
        reviewStatus: 'SOMETHING_NEW',
        reviewReasons: [],
      }).reviewStatus,
    ).toBe('UNKNOWN');
    expect(
      releaseNotReadyErrorSchema.parse({
        error: { code: 'UNPROCESSABLE', message: 'no', problems: [problem] },
      }).error.problems,
    ).toHaveLength(1);
    expect(
      pathsOf(
        albumReviewSchema.safeParse({ albumId: 1, ready: true, problems: [{ ...problem, step: 'x' }] }),
      ),
    ).toContain('problems.0.step');
    expect(adminReviewQueueQuerySchema.parse({})).toEqual({
      offset: 0,
      size: 25,
      order_by: 'submitted_at',
      order: 'asc',
    });
    expect(pathsOf(rejectReviewRequestSchema.safeParse({ reasons: [] }))).toEqual(['reasons']);
    expect(pathsOf(rejectReviewRequestSchema.safeParse({ reasons: ['  '] }))).toEqual(['reasons.0']);
  });
});
