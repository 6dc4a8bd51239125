import { z } from 'zod';
import { albumStatusSchema } from '../album.js';
import { artistRoleSchema, creditRoleSchema } from '../artist.js';
import {
  ALBUM_SORT_FIELDS,
  DEFAULT_ORDERINGS,
  genreSchema,
  languageCodeSchema,
  metadataSearchFieldSchema,
  planTypeSchema,
  releaseMetadataFieldSchema,
  releaseTypeSchema,
  TERRITORIES,
  territorySchema,
} from '../enums.js';
import { platformSchema } from '../platforms.js';
import { idSchema, lenientNumberSchema } from '../primitives.js';
import {
  calendarDateSchema,
  formBooleanSchema,
  formIntegerSchema,
  listQuerySchema,
  nameSchema,
  pathIdSchema,
  searchTermSchema,
  textSchema,
  uniqueItems,
} from './common.js';

/** GET /v2/albums: order_by (default created_at), order (default desc); filters q (title), status and artist. */
export const albumListQuerySchema = /*#__PURE__*/ listQuerySchema(
  ALBUM_SORT_FIELDS,
  DEFAULT_ORDERINGS.albums,
).extend({
  q: searchTermSchema.optional(),
  status: albumStatusSchema.optional(),
  /** Albums crediting this artist (on the album or on one of its tracks). */
  artist: pathIdSchema.optional(),
});
export type AlbumListQuery = z.infer<typeof albumListQuerySchema>;
/** GET /v2/artists/{artistId}/albums takes the same query. */
export const artistAlbumListQuerySchema = albumListQuerySchema;

/** /v1/albums/{id} (GET, POST, DELETE) and its platforms, distribution-fee and publish calls. */
export const albumParamsSchema = /*#__PURE__*/ z.object({ id: pathIdSchema });
/** /v1/albums/{albumId}/artists and /v1/albums/{albumId}/tracks. */
export const albumChildrenParamsSchema = /*#__PURE__*/ z.object({ albumId: pathIdSchema });
/** /v1/albums/{albumId}/tracks/{id}. */
export const albumTrackParamsSchema = /*#__PURE__*/ z.object({ albumId: pathIdSchema, id: pathIdSchema });
/** /v2/artists/{artistId}/albums. */
export const artistAlbumsParamsSchema = /*#__PURE__*/ z.object({ artistId: pathIdSchema });

/**
 * A UPC-A (12 digits) or EAN-13 (13 digits) barcode with a valid GS1 check digit. Spaces and hyphens are
 * dropped first.
 */
export const barcodeSchema = /*#__PURE__*/ z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d{12,13}$/, 'Expected a 12 or 13 digit UPC/EAN barcode')
      .refine(hasValidCheckDigit, 'The barcode check digit does not match'),
  );

function hasValidCheckDigit(digits: string): boolean {
  const body = digits.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    // Weights 3,1,3,... from the digit next to the check digit.
    sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

/** An ISRC (CC-XXX-YY-NNNNN), upper-cased, without hyphens or spaces. */
export const isrcSchema = /*#__PURE__*/ z
  .string()
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/, 'Expected an ISRC such as NLA1F2400001'));

/** In a request, every territory at once. */
export const WORLDWIDE = 'WORLDWIDE';

/** ℗ and © lines, labels, titles: short single-line text. */
const lineSchema = /*#__PURE__*/ textSchema(200);

/** Absent: unchanged. null: cleared. */
const clearable = <Schema extends z.ZodType>(schema: Schema) => schema.nullable().optional();

/** An artist credited on the album or a track, by id. */
export const creditedArtistInputSchema = /*#__PURE__*/ z.object({ id: idSchema, role: artistRoleSchema });
export type CreditedArtistInput = z.infer<typeof creditedArtistInputSchema>;

/** A track contributor: an existing contributor by id, or a new one by name, role and publisher. */
export const contributorInputSchema = /*#__PURE__*/ z
  .object({
    id: idSchema.optional(),
    name: nameSchema(200).optional(),
    role: creditRoleSchema,
    publisher: clearable(textSchema(200)),
  })
  .superRefine((contributor, context) => {
    if (contributor.id === undefined && contributor.name === undefined) {
      context.addIssue({ code: 'custom', path: ['name'], message: 'A new contributor needs a name' });
    }
  });
export type ContributorInput = z.infer<typeof contributorInputSchema>;

const creditedArtistsInputSchema = /*#__PURE__*/ z
  .array(creditedArtistInputSchema)
  .max(50)
  .superRefine(uniqueItems((artist: CreditedArtistInput) => String(artist.id)));

/** The fields of a track as the release editor sends them (without the cross-field checks of checkTrackInput). */
export const trackInputFieldsSchema = /*#__PURE__*/ z.object({
  id: idSchema.optional(),
  index: formIntegerSchema.pipe(z.number().min(1)),
  title: clearable(lineSchema),
  version: clearable(lineSchema),
  primaryGenre: clearable(genreSchema),
  secondaryGenre: clearable(genreSchema),
  isrc: clearable(isrcSchema),
  previewStart: clearable(lenientNumberSchema.pipe(z.number().min(0))),
  pLine: lineSchema.optional(),
  cLine: lineSchema.optional(),
  instrumental: formBooleanSchema.optional(),
  explicit: formBooleanSchema.optional(),
  clean: formBooleanSchema.optional(),
  cover: formBooleanSchema.optional(),
  remix: formBooleanSchema.optional(),
  lyrics: textSchema(20_000).optional(),
  lyricsLanguage: clearable(languageCodeSchema),
  artists: creditedArtistsInputSchema.optional(),
  contributors: z.array(contributorInputSchema).max(100).optional(),
  original: clearable(z.object({ title: lineSchema.min(1), artist: lineSchema.min(1) })),
  autofill: z.array(metadataSearchFieldSchema).superRefine(uniqueItems()).optional(),
  audio: z.null().optional(),
});

