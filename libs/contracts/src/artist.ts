import { z } from 'zod';
import { artistImageSchema } from './media.js';
import { paginatedSchema } from './pagination.js';
import { platformSchema } from './platforms.js';
import { dateStringSchema, idSchema } from './primitives.js';
import { countSchema } from './quantities.js';

/** A simple reference: id and name. */
export const simpleReferenceSchema = /*#__PURE__*/ z.object({ id: idSchema, name: z.string() });
export type SimpleReference = z.infer<typeof simpleReferenceSchema>;

/** Artist role on a release (album and track artists). */
export const ARTIST_ROLES = ['PRIMARY', 'FEATURING'] as const;
export const artistRoleSchema = /*#__PURE__*/ z.enum(ARTIST_ROLES);
export type ArtistRole = z.infer<typeof artistRoleSchema>;
export const ARTIST_ROLE_NAMES: Readonly<Record<ArtistRole, string>> = {
  PRIMARY: 'Primary artist',
  FEATURING: 'Featuring',
};

/** Credit roles: the roles of a track's contributors. */
export const CREDIT_ROLES = [
  'MUSIC_LYRICS',
  'MUSIC',
  'LYRICS',
  'MASTERING',
  'MIXING',
  'RECORDING',
  'PRODUCER',
  'MUSICIAN',
  'REMIXER',
] as const;
export const creditRoleSchema = /*#__PURE__*/ z.enum(CREDIT_ROLES);
export type CreditRole = z.infer<typeof creditRoleSchema>;
export const CREDIT_ROLE_NAMES: Readonly<Record<CreditRole, string>> = {
  MUSIC_LYRICS: 'Music & lyrics',
  MUSIC: 'Music',
  LYRICS: 'Lyrics',
  MASTERING: 'Mastering engineer',
  MIXING: 'Mixing engineer',
  RECORDING: 'Recording engineer',
  PRODUCER: 'Producer',
  MUSICIAN: 'Musician',
  REMIXER: 'Remixer',
};

/**
 * The scopes of GET /v1/artists/roles?scope= (sent lowercase): album and track artists take the artist roles,
 * contributors the credit roles.
 */
export const ROLE_SCOPES = ['album', 'track', 'contributor'] as const;
export const roleScopeSchema = /*#__PURE__*/ z.enum(ROLE_SCOPES);
export type RoleScope = z.infer<typeof roleScopeSchema>;

/** One entry of the roles list: the role's value and its display name. */
export const roleOptionSchema = /*#__PURE__*/ z.object({
  id: z.union([artistRoleSchema, creditRoleSchema]),
  name: z.string(),
});
export type RoleOption = z.infer<typeof roleOptionSchema>;
export const roleOptionsSchema = /*#__PURE__*/ z.array(roleOptionSchema);

/** An artist profile as suggested (GET /v1/artists/suggestions): imageUrl is optional. */
export const artistProfileSuggestionSchema = /*#__PURE__*/ z.object({
  platform: platformSchema,
  platformId: z.string(),
  name: z.string(),
  url: z.string(),
  imageUrl: z.string().nullish(),
});
export type ArtistProfileSuggestion = z.infer<typeof artistProfileSuggestionSchema>;
export const artistProfileSuggestionsSchema = /*#__PURE__*/ z.array(artistProfileSuggestionSchema);

/**
 * Why a platform's own catalogue was not searched for suggestions: NOT_CONFIGURED (this installation has no
 * credentials for it) and UNAVAILABLE (the search failed or timed out) still search the profiles already known to
 * this installation; NOT_SUPPORTED (no artist profiles are kept for the platform) searches nothing.
 */
export const UNSEARCHED_REASONS = ['NOT_CONFIGURED', 'UNAVAILABLE', 'NOT_SUPPORTED'] as const;
export const unsearchedReasonSchema = /*#__PURE__*/ z.enum(UNSEARCHED_REASONS);
export type UnsearchedReason = z.infer<typeof unsearchedReasonSchema>;

/** An asked platform whose own catalogue could not be searched, and why. */
export const unsearchedPlatformSchema = /*#__PURE__*/ z.object({
  platform: platformSchema,
  reason: unsearchedReasonSchema,
});
export type UnsearchedPlatform = z.infer<typeof unsearchedPlatformSchema>;

/**
 * The answer of GET /v1/artists/suggestions: the suggested profiles, a list as the product spec has it. Which asked platforms
 * were not searched, and why, travels in the `X-Unsearched-Platforms` header (unsearched-platforms-header.ts,
 * docs/decisions/0066-the-last-spec-rules.md).
 */
export const artistSuggestionsSchema = artistProfileSuggestionsSchema;
export type ArtistSuggestions = z.infer<typeof artistSuggestionsSchema>;

/** An artist profile as stored on an artist: imageUrl required, with createdAt and updatedAt. */
export const artistProfileSchema = /*#__PURE__*/ artistProfileSuggestionSchema.extend({
  imageUrl: z.string(),
  createdAt: dateStringSchema,
  updatedAt: dateStringSchema,
});
export type ArtistProfile = z.infer<typeof artistProfileSchema>;

/** An artist: the fields every artist answer has. */
export const artistSchema = /*#__PURE__*/ z.object({
  id: idSchema,
  name: z.string(),
  image: artistImageSchema.nullish(),
  createdAt: dateStringSchema,
  updatedAt: dateStringSchema,
});
export type Artist = z.infer<typeof artistSchema>;

/** The detailed artist (GET /v1/artists/{id}, GET /v2/artists): adds profiles, albumCount and trackCount. */
export const artistDetailSchema = /*#__PURE__*/ artistSchema.extend({
  profiles: z.array(artistProfileSchema),
  albumCount: countSchema,
  trackCount: countSchema,
});
export type ArtistDetail = z.infer<typeof artistDetailSchema>;
export const artistPageSchema = /*#__PURE__*/ paginatedSchema(artistDetailSchema);

/** An artist credited on an album or a track: the base artist fields plus the role (PRIMARY or FEATURING). */
export const creditedArtistSchema = /*#__PURE__*/ artistSchema.extend({ role: artistRoleSchema });
export type CreditedArtist = z.infer<typeof creditedArtistSchema>;
export const creditedArtistsSchema = /*#__PURE__*/ z.array(creditedArtistSchema);

/** An artist named in a summary (album summary, trend buckets): a simple reference, with the role if known. */
export const artistReferenceSchema = /*#__PURE__*/ simpleReferenceSchema.extend({
  role: artistRoleSchema.nullish(),
});
export type ArtistReference = z.infer<typeof artistReferenceSchema>;

/** A contributor: a name with a credit role and an optional publisher. */
export const contributorSchema = /*#__PURE__*/ z.object({
  id: idSchema,
  name: z.string(),
  role: creditRoleSchema,
  publisher: z.string().nullish(),
  createdAt: dateStringSchema,
  updatedAt: dateStringSchema,
});
export type Contributor = z.infer<typeof contributorSchema>;
export const contributorPageSchema = /*#__PURE__*/ paginatedSchema(contributorSchema);
