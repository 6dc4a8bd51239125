import { z } from 'zod';
import { artistReferenceSchema, creditedArtistSchema } from './artist.js';
import {
  CONTENT_STATUSES,
  genreSchema,
  releaseReviewStatusSchema,
  languageCodeSchema,
  releaseMetadataFieldSchema,
  releaseTypeSchema,
  territorySchema,
} from './enums.js';
import { artworkSchema, artworkSummarySchema } from './media.js';
import { paginatedSchema } from './pagination.js';
import { linkSchema, platformSchema } from './platforms.js';
import { dateStringSchema, idSchema, lenientBooleanSchema } from './primitives.js';
import { trackSchema } from './track.js';

/**
 * Album status: the spec does not show its values. An album is a draft until published and edited once changed
 * after publishing, so it takes the content statuses.
 */
export const ALBUM_STATUSES = CONTENT_STATUSES;
export const albumStatusSchema = /*#__PURE__*/ z.enum(ALBUM_STATUSES);
export type AlbumStatus = z.infer<typeof albumStatusSchema>;

/**
 * An album: every field optional except id. `format` is the release type; `platforms` the delivery
 * platforms chosen; `territories` the country codes it is released in; `autofill` the metadata fields that were
 * filled in automatically.
 */
export const albumSchema = /*#__PURE__*/ z.object({
  id: idSchema,
  title: z.string().nullish(),
  status: albumStatusSchema.nullish(),
  version: z.string().nullish(),
  primaryGenre: genreSchema.nullish(),
  secondaryGenre: genreSchema.nullish(),
  language: languageCodeSchema.nullish(),
  recordLabel: z.string().nullish(),
  barcode: z.string().nullish(),
  originalReleaseDate: dateStringSchema.nullish(),
  releaseDate: dateStringSchema.nullish(),
  catalogNumber: z.string().nullish(),
  format: releaseTypeSchema.nullish(),
  recordingLocation: z.string().nullish(),
  pLine: z.string().nullish(),
  cLine: z.string().nullish(),
  ai: lenientBooleanSchema.nullish(),
  artists: z.array(creditedArtistSchema).nullish(),
  platforms: z.array(platformSchema).nullish(),
  territories: z.array(territorySchema).nullish(),
  artwork: artworkSchema.nullish(),
  autofill: z.array(releaseMetadataFieldSchema).nullish(),
  createdAt: dateStringSchema.nullish(),
  updatedAt: dateStringSchema.nullish(),
  publishedAt: dateStringSchema.nullish(),
  deletedAt: dateStringSchema.nullish(),
  /**
   * Where the release stands in content review (docs/decisions/0034-release-states.md), and the reviewer's reasons
   * when it was rejected. Our own addition to the album's fields, made by the releases API.
   */
  reviewStatus: releaseReviewStatusSchema.nullish(),
  reviewReasons: z.array(z.string()).nullish(),
  /**
   * Our own addition: with reviewStatus ACCEPTED, the release date of a release already taken in by a platform —
   * pre-release until that day, LIVE from it (pre-release.ts). Absent otherwise.
   */
  liveOn: dateStringSchema.nullish(),
});
export type Album = z.infer<typeof albumSchema>;

/** The detailed album (GET/POST /v1/albums/{id}, POST /v1/albums, publish): adds tracks and links. */
export const albumDetailSchema = /*#__PURE__*/ albumSchema.extend({
  tracks: z.array(trackSchema),
  links: z.array(linkSchema),
});
export type AlbumDetail = z.infer<typeof albumDetailSchema>;

/** GET /v2/albums and GET /v2/artists/{artistId}/albums. */
export const albumPageSchema = /*#__PURE__*/ paginatedSchema(albumSchema);

/**
 * An album summary (trends, fee reports). version and barcode are always present, null when the album has
 * none; isCollaboration is true when more than one primary artist shares the release.
 */
export const albumSummarySchema = /*#__PURE__*/ z.object({
  id: idSchema,
  title: z.string().nullish(),
  version: z.string().nullable(),
  barcode: z.string().nullable(),
  artwork: artworkSummarySchema.nullish(),
  artists: z.array(artistReferenceSchema),
  isCollaboration: lenientBooleanSchema,
});
export type AlbumSummary = z.infer<typeof albumSummarySchema>;
