import { z } from 'zod';
import { PLATFORM_NAMES, type Platform, platformSchema } from '../platforms.js';
import { nameSchema, textSchema, uniqueItems } from './common.js';

/**
 * Artist profile links per platform (docs/decisions/0031-artists-api.md). The API checks every stored profile with
 * these rules and the UI can run the same ones while the user types: a link must be the platform's own artist page,
 * and the platform's artist id is read from it.
 */

/** The delivery platforms on which an artist has a public profile page we can recognise by its link. */
export const ARTIST_PROFILE_PLATFORMS = [
  'SPOTIFY',
  'APPLE_MUSIC',
  'AMAZON',
  'DEEZER',
  'YOUTUBE',
  'TIDAL',
  'AUDIOMACK',
  'BEATPORT',
  'QOBUZ',
  'JIOSAAVN',
  'PANDORA',
  'ANGHAMI',
  'YANDEX',
  'NETEASE',
  'SHAZAM',
  'TIKTOK',
  'FACEBOOK',
  'BUGS',
] as const satisfies readonly Platform[];
export type ArtistProfilePlatform = (typeof ARTIST_PROFILE_PLATFORMS)[number];

export function isArtistProfilePlatform(platform: string): platform is ArtistProfilePlatform {
  return (ARTIST_PROFILE_PLATFORMS as readonly string[]).includes(platform);
}

/** A recognised profile link: the platform's artist id and the link written the one way we store it. */
export type ArtistProfileLink = { platformId: string; url: string };

type Rule = {
  /** A link of the right form, for messages and placeholders. */
  example: string;
  hosts: readonly string[];
  /** Reads the artist id from the path (and query) of a link on one of `hosts`. */
  read: (path: string, url: URL) => ArtistProfileLink | null;
};

/** `pattern` must match the whole path (a trailing slash allowed); its first group is the id. */
function byPath(pattern: RegExp, canonical: (id: string, match: RegExpExecArray) => string) {
  return (path: string): ArtistProfileLink | null => {
    const match = pattern.exec(path.replace(/(.)\/$/, '$1'));
    const id = match?.[1];
    return match && id ? { platformId: id, url: canonical(id, match) } : null;
  };
}

const AUDIOMACK_RESERVED = /*#__PURE__*/ new Set([
  'about',
  'album',
  'albums',
  'artist',
  'browse',
  'dashboard',
  'login',
  'playlist',
  'playlists',
  'search',
  'signup',
  'song',
  'songs',
  'top',
  'trending',
  'upload',
]);
const FACEBOOK_RESERVED = /*#__PURE__*/ new Set([
  'events',
  'groups',
  'login',
  'marketplace',
  'pages',
  'profile.php',
  'watch',
]);

