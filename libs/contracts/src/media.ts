import { z } from 'zod';
import { idSchema } from './primitives.js';
import { countSchema } from './quantities.js';

/**
 * Audio and artwork. Renditions other than the original are made by background jobs, so they are absent
 * until their job has run (docs/decisions/0030-contracts-entities.md).
 */

/** One stored image file: its url, size in bytes, pixel dimensions and file name. */
export const imageRenditionSchema = /*#__PURE__*/ z.object({
  url: z.string(),
  size: countSchema,
  width: countSchema,
  height: countSchema,
  name: z.string(),
});
export type ImageRendition = z.infer<typeof imageRenditionSchema>;

/** Album artwork: renditions original, large, medium, thumbnail and artwork (the delivery-ready image). */
export const artworkSchema = /*#__PURE__*/ z.object({
  id: idSchema,
  original: imageRenditionSchema,
  large: imageRenditionSchema.nullish(),
  medium: imageRenditionSchema.nullish(),
  thumbnail: imageRenditionSchema.nullish(),
  artwork: imageRenditionSchema.nullish(),
});
export type Artwork = z.infer<typeof artworkSchema>;

/** The artwork of an album summary (trends): id, medium and thumbnail images. */
export const artworkSummarySchema = /*#__PURE__*/ z.object({
  id: idSchema,
  medium: imageRenditionSchema.nullish(),
  thumbnail: imageRenditionSchema.nullish(),
});
export type ArtworkSummary = z.infer<typeof artworkSummarySchema>;

/** An artist image: id and original, thumbnail, medium, large variants. */
export const artistImageSchema = /*#__PURE__*/ z.object({
  id: idSchema,
  original: imageRenditionSchema,
  thumbnail: imageRenditionSchema.nullish(),
  medium: imageRenditionSchema.nullish(),
  large: imageRenditionSchema.nullish(),
});
export type ArtistImage = z.infer<typeof artistImageSchema>;

/**
 * The uploaded audio file as probed. duration in seconds; sampleRate in Hz; bitRate in bits per second;
 * bitDepth is absent for lossy formats, which have none.
 */
export const audioOriginalSchema = /*#__PURE__*/ z.object({
  name: z.string(),
  url: z.string(),
  size: countSchema,
  sampleRate: countSchema,
  channels: countSchema,
  duration: z.number().min(0),
  format: z.string(),
  bitDepth: countSchema.nullish(),
  bitRate: countSchema,
});
export type AudioOriginal = z.infer<typeof audioOriginalSchema>;

/** The MP3 rendition used for previews (the player's url). */
export const audioMp3Schema = /*#__PURE__*/ z.object({
  url: z.string(),
  size: countSchema,
  duration: z.number().min(0),
});
export type AudioMp3 = z.infer<typeof audioMp3Schema>;

/** A track's audio: the original upload and its MP3 preview. */
export const audioSchema = /*#__PURE__*/ z.object({
  id: idSchema,
  original: audioOriginalSchema,
  mp3: audioMp3Schema.nullish(),
});
export type Audio = z.infer<typeof audioSchema>;

/**
 * The path of a stored media file (an image rendition or an audio file): the media id and the file name. Loose on
 * purpose: an id or name that is not one of ours is a 404, not a 400, since the URL itself is the capability.
 */
export const mediaFileParamsSchema = /*#__PURE__*/ z.object({
  id: z.string().max(64),
  file: z.string().max(64),
});
/** An audio original's signed link: when it expires (Unix seconds) and its signature. */
export const mediaAudioQuerySchema = /*#__PURE__*/ z.object({
  expires: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  signature: z.string().max(128).optional(),
});
