import { z } from 'zod';
import { COUNTRY_CODES, countryCodeSchema } from './primitives.js';

/**
 * Enumerations that more than one entity family uses. Enumerations owned by one family live with it
 * (platforms and stores in platforms.ts, roles in artist.ts, trend bucket kinds in trends.ts).
 */

/**
 * An enumeration that reads an unknown string as `fallback` (an enum must match a known value unless it
 * has a fallback). Anything that is not a string is still refused.
 */
export function enumWithFallback<const Values extends readonly [string, ...string[]]>(
  values: Values,
  fallback: Values[number],
) {
  return z.union([z.enum(values), z.string().transform((): Values[number] => fallback)]);
}

/** Primary genres (album level), 24 values. Album and track primaryGenre/secondaryGenre use this list. */
export const GENRES = [
  'ALTERNATIVE',
  'AUDIOBOOKS',
  'BLUES',
  'CHILDRENS_MUSIC',
  'CLASSICAL',
  'COMEDY',
  'COUNTRY',
  'DANCE',
  'ELECTRONIC',
  'FOLK',
  'HIP_HOP_RAP',
  'HOLIDAY',
  'INSPIRATIONAL',
  'JAZZ',
  'LATIN',
  'NEW_AGE',
  'OPERA',
  'POP',
  'R_B_SOUL',
  'REGGAE',
  'ROCK',
  'SPOKEN_WORD',
  'SOUNDTRACK',
  'VOCAL',
] as const;
export const genreSchema = /*#__PURE__*/ z.enum(GENRES);
export type Genre = z.infer<typeof genreSchema>;

/**
 * Language codes: ISO 639-1 upper-cased, with Chinese given by language and script (CMN_HANS, CMN_HANT, YUE_HANT,
 * so no plain ZH), the Japanese script variants JA_KANA and JA_LATN, and Latin-American Spanish ES_419 (all named by
 * the spec). The deprecated BH is left out. See docs/decisions/0030-contracts-entities.md.
 */
export const LANGUAGE_CODES = [
  'AA',
  'AB',
  'AE',
  'AF',
  'AK',
  'AM',
  'AN',
  'AR',
  'AS',
  'AV',
  'AY',
  'AZ',
  'BA',
  'BE',
  'BG',
  'BI',
  'BM',
  'BN',
  'BO',
  'BR',
  'BS',
  'CA',
  'CE',
  'CH',
  'CMN_HANS',
  'CMN_HANT',
  'CO',
  'CR',
  'CS',
  'CU',
  'CV',
  'CY',
  'DA',
  'DE',
  'DV',
  'DZ',
  'EE',
  'EL',
  'EN',
  'EO',
  'ES',
  'ES_419',
  'ET',
  'EU',
  'FA',
  'FF',
  'FI',
  'FJ',
  'FO',
  'FR',
  'FY',
  'GA',
  'GD',
  'GL',
  'GN',
  'GU',
  'GV',
  'HA',
  'HE',
  'HI',
  'HO',
  'HR',
  'HT',
  'HU',
  'HY',
  'HZ',
  'IA',
  'ID',
  'IE',
  'IG',
  'II',
  'IK',
  'IO',
  'IS',
  'IT',
  'IU',
  'JA',
  'JA_KANA',
  'JA_LATN',
  'JV',
  'KA',
  'KG',
  'KI',
  'KJ',
  'KK',
  'KL',
  'KM',
  'KN',
  'KO',
  'KR',
  'KS',
  'KU',
  'KV',
  'KW',
  'KY',
  'LA',
  'LB',
  'LG',
  'LI',
  'LN',
  'LO',
  'LT',
  'LU',
  'LV',
  'MG',
  'MH',
  'MI',
  'MK',
  'ML',
  'MN',
  'MR',
  'MS',
  'MT',
  'MY',
  'NA',
  'NB',
  'ND',
  'NE',
  'NG',
  'NL',
  'NN',
  'NO',
  'NR',
  'NV',
  'NY',
  'OC',
  'OJ',
  'OM',
  'OR',
  'OS',
  'PA',
  'PI',
  'PL',
  'PS',
  'PT',
  'QU',
  'RM',
  'RN',
  'RO',
  'RU',
  'RW',
  'SA',
  'SC',
  'SD',
  'SE',
  'SG',
  'SI',
  'SK',
  'SL',
  'SM',
  'SN',
  'SO',
  'SQ',
  'SR',
  'SS',
  'ST',
  'SU',
  'SV',
  'SW',
  'TA',
  'TE',
  'TG',
  'TH',
  'TI',
  'TK',
  'TL',
  'TN',
  'TO',
  'TR',
  'TS',
  'TT',
  'TW',
  'TY',
  'UG',
  'UK',
  'UR',
  'UZ',
  'VE',
  'VI',
  'VO',
  'WA',
  'WO',
  'XH',
  'YI',
  'YO',
  'YUE_HANT',
  'ZA',
  'ZU',
] as const;
export const languageCodeSchema = /*#__PURE__*/ z.enum(LANGUAGE_CODES);
export type LanguageCode = z.infer<typeof languageCodeSchema>;