const RULES: Record<ArtistProfilePlatform, Rule> = {
  SPOTIFY: {
    example: 'https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb',
    hosts: ['open.spotify.com'],
    read: byPath(
      /^\/(?:intl-[a-z]{2}(?:-[a-z]{2})?\/)?artist\/([0-9A-Za-z]{22})$/,
      (id) => `https://open.spotify.com/artist/${id}`,
    ),
  },
  APPLE_MUSIC: {
    example: 'https://music.apple.com/us/artist/nova-lane/1440935467',
    hosts: ['music.apple.com'],
    read: (path) => {
      const match = /^\/([a-z]{2})\/artist\/(?:([^/]+)\/)?(\d{1,15})$/.exec(path.replace(/\/$/, ''));
      if (!match) return null;
      const [, country, slug, id] = match;
      return {
        platformId: id!,
        url: `https://music.apple.com/${country}/artist/${slug ? `${slug}/` : ''}${id}`,
      };
    },
  },
  AMAZON: {
    example: 'https://music.amazon.com/artists/B0013D5H3C/nova-lane',
    hosts: [
      'music.amazon.com',
      'music.amazon.co.uk',
      'music.amazon.de',
      'music.amazon.fr',
      'music.amazon.it',
      'music.amazon.es',
      'music.amazon.ca',
      'music.amazon.com.au',
      'music.amazon.co.jp',
      'music.amazon.in',
      'music.amazon.com.br',
      'music.amazon.com.mx',
    ],
    read: (path, url) =>
      byPath(
        /^\/artists\/(B[0-9A-Z]{9})(?:\/[^/]+)?$/,
        (id) => `https://${url.hostname}/artists/${id}`,
      )(path),
  },
  DEEZER: {
    example: 'https://www.deezer.com/artist/27',
    hosts: ['www.deezer.com', 'deezer.com'],
    read: byPath(
      /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?artist\/(\d{1,15})$/,
      (id) => `https://www.deezer.com/artist/${id}`,
    ),
  },
  YOUTUBE: {
    example: 'https://www.youtube.com/channel/UCq-Fj5jknLsUf-MWSy4_brA',
    hosts: ['www.youtube.com', 'youtube.com', 'm.youtube.com', 'music.youtube.com'],
    read: (path) =>
      byPath(/^\/channel\/(UC[\w-]{22})$/, (id) => `https://www.youtube.com/channel/${id}`)(path) ??
      byPath(/^\/(@[\w.-]{3,30})$/, (id) => `https://www.youtube.com/${id}`)(path),
  },
  TIDAL: {
    example: 'https://tidal.com/artist/3346',
    hosts: ['tidal.com', 'www.tidal.com', 'listen.tidal.com'],
    read: byPath(/^\/(?:browse\/)?artist\/(\d{1,15})$/, (id) => `https://tidal.com/artist/${id}`),
  },
  AUDIOMACK: {
    example: 'https://audiomack.com/nova-lane',
    hosts: ['audiomack.com', 'www.audiomack.com'],
    read: (path) => {
      const link = byPath(/^\/([a-z0-9][a-z0-9_-]{0,79})$/, (id) => `https://audiomack.com/${id}`)(path);
      return link && !AUDIOMACK_RESERVED.has(link.platformId) ? link : null;
    },
  },
  BEATPORT: {
    example: 'https://www.beatport.com/artist/nova-lane/123456',
    hosts: ['www.beatport.com', 'beatport.com'],
    read: byPath(/^\/artist\/[^/]+\/(\d{1,12})$/, (id, match) => `https://www.beatport.com${match[0]}`),
  },
  QOBUZ: {
    example: 'https://open.qobuz.com/artist/1234567',
    hosts: ['open.qobuz.com', 'play.qobuz.com', 'www.qobuz.com'],
    read: byPath(
      /^(?:\/artist|\/[a-z]{2}-[a-z]{2}\/interpreter\/[^/]+)\/(\d{1,12})$/,
      (id) => `https://open.qobuz.com/artist/${id}`,
    ),
  },
  JIOSAAVN: {
    example: 'https://www.jiosaavn.com/artist/nova-lane-songs/LlRWpHzy3Hk_',
    hosts: ['www.jiosaavn.com', 'jiosaavn.com'],
    read: byPath(/^\/artist\/[^/]+\/([\w-]{4,40})$/, (id, match) => `https://www.jiosaavn.com${match[0]}`),
  },
  PANDORA: {
    example: 'https://www.pandora.com/artist/nova-lane/ARqV2PcVdz9l6Jq',
    hosts: ['www.pandora.com', 'pandora.com'],
    read: byPath(
      /^\/artist\/[^/]+\/(AR[A-Za-z0-9]{6,30})$/,
      (id, match) => `https://www.pandora.com${match[0]}`,
    ),
  },
  ANGHAMI: {
    example: 'https://play.anghami.com/artist/123456',
    hosts: ['play.anghami.com'],
    read: byPath(/^\/artist\/(\d{1,12})$/, (id) => `https://play.anghami.com/artist/${id}`),
  },
  YANDEX: {
    example: 'https://music.yandex.com/artist/123456',
    hosts: ['music.yandex.com', 'music.yandex.ru', 'music.yandex.by', 'music.yandex.kz', 'music.yandex.uz'],
    read: (path, url) =>
      byPath(/^\/artist\/(\d{1,12})$/, (id) => `https://${url.hostname}/artist/${id}`)(path),
  },
  NETEASE: {
    example: 'https://music.163.com/#/artist?id=123456',
    hosts: ['music.163.com'],
    read: (path, url) => {
      // The artist page lives in the fragment (#/artist?id=) or, on the mobile site, in the path.
      const query = path === '/artist' ? url.search : /^#\/artist(\?.*)$/.exec(url.hash)?.[1];
      const id = query ? /^\?id=(\d{1,12})$/.exec(query)?.[1] : undefined;
      return id ? { platformId: id, url: `https://music.163.com/#/artist?id=${id}` } : null;
    },
  },
  SHAZAM: {
    example: 'https://www.shazam.com/artist/nova-lane/1440935467',
    hosts: ['www.shazam.com', 'shazam.com'],
    read: (path) =>
      byPath(/^\/artist\/[^/]+\/(\d{1,15})$/, (id, match) => `https://www.shazam.com${match[0]}`)(path) ??
      byPath(/^\/artist\/(\d{1,15})(?:\/[^/]+)?$/, (id, match) => `https://www.shazam.com${match[0]}`)(path),
  },
  TIKTOK: {
    example: 'https://www.tiktok.com/@novalane',
    hosts: ['www.tiktok.com', 'tiktok.com'],
    read: byPath(/^\/(@[\w.]{2,24})$/, (id) => `https://www.tiktok.com/${id}`),
  },
  FACEBOOK: {
    example: 'https://www.facebook.com/novalanemusic',
    hosts: ['www.facebook.com', 'facebook.com', 'm.facebook.com'],
    read: (path) => {
      const link = byPath(/^\/([A-Za-z0-9.]{5,50})$/, (id) => `https://www.facebook.com/${id}`)(path);
      return link && !FACEBOOK_RESERVED.has(link.platformId.toLowerCase()) ? link : null;
    },
  },
  BUGS: {
    example: 'https://music.bugs.co.kr/artist/80049126',
    hosts: ['music.bugs.co.kr'],
    read: byPath(/^\/artist\/(\d{1,12})$/, (id) => `https://music.bugs.co.kr/artist/${id}`),
  },
};

