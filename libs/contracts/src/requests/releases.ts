import { z } from 'zod';
import { albumDetailSchema, albumSchema } from '../album.js';
import { CONTENT_STATUSES, releaseReviewStatusSchema } from '../enums.js';
import { paginatedSchema } from '../pagination.js';
import { dateStringSchema, idSchema } from '../primitives.js';
import { checkTrackInput, trackInputFieldsSchema } from './albums.js';
import { listQuerySchema, pathIdSchema, textSchema, uniqueItems } from './common.js';

/**
 * Release editing, review and media calls of our own (docs/decisions/0033-releases-api.md):
 * per-track create, update, reorder, delete and audio upload; the review of an album's readiness; the admin
 * content review queue; and the upload limits the UI can check before sending a file.
 */

// ---------------------------------------------------------------------------------------------------------------
// Tracks

/** POST /v1/albums/{albumId}/tracks: a new track; without `index` it goes last. */
export const createTrackRequestSchema = /*#__PURE__*/ trackInputFieldsSchema
  .omit({ id: true, audio: true })
  .extend({ index: trackInputFieldsSchema.shape.index.optional() })
  .superRefine(checkTrackInput);
export type CreateTrackRequest = z.infer<typeof createTrackRequestSchema>;

/**
 * POST /v1/albums/{albumId}/tracks/{id}: absent fields unchanged, null clears. A new `index` moves the track
 * there (the tracks in between shift by one).
 */
export const updateTrackRequestSchema = /*#__PURE__*/ trackInputFieldsSchema
  .omit({ id: true })
  .extend({ index: trackInputFieldsSchema.shape.index.optional() })
  .superRefine(checkTrackInput);
export type UpdateTrackRequest = z.infer<typeof updateTrackRequestSchema>;

/** POST /v1/albums/{albumId}/tracks/order: every live track of the album, once each, in their new order. */
export const reorderTracksRequestSchema = /*#__PURE__*/ z.object({
  trackIds: z
    .array(idSchema)
    .min(1)
    .max(500)
    .superRefine(uniqueItems((id: string | number) => String(id))),
});
export type ReorderTracksRequest = z.infer<typeof reorderTracksRequestSchema>;

/** POST /v1/albums/{albumId}/tracks/{id}/audio (multipart/form-data, one file part named TRACK_AUDIO_FIELD). */
export const TRACK_AUDIO_FIELD = 'audio';

/**
 * What a track's audio must be, checked by content: WAV, FLAC or AIFF (lossless PCM), 16 or 24 bit, at least
 * 44.1 kHz, stereo. The size limit is the installation's (AUDIO_MAX_BYTES, 1 GiB by default).
 */
export const AUDIO_UPLOAD_RULES = {
  formats: ['WAV', 'FLAC', 'AIFF'],
  types: ['audio/wav', 'audio/flac', 'audio/aiff'],
  bitDepths: [16, 24],
  minSampleRate: 44_100,
  channels: 2,
  /** Shorter files are slips (an empty export, a click), not tracks; stores refuse them too. */
  minSeconds: 1,
} as const;
export type AudioFormat = (typeof AUDIO_UPLOAD_RULES.formats)[number];

/**
 * Album artwork (the `artwork` part of the album form): JPEG or PNG by content, square, at least 3000×3000, RGB.
 * At most ARTWORK_MAX_PIXELS (413 before decoding) and the installation's ARTWORK_MAX_BYTES (50 MiB by default).
 */
export const ARTWORK_UPLOAD_RULES = {
  types: ['image/jpeg', 'image/png'],
  minEdge: 3000,
  maxPixels: 100_000_000,
} as const;

/**
 * The artwork renditions by edge length: large, medium and thumbnail for the UI; `artwork` is the delivery file
 * (3000×3000, RGB without transparency, the upload's format). `original` keeps the upload's size without metadata.
 */
export const ARTWORK_RENDITION_SIZES = { large: 1000, medium: 500, thumbnail: 150, artwork: 3000 } as const;

// ---------------------------------------------------------------------------------------------------------------
// Review of readiness (GET /v1/albums/{id}/review, and the 422 of POST /v1/albums/{id}/publish)

/** The release editor's steps, in order; every problem belongs to one. */
export const RELEASE_EDITOR_STEPS = ['details', 'artists', 'artwork', 'tracks', 'distribution'] as const;
export const releaseEditorStepSchema = /*#__PURE__*/ z.enum(RELEASE_EDITOR_STEPS);
export type ReleaseEditorStep = z.infer<typeof releaseEditorStepSchema>;