/** Territories: the spec does not show the values; they are the country codes (ISO 3166-1 alpha-2 plus XK). */
export const TERRITORIES = COUNTRY_CODES;
export const territorySchema = countryCodeSchema;
export type Territory = z.infer<typeof territorySchema>;

/** Release type (album format). */
export const RELEASE_TYPES = ['ALBUM', 'BOXSET', 'EP', 'SINGLE'] as const;
export const releaseTypeSchema = /*#__PURE__*/ z.enum(RELEASE_TYPES);
export type ReleaseType = z.infer<typeof releaseTypeSchema>;

/** Status: PENDING, ACTIVE (license status). */
export const STATUSES = ['PENDING', 'ACTIVE'] as const;
export const statusSchema = /*#__PURE__*/ z.enum(STATUSES);
export type Status = z.infer<typeof statusSchema>;

/** Content status: the album's own status (see album.ts ALBUM_STATUSES). */
export const CONTENT_STATUSES = ['DRAFT', 'PUBLISHED', 'EDITED'] as const;
export const contentStatusSchema = /*#__PURE__*/ z.enum(CONTENT_STATUSES);
export type ContentStatus = z.infer<typeof contentStatusSchema>;

/** Release review status. Also the per-platform delivery status (see platforms.ts); UNKNOWN is its fallback. */
export const RELEASE_REVIEW_STATUSES = [
  'PENDING',
  'SUBMITTED',
  'REJECTED',
  'ACCEPTED',
  'LIVE',
  'UNKNOWN',
] as const;
export const releaseReviewStatusSchema = /*#__PURE__*/ enumWithFallback(RELEASE_REVIEW_STATUSES, 'UNKNOWN');
export type ReleaseReviewStatus = (typeof RELEASE_REVIEW_STATUSES)[number];

/** "Another status set" of the spec: the progress of a background process (upload, rendition, challenge). */
export const PROCESS_STATUSES = ['INITIALIZED', 'PENDING', 'COMPLETED'] as const;
export const processStatusSchema = /*#__PURE__*/ z.enum(PROCESS_STATUSES);
export type ProcessStatus = z.infer<typeof processStatusSchema>;

/** Plan type: the id of a reporting (payment) plan. */
export const PLAN_TYPES = ['FREE', 'FREE_DISTRIBUTION', 'EARLY_ADOPTER', 'STANDARD'] as const;
export const planTypeSchema = /*#__PURE__*/ z.enum(PLAN_TYPES);
export type PlanType = z.infer<typeof planTypeSchema>;

/** Release metadata field kinds: the album fields that can be filled in automatically (album.autofill). */
export const RELEASE_METADATA_FIELDS = [
  'BARCODE',
  'CATALOG_NUMBER',
  'LANGUAGE',
  'RECORD_LABEL',
  'RECORDING_LOCATION',
  'RELEASE_DATE',
  'C_LINE',
  'P_LINE',
] as const;
export const releaseMetadataFieldSchema = /*#__PURE__*/ z.enum(RELEASE_METADATA_FIELDS);
export type ReleaseMetadataField = z.infer<typeof releaseMetadataFieldSchema>;

/** Metadata search field set: the track fields filled in from a metadata search (track.autofill). */
export const METADATA_SEARCH_FIELDS = ['ISRC', 'ARTISTS', 'GENRES'] as const;
export const metadataSearchFieldSchema = /*#__PURE__*/ z.enum(METADATA_SEARCH_FIELDS);
export type MetadataSearchField = z.infer<typeof metadataSearchFieldSchema>;

/** Sort fields (wire values of `order_by`). */
export const ALBUM_SORT_FIELDS = [
  'created_at',
  'updated_at',
  'title',
  'release_date',
  'published_at',
] as const;
export const TRACK_SORT_FIELDS = ['created_at', 'updated_at', 'title'] as const;
export const ARTIST_SORT_FIELDS = ['name', 'created_at', 'updated_at'] as const;
export const LICENSE_SORT_FIELDS = [
  'created_at',
  'updated_at',
  'status',
  'payment_plan',
  'assigned_at',
  'activated_at',
  'revoked_at',
  'canceled_at',
  'starts_at',
  'ends_at',
] as const;
export type AlbumSortField = (typeof ALBUM_SORT_FIELDS)[number];
export type TrackSortField = (typeof TRACK_SORT_FIELDS)[number];
export type ArtistSortField = (typeof ARTIST_SORT_FIELDS)[number];
export type LicenseSortField = (typeof LICENSE_SORT_FIELDS)[number];

/** Default orderings: albums, tracks, licenses created_at descending; artists name ascending. */
export const DEFAULT_ORDERINGS = {
  albums: { orderBy: 'created_at', order: 'desc' },
  tracks: { orderBy: 'created_at', order: 'desc' },
  licenses: { orderBy: 'created_at', order: 'desc' },
  artists: { orderBy: 'name', order: 'asc' },
} as const satisfies Record<string, { orderBy: string; order: 'asc' | 'desc' }>;