/** A link of the right form for each platform, e.g. for an input's placeholder. */
export const ARTIST_PROFILE_URL_EXAMPLES: Readonly<Record<ArtistProfilePlatform, string>> =
  Object.fromEntries(
    ARTIST_PROFILE_PLATFORMS.map((platform) => [platform, RULES[platform].example]),
  ) as Record<ArtistProfilePlatform, string>;

const SPOTIFY_URI = /^spotify:artist:([0-9A-Za-z]{22})$/;

/**
 * Reads an artist profile link: the platform's artist id and the link as we store it (https, no tracking query),
 * or null when `text` is not that platform's artist page. Spotify also takes its URI, `spotify:artist:<id>`.
 */
export function readArtistProfileUrl(platform: Platform, text: string): ArtistProfileLink | null {
  if (!isArtistProfilePlatform(platform)) return null;
  const trimmed = text.trim();
  const uri = platform === 'SPOTIFY' ? SPOTIFY_URI.exec(trimmed) : null;
  if (uri) return { platformId: uri[1]!, url: `https://open.spotify.com/artist/${uri[1]}` };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  const rule = RULES[platform];
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.port)
    return null;
  if (!rule.hosts.includes(url.hostname)) return null;
  return rule.read(url.pathname, url);
}

/** Ids compare exactly, except @handles (YouTube, TikTok), which the platforms treat without case. */
function sameId(given: string, read: string): boolean {
  return read.startsWith('@') ? given.toLowerCase() === read.toLowerCase() : given === read;
}

const webUrlSchema = /*#__PURE__*/ z.url({ protocol: /^https?$/, hostname: z.regexes.domain }).max(2048);

/**
 * One profile in an artist body. The link must be the platform's artist page; `platformId` may be left out and is
 * then read from the link (when given, it must be the link's). The parsed value has the id and the stored form of
 * the link (`spotify:artist:<id>` becomes the https link).
 */
export const artistProfileRequestSchema = /*#__PURE__*/ z
  .object({
    platform: platformSchema,
    platformId: textSchema(200).min(1).optional(),
    name: textSchema(200).min(1),
    url: textSchema(2048).min(1),
    imageUrl: webUrlSchema.nullish(),
  })
  .transform((profile, context) => {
    if (!isArtistProfilePlatform(profile.platform)) {
      context.addIssue({
        code: 'custom',
        path: ['platform'],
        message: `Artist profiles are not kept for ${PLATFORM_NAMES[profile.platform]}`,
        input: profile.platform,
      });
      return z.NEVER;
    }
    const link = readArtistProfileUrl(profile.platform, profile.url);
    if (!link) {
      context.addIssue({
        code: 'custom',
        path: ['url'],
        message: `Not a ${PLATFORM_NAMES[profile.platform]} artist link, e.g. ${RULES[profile.platform].example}`,
        input: profile.url,
      });
      return z.NEVER;
    }
    if (profile.platformId !== undefined && !sameId(profile.platformId, link.platformId)) {
      context.addIssue({
        code: 'custom',
        path: ['platformId'],
        message: `Does not match the link, whose id is ${link.platformId}`,
        input: profile.platformId,
      });
      return z.NEVER;
    }
    return {
      platform: profile.platform,
      platformId: link.platformId,
      name: profile.name,
      url: link.url,
      imageUrl: profile.imageUrl ?? null,
    };
  });
export type ArtistProfileRequest = z.input<typeof artistProfileRequestSchema>;
export type ArtistProfileValue = z.output<typeof artistProfileRequestSchema>;

/** At most one profile per platform; a repeat is reported at its index. */
const profileListSchema = /*#__PURE__*/ z
  .array(artistProfileRequestSchema)
  .max(ARTIST_PROFILE_PLATFORMS.length)
  .superRefine(uniqueItems((profile: ArtistProfileValue) => profile.platform));

/**
 * POST /v1/artists as the API checks it: `createArtistRequestSchema` (0030) plus the per-platform link rules
 * above, and `platformId` optional (read from the link).
 */
export const createArtistBodySchema = /*#__PURE__*/ z.object({
  name: nameSchema(200),
  profiles: profileListSchema.optional(),
});
export type CreateArtistBody = z.input<typeof createArtistBodySchema>;

/** POST /v1/artists/{id}: absent fields unchanged; `profiles`, when sent, is the artist's whole profile list. */
export const updateArtistBodySchema = /*#__PURE__*/ createArtistBodySchema.partial();
export type UpdateArtistBody = z.input<typeof updateArtistBodySchema>;