/** What can stop a release from being published (docs/decisions/0033-releases-api.md lists the rules). */
export const REVIEW_PROBLEM_CODES = [
  'TITLE_MISSING',
  'PRIMARY_GENRE_MISSING',
  'LANGUAGE_MISSING',
  'FORMAT_MISSING',
  'P_LINE_MISSING',
  'C_LINE_MISSING',
  'BARCODE_MISSING',
  'AI_FLAG_MISSING',
  'PRIMARY_ARTIST_MISSING',
  'ARTWORK_MISSING',
  'TRACKS_MISSING',
  'TRACK_TITLE_MISSING',
  'TRACK_AUDIO_MISSING',
  'TRACK_ISRC_MISSING',
  'TRACK_ORIGINAL_MISSING',
  'TRACK_EXPLICIT_AND_CLEAN',
  'TRACK_INSTRUMENTAL_EXPLICIT',
  'TRACK_INSTRUMENTAL_LYRICS',
  'RELEASE_TYPE_MISMATCH',
  'RELEASE_DATE_MISSING',
  'RELEASE_DATE_TOO_SOON',
  'PLATFORMS_MISSING',
  'TERRITORIES_MISSING',
] as const;
export const reviewProblemCodeSchema = /*#__PURE__*/ z.enum(REVIEW_PROBLEM_CODES);
export type ReviewProblemCode = z.infer<typeof reviewProblemCodeSchema>;

/**
 * One problem: a code to branch on, a message to show, the editor step to send the user to, and the path of the
 * field in the album form (e.g. ['tracks', 2, 'audio'] for the third track by position).
 */
export const reviewProblemSchema = /*#__PURE__*/ z.object({
  code: reviewProblemCodeSchema,
  message: z.string(),
  step: releaseEditorStepSchema,
  path: z.array(z.union([z.string(), z.number()])),
  trackId: idSchema.nullish(),
});
export type ReviewProblem = z.infer<typeof reviewProblemSchema>;

/** GET /v1/albums/{id}/review: whether the album can be published now, every problem, and where it stands. */
export const albumReviewSchema = /*#__PURE__*/ z.object({
  albumId: idSchema,
  ready: z.boolean(),
  problems: z.array(reviewProblemSchema),
  status: z.enum(CONTENT_STATUSES),
  reviewStatus: releaseReviewStatusSchema,
  reviewReasons: z.array(z.string()),
});
export type AlbumReview = z.infer<typeof albumReviewSchema>;

/**
 * The 422 of POST /v1/albums/{id}/publish: the one error shape (details name each problem's form path) plus the
 * problems themselves.
 */
export const releaseNotReadyErrorSchema = /*#__PURE__*/ z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z
      .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
      .optional(),
    problems: z.array(reviewProblemSchema).optional(),
  }),
});
export type ReleaseNotReadyError = z.infer<typeof releaseNotReadyErrorSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Admin content review

/** GET /v1/admin/reviews: albums waiting for content review, oldest submission first by default. */
export const adminReviewQueueQuerySchema = /*#__PURE__*/ listQuerySchema(['submitted_at'] as const, {
  orderBy: 'submitted_at',
  order: 'asc',
});
export type AdminReviewQueueQuery = z.infer<typeof adminReviewQueueQuerySchema>;

/** One waiting album with its owner. */
export const adminReviewItemSchema = /*#__PURE__*/ z.object({
  album: albumSchema,
  account: z.object({ id: idSchema, email: z.string() }),
  trackCount: z.number().int().min(0),
  submittedAt: dateStringSchema,
});
export type AdminReviewItem = z.infer<typeof adminReviewItemSchema>;
export const adminReviewPageSchema = /*#__PURE__*/ paginatedSchema(adminReviewItemSchema);

/**
 * GET /v1/admin/reviews/{albumId}: one waiting album as the reviewer needs it, with its live tracks (audio URLs
 * included) like GET /v1/albums/{id}, and its owner.
 */
export const adminReviewDetailSchema = /*#__PURE__*/ adminReviewItemSchema.extend({
  album: albumDetailSchema,
});
export type AdminReviewDetail = z.infer<typeof adminReviewDetailSchema>;

/** /v1/admin/reviews/{albumId}, …/accept and …/reject. */
export const adminReviewParamsSchema = /*#__PURE__*/ z.object({ albumId: pathIdSchema });

/** POST /v1/admin/reviews/{albumId}/reject: the reasons shown to the owner, at least one. */
export const rejectReviewRequestSchema = /*#__PURE__*/ z.object({
  reasons: z.array(textSchema(1000).min(1)).min(1).max(20),
});
export type RejectReviewRequest = z.infer<typeof rejectReviewRequestSchema>;

/** The answer of accept and reject: the album's review as it now stands. */
export const adminReviewDecisionSchema = /*#__PURE__*/ z.object({
  albumId: idSchema,
  reviewStatus: releaseReviewStatusSchema,
  reviewReasons: z.array(z.string()),
});
export type AdminReviewDecision = z.infer<typeof adminReviewDecisionSchema>;
