import { z } from 'zod';
import { RELEASE_REVIEW_STATUSES, enumWithFallback, releaseReviewStatusSchema } from './enums.js';
import { dateStringSchema } from './primitives.js';

/** The fixed list of 23 platforms releases are delivered to, in the product's order. */
export const PLATFORMS = [
  'AMAZON',
  'ANGHAMI',
  'APPLE_MUSIC',
  'AUDIOMACK',
  'BEATPORT',
  'BUGS',
  'CLARO',
  'DEEZER',
  'FACEBOOK',
  'GRACENOTE',
  'JIOSAAVN',
  'LINE',
  'NETEASE',
  'PANDORA',
  'QOBUZ',
  'SEVEN_DIGITAL',
  'SPOTIFY',
  'TENCENT',
  'TIDAL',
  'TIKTOK',
  'YOUTUBE',
  'SHAZAM',
  'YANDEX',
] as const;
export const platformSchema = /*#__PURE__*/ z.enum(PLATFORMS);
export type Platform = z.infer<typeof platformSchema>;

/** Display names of the delivery platforms (the `name` of an album platform entry). */
export const PLATFORM_NAMES: Readonly<Record<Platform, string>> = {
  AMAZON: 'Amazon Music',
  ANGHAMI: 'Anghami',
  APPLE_MUSIC: 'Apple Music',
  AUDIOMACK: 'Audiomack',
  BEATPORT: 'Beatport',
  BUGS: 'Bugs!',
  CLARO: 'Claro música',
  DEEZER: 'Deezer',
  FACEBOOK: 'Facebook & Instagram',
  GRACENOTE: 'Gracenote',
  JIOSAAVN: 'JioSaavn',
  LINE: 'LINE MUSIC',
  NETEASE: 'NetEase Cloud Music',
  PANDORA: 'Pandora',
  QOBUZ: 'Qobuz',
  SEVEN_DIGITAL: '7digital',
  SPOTIFY: 'Spotify',
  TENCENT: 'Tencent Music',
  TIDAL: 'TIDAL',
  TIKTOK: 'TikTok',
  YOUTUBE: 'YouTube',
  SHAZAM: 'Shazam',
  YANDEX: 'Yandex Music',
};

/**
 * Store (distribution platform) enumeration: the services usage is reported from (analytics). The spec shows
 * "about 60 ... plus UNKNOWN" without the complete list; this is our list of 60: the 23 delivery platforms, the
 * services the spec names (SOUNDCLOUD, INSTAGRAM, NAPSTER), well-known services reports come from, and UNKNOWN.
 * An unknown store reads as UNKNOWN (storeSchema); the strict form refuses it (strictStoreSchema).
 */
export const STORES = [
  ...PLATFORMS,
  'SOUNDCLOUD',
  'INSTAGRAM',
  'NAPSTER',
  'ITUNES',
  'AUDIBLE_MAGIC',
  'AWA',
  'BOOMPLAY',
  'CAPCUT',
  'FIZY',
  'FLO',
  'GAANA',
  'GENIE',
  'HUNGAMA',
  'IHEARTRADIO',
  'JOOX',
  'JUNO_DOWNLOAD',
  'KKBOX',
  'KUGOU',
  'KUWO',
  'LIVEONE',
  'MEDIANET',
  'MELON',
  'MIXCLOUD',
  'NUUDAY',
  'PELOTON',
  'QQ_MUSIC',
  'RESSO',
  'SIRIUSXM',
  'SLACKER',
  'SNAPCHAT',
  'TOUCHTUNES',
  'TRAXSOURCE',
  'TRILLER',
  'VK',
  'WYNK',
  'ZVUK',
  'UNKNOWN',
] as const;
export const strictStoreSchema = /*#__PURE__*/ z.enum(STORES);
export const storeSchema = /*#__PURE__*/ enumWithFallback(STORES, 'UNKNOWN');
export type Store = (typeof STORES)[number];

/** Release delivery actions. */
export const DELIVERY_ACTIONS = ['DELIVER', 'UPDATE', 'TAKEDOWN'] as const;
export const deliveryActionSchema = /*#__PURE__*/ z.enum(DELIVERY_ACTIONS);
export type DeliveryAction = z.infer<typeof deliveryActionSchema>;

/**
 * Platform status: the spec does not show its values. A delivery's status is the platform's review of the
 * release, so it uses the release review statuses (PENDING, SUBMITTED, REJECTED, ACCEPTED, LIVE, UNKNOWN), with
 * UNKNOWN as the fallback for a value we do not know.
 */
export const PLATFORM_STATUSES = RELEASE_REVIEW_STATUSES;
export const platformStatusSchema = releaseReviewStatusSchema;
export type PlatformStatus = (typeof PLATFORM_STATUSES)[number];

/** A status and an action: what was (current) or is being (pending) done on one platform. */
export const platformDeliverySchema = /*#__PURE__*/ z.object({
  status: platformStatusSchema,
  action: deliveryActionSchema,
  /**
   * Not in the spec: why the platform refused it (REJECTED), or the last attempt's error while delivery tries again
   * (pending). Absent when there is nothing to say.
   */
  message: z.string().nullish(),
  /** Not in the spec: the delivery attempts made so far (0 before the first). */
  attempts: z.number().int().min(0).nullish(),
  /**
   * Not in the spec: with ACCEPTED, the release date on which a release the platform has taken in goes live there
   * (pre-release until then, `statusAsOf` in pre-release.ts). Absent otherwise.
   */
  liveOn: dateStringSchema.nullish(),
});
export type PlatformDelivery = z.infer<typeof platformDeliverySchema>;

/**
 * An album's platform entry (in the album's platforms). `current` is absent before a first delivery;
 * `pending` is absent when nothing is under way.
 */
export const albumPlatformEntrySchema = /*#__PURE__*/ z.object({
  id: platformSchema,
  name: z.string(),
  current: platformDeliverySchema.nullish(),
  pending: platformDeliverySchema.nullish(),
});
export type AlbumPlatformEntry = z.infer<typeof albumPlatformEntrySchema>;
export const albumPlatformEntriesSchema = /*#__PURE__*/ z.array(albumPlatformEntrySchema);

/** A link: where a delivered release can be found on a platform. */
export const linkSchema = /*#__PURE__*/ z.object({
  platform: platformSchema,
  platformId: z.string(),
  url: z.string(),
});
export type Link = z.infer<typeof linkSchema>;

/** The page of a release on a simulated platform: the platform and the release's 22-character id there. */
export const simulatedStoreParamsSchema = /*#__PURE__*/ z.object({
  platform: platformSchema,
  platformId: z.string().regex(/^[0-9A-Za-z]{22}$/),
});