/** A track cannot be both explicit and clean, and a cover cannot have its original cleared. */
export function checkTrackInput(
  track: {
    explicit?: boolean | undefined;
    clean?: boolean | undefined;
    cover?: boolean | undefined;
    original?: unknown;
  },
  context: z.RefinementCtx,
) {
  if (track.explicit === true && track.clean === true) {
    context.addIssue({
      code: 'custom',
      path: ['clean'],
      message: 'A track cannot be both explicit and clean',
    });
  }
  if (track.cover === true && track.original === null) {
    context.addIssue({ code: 'custom', path: ['original'], message: 'A cover names its original' });
  }
}

/**
 * A track as the release editor sends it in the album form. With an id it changes that track (absent fields
 * unchanged); without one it adds a track. Its audio file is uploaded on its own
 * (POST /v1/albums/{albumId}/tracks/{id}/audio); `audio: null` removes it.
 */
export const trackInputSchema = /*#__PURE__*/ trackInputFieldsSchema.superRefine(checkTrackInput);
export type TrackInput = z.infer<typeof trackInputSchema>;

/**
 * POST /v1/albums and POST /v1/albums/{id}: the release editor's form payload. Every field is optional (a new
 * album starts as a draft); on update an absent field is unchanged and null clears it. `tracks`, when sent, is
 * the album's whole track list: tracks left out are soft-deleted. The form is multipart: the JSON of this body in
 * the part ALBUM_FORM_PARTS.metadata and the artwork file in ALBUM_FORM_PARTS.artwork (`artwork: null` removes it).
 * `territories` is a list of country codes, or 'WORLDWIDE' for every one of them.
 */
export const albumFormRequestSchema = /*#__PURE__*/ z
  .object({
    title: clearable(lineSchema),
    version: clearable(lineSchema),
    primaryGenre: clearable(genreSchema),
    secondaryGenre: clearable(genreSchema),
    language: clearable(languageCodeSchema),
    recordLabel: clearable(lineSchema),
    barcode: clearable(barcodeSchema),
    originalReleaseDate: clearable(calendarDateSchema),
    releaseDate: clearable(calendarDateSchema),
    catalogNumber: clearable(textSchema(50)),
    format: clearable(releaseTypeSchema),
    recordingLocation: clearable(lineSchema),
    pLine: clearable(lineSchema),
    cLine: clearable(lineSchema),
    ai: formBooleanSchema.optional(),
    artists: creditedArtistsInputSchema.optional(),
    platforms: z.array(platformSchema).superRefine(uniqueItems()).optional(),
    territories: z
      .preprocess(
        (value) => (value === WORLDWIDE ? [...TERRITORIES] : value),
        z.array(territorySchema).superRefine(uniqueItems()),
      )
      .optional(),
    autofill: z.array(releaseMetadataFieldSchema).superRefine(uniqueItems()).optional(),
    artwork: z.null().optional(),
    tracks: z
      .array(trackInputSchema)
      .max(500)
      .superRefine(uniqueItems((track: TrackInput) => track.index))
      .optional(),
  })
  .superRefine((album, context) => {
    if (album.primaryGenre && album.secondaryGenre && album.primaryGenre === album.secondaryGenre) {
      context.addIssue({
        code: 'custom',
        path: ['secondaryGenre'],
        message: 'The secondary genre differs from the primary genre',
      });
    }
    if (album.originalReleaseDate && album.releaseDate && album.originalReleaseDate > album.releaseDate) {
      context.addIssue({
        code: 'custom',
        path: ['originalReleaseDate'],
        message: 'The original release date is not after the release date',
      });
    }
  });
export type AlbumFormRequest = z.infer<typeof albumFormRequestSchema>;
/** POST /v1/albums. */
export const createAlbumRequestSchema = albumFormRequestSchema;
export type CreateAlbumRequest = AlbumFormRequest;
/** POST /v1/albums/{id}. */
export const updateAlbumRequestSchema = albumFormRequestSchema;
export type UpdateAlbumRequest = AlbumFormRequest;

/**
 * The parts of the album form payload (multipart/form-data, docs/decisions/0033-releases-api.md):
 * - `metadata`: a text field holding the JSON of albumFormRequestSchema (required, at most one);
 * - `artwork`: an optional JPEG or PNG file (ARTWORK_UPLOAD_LIMITS).
 * Any other part is refused (400 naming it). The same calls also take the metadata alone as an application/json
 * body. Track audio is uploaded per track: POST /v1/albums/{albumId}/tracks/{id}/audio.
 */
export const ALBUM_FORM_PARTS = { metadata: 'metadata', artwork: 'artwork' } as const;

/**
 * POST /v1/albums/{id}/publish: the owner accepts the terms (which also confirms ownership of the recordings, see
 * the license's termsAcceptedAt) and may choose the payment plan; without one the suggested license's plan applies.
 */
export const publishAlbumRequestSchema = /*#__PURE__*/ z.object({
  termsAccepted: formBooleanSchema.refine((accepted) => accepted, 'Accept the terms to publish'),
  paymentPlan: planTypeSchema.optional(),
});
export type PublishAlbumRequest = z.infer<typeof publishAlbumRequestSchema>;

/**
 * DELETE /v1/albums/{id}?expected_amount_due=: the settlement amount (minor units) the client showed. A mismatch
 * with the current offer is a 409.
 */
export const deleteAlbumQuerySchema = /*#__PURE__*/ z.object({
  expected_amount_due: formIntegerSchema.pipe(z.number().min(0)).optional(),
});
export type DeleteAlbumQuery = z.infer<typeof deleteAlbumQuerySchema>;
