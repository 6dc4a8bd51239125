import { z } from 'zod';
import { roleScopeSchema } from '../artist.js';
import { ARTIST_SORT_FIELDS, DEFAULT_ORDERINGS } from '../enums.js';
import { platformSchema } from '../platforms.js';
import {
  listQuerySchema,
  nameSchema,
  pathIdSchema,
  repeatedQuerySchema,
  searchTermSchema,
  textSchema,
  uniqueItems,
} from './common.js';

/** GET /v2/artists: order_by (default name), order (default asc); filter q (name). */
export const artistListQuerySchema = /*#__PURE__*/ listQuerySchema(
  ARTIST_SORT_FIELDS,
  DEFAULT_ORDERINGS.artists,
).extend({
  q: searchTermSchema.optional(),
});
export type ArtistListQuery = z.infer<typeof artistListQuerySchema>;

/** GET /v1/artists/{id}, POST /v1/artists/{id}, DELETE /v1/artists/{id}. */
export const artistParamsSchema = /*#__PURE__*/ z.object({ id: pathIdSchema });

/**
 * GET /v1/artists/suggestions?q={name}&platform[]={platform}: the platform parameter is repeated once per
 * platform; without it every platform with artist profiles is searched.
 */
export const artistSuggestionsQuerySchema = /*#__PURE__*/ z.object({
  q: searchTermSchema.min(1),
  'platform[]': repeatedQuerySchema(platformSchema).optional(),
});
export type ArtistSuggestionsQuery = z.infer<typeof artistSuggestionsQuerySchema>;

/** GET /v1/artists/roles?scope={scope}: the scope is sent lowercase. */
export const artistRolesQuerySchema = /*#__PURE__*/ z.object({ scope: roleScopeSchema });
export type ArtistRolesQuery = z.infer<typeof artistRolesQuerySchema>;

const webUrlSchema = /*#__PURE__*/ z.url({ protocol: /^https?$/, hostname: z.regexes.domain }).max(2048);

/** An artist profile to store on an artist, as a suggestion gives it (imageUrl optional). */
export const artistProfileInputSchema = /*#__PURE__*/ z.object({
  platform: platformSchema,
  platformId: textSchema(200).min(1),
  name: textSchema(200).min(1),
  url: webUrlSchema,
  imageUrl: webUrlSchema.nullish(),
});
export type ArtistProfileInput = z.infer<typeof artistProfileInputSchema>;

/** An artist has at most one profile per platform. */
const profilesInputSchema = /*#__PURE__*/ z
  .array(artistProfileInputSchema)
  .superRefine(uniqueItems((profile: ArtistProfileInput) => profile.platform));

/** POST /v1/artists. */
export const createArtistRequestSchema = /*#__PURE__*/ z.object({
  name: nameSchema(200),
  profiles: profilesInputSchema.optional(),
});
export type CreateArtistRequest = z.infer<typeof createArtistRequestSchema>;

/** POST /v1/artists/{id}: absent fields unchanged; `profiles`, when sent, is the artist's whole profile list. */
export const updateArtistRequestSchema = /*#__PURE__*/ createArtistRequestSchema.partial();
export type UpdateArtistRequest = z.infer<typeof updateArtistRequestSchema>;
