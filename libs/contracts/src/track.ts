import { z } from 'zod';
import { contributorSchema, creditedArtistSchema } from './artist.js';
import { genreSchema, languageCodeSchema, metadataSearchFieldSchema } from './enums.js';
import { audioSchema } from './media.js';
import { paginatedSchema } from './pagination.js';
import { dateStringSchema, idSchema, lenientBooleanSchema } from './primitives.js';

/** The recording a cover or remix is based on. */
export const trackOriginalSchema = /*#__PURE__*/ z.object({
  title: z.string(),
  artist: z.string(),
});
export type TrackOriginal = z.infer<typeof trackOriginalSchema>;

/**
 * A track. Its nullish fields may be absent or null; the rest are always present (blank text
 * is ''). previewStart is in seconds from the start of the audio. A track is soft-deleted when deletedAt is set.
 */
export const trackSchema = /*#__PURE__*/ z.object({
  id: idSchema,
  index: z.number().int().min(0),
  title: z.string().nullish(),
  version: z.string().nullish(),
  primaryGenre: genreSchema.nullish(),
  secondaryGenre: genreSchema.nullish(),
  isrc: z.string().nullish(),
  previewStart: z.number().min(0).nullish(),
  pLine: z.string(),
  cLine: z.string(),
  instrumental: lenientBooleanSchema.nullish(),
  explicit: lenientBooleanSchema.nullish(),
  clean: lenientBooleanSchema.nullish(),
  cover: lenientBooleanSchema.nullish(),
  remix: lenientBooleanSchema.nullish(),
  lyrics: z.string(),
  lyricsLanguage: languageCodeSchema.nullish(),
  artists: z.array(creditedArtistSchema),
  audio: audioSchema.nullish(),
  contributors: z.array(contributorSchema),
  original: trackOriginalSchema.nullish(),
  autofill: z.array(metadataSearchFieldSchema),
  createdAt: dateStringSchema,
  updatedAt: dateStringSchema,
  deletedAt: dateStringSchema.nullish(),
});
export type Track = z.infer<typeof trackSchema>;

/** GET /v1/albums/{albumId}/tracks. */
export const trackListSchema = /*#__PURE__*/ z.array(trackSchema);
/** GET /v2/tracks. */
export const trackPageSchema = /*#__PURE__*/ paginatedSchema(trackSchema);

/** A track is soft-deleted when deletedAt is set. */
export function isTrackDeleted(track: Pick<Track, 'deletedAt'>): boolean {
  return track.deletedAt !== undefined && track.deletedAt !== null;
}
