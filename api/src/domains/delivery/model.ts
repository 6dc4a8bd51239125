import {
  ARTIST_ROLES,
  CREDIT_ROLES,
  type DELIVERY_ACTIONS,
  GENRES,
  LANGUAGE_CODES,
  RELEASE_TYPES,
  TERRITORIES,
} from '@tunehouse/contracts';
import { z } from 'zod';

/**
 * What delivery needs to know about a release: everything the ERN message says and where its files lie. The
 * releases domain maps its album into this (delivery reads no release tables); `releaseForDeliverySchema` checks
 * it when it is queued and again when a job reads it back.
 */

// Characters XML 1.0 cannot carry (C0 controls except tab, line feed and carriage return; lone surrogates; U+FFFE/F).
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const text = z
  .string()
  .trim()
  .min(1)
  .max(1000)
  .refine((value) => !NOT_XML.test(value), 'contains a character XML cannot carry');
const optionalText = text.nullish().transform((value) => value ?? undefined);

/** YYYY-MM-DD, a real calendar date. */
const isoDate = z.iso.date();

/** GTIN check digit (UPC-A 12, EAN-13, GTIN-14 digits): the last digit makes the weighted sum a multiple of 10. */
export function hasValidGtinCheckDigit(digits: string): boolean {
  const body = digits.slice(0, -1);
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    const weight = (body.length - index) % 2 === 1 ? 3 : 1;
    sum += Number(body[index]) * weight;
  }
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

export const upcSchema = z
  .string()
  .regex(/^\d{12,14}$/, 'a UPC or EAN: 12 to 14 digits')
  .refine(hasValidGtinCheckDigit, 'the check digit is wrong');

/** ISRC without hyphens: country (2 letters), registrant (3 letters or digits), year (2 digits), number (5 digits). */
export const isrcSchema = z
  .string()
  .transform((value) => value.replace(/-/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/, 'an ISRC such as GBAYE2400001'));

const md5Schema = z
  .string()
  .regex(/^[0-9a-fA-F]{32}$/, 'an MD5 sum: 32 hexadecimal digits')
  .transform((value) => value.toLowerCase());

/**
 * Where a file of the release is: `storage:<key>` in the media storage (what the API hands over; read by the
 * delivery job on whichever process works it), or an absolute path on this machine. Checked when the batch is
 * made, not here.
 */
export const STORAGE_REFERENCE = 'storage:';
const filePath = z
  .string()
  .min(1)
  .refine(
    (value) => value.startsWith('/') || /^storage:[\w.-]+(\/[\w.-]+)+$/.test(value),
    'an absolute path or a storage reference',
  );

export const deliveryArtistSchema = z.object({
  name: text,
  role: z.enum(ARTIST_ROLES),
});
export type DeliveryArtist = z.infer<typeof deliveryArtistSchema>;

export const deliveryContributorSchema = z.object({
  name: text,
  role: z.enum(CREDIT_ROLES),
});
export type DeliveryContributor = z.infer<typeof deliveryContributorSchema>;

/** Audio formats the releases domain accepts (lossless only). */
export const AUDIO_FORMATS = ['WAV', 'FLAC', 'AIFF'] as const;

export const deliveryAudioSchema = z.object({
  path: filePath,
  format: z.enum(AUDIO_FORMATS),
  /** Checked against the file before sending; absent, computed from the file when the batch is made. */
  md5: md5Schema.nullish(),
  sampleRate: z.number().int().positive().nullish(),
  channels: z.number().int().positive().nullish(),
  bitDepth: z.number().int().positive().nullish(),
});

export const deliveryTrackSchema = z.object({
  isrc: isrcSchema,
  title: text,
  version: optionalText,
  durationSeconds: z
    .number()
    .positive()
    .max(24 * 3600),
  /** Empty: the release's artists. */
  artists: z.array(deliveryArtistSchema).default([]),
  contributors: z.array(deliveryContributorSchema).default([]),
  explicit: z.boolean(),
  instrumental: z.boolean().nullish(),
  /** Language of the lyrics, when there are any. */
  language: z.enum(LANGUAGE_CODES).nullish(),
  /** Track-level P-line; absent, the release's. */
  pLine: optionalText,
  audio: deliveryAudioSchema,
  /** Where the platform's preview clip starts, in seconds. */
  previewStartSeconds: z.number().min(0).nullish(),
});
export type DeliveryTrack = z.infer<typeof deliveryTrackSchema>;

export const deliveryArtworkSchema = z.object({
  path: filePath,
  format: z.enum(['JPEG', 'PNG']),
  md5: md5Schema.nullish(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

/** Worldwide, or a list of ISO 3166-1 alpha-2 codes (XK included). */
export const deliveryTerritoriesSchema = z.union([
  z.literal('Worldwide'),
  z
    .array(z.enum(TERRITORIES))
    .min(1)
    .transform((codes) => [...new Set(codes)].sort()),
]);

export const releaseForDeliverySchema = z
  .object({
    /** The album's id in the releases domain: statusOf() is asked by it. */
    albumId: z.string().min(1).max(100),
    upc: upcSchema,
    catalogNumber: optionalText,
    title: text,
    version: optionalText,
    label: text,
    pLine: text,
    cLine: text,
    genre: z.enum(GENRES),
    /** Main language of the release's titles. */
    language: z.enum(LANGUAGE_CODES).nullish(),
    releaseDate: isoDate,
    originalReleaseDate: isoDate.nullish(),
    releaseType: z.enum(RELEASE_TYPES),
    explicit: z.boolean(),
    territories: deliveryTerritoriesSchema,
    /** First day the platforms may sell or stream it (usually the release date). */
    dealStartDate: isoDate,
    artists: z.array(deliveryArtistSchema).min(1),
    tracks: z.array(deliveryTrackSchema).min(1).max(500),
    artwork: deliveryArtworkSchema,
  })
  .superRefine((release, ctx) => {
    if (!release.artists.some((artist) => artist.role === 'PRIMARY'))
      ctx.addIssue({ code: 'custom', path: ['artists'], message: 'the release needs a PRIMARY artist' });
    const seen = new Map<string, number>();
    release.tracks.forEach((track, index) => {
      const first = seen.get(track.isrc);
      if (first !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['tracks', index, 'isrc'],
          message: `the same ISRC as track ${first + 1}`,
        });
      seen.set(track.isrc, index);
      if (track.artists.length > 0 && !track.artists.some((artist) => artist.role === 'PRIMARY'))
        ctx.addIssue({
          code: 'custom',
          path: ['tracks', index, 'artists'],
          message: 'a track with its own artists needs a PRIMARY one',
        });
    });
    if (release.originalReleaseDate && release.originalReleaseDate > release.releaseDate)
      ctx.addIssue({
        code: 'custom',
        path: ['originalReleaseDate'],
        message: 'the original release date is after the release date',
      });
  });

/** A release as the releases domain hands it over (before defaults). */
export type ReleaseForDeliveryInput = z.input<typeof releaseForDeliverySchema>;
/** A checked release, as the message writer reads it. */
export type ReleaseForDelivery = z.infer<typeof releaseForDeliverySchema>;

/** DELIVER, UPDATE or TAKEDOWN (contracts' delivery actions). */
export type DeliveryAction = (typeof DELIVERY_ACTIONS)[number];

/** Seconds as an ISO 8601 duration: 205 → PT3M25S, 3723.5 → PT1H2M3.5S (milliseconds at most). */
export function isoDuration(seconds: number): string {
  const totalMs = Math.round(seconds * 1000);
  const hours = Math.floor(totalMs / 3_600_000);
  const minutes = Math.floor((totalMs % 3_600_000) / 60_000);
  const ms = totalMs % 60_000;
  const secondsText = ms % 1000 === 0 ? String(ms / 1000) : (ms / 1000).toFixed(3).replace(/0+$/, '');
  return `PT${hours ? `${hours}H` : ''}${hours || minutes ? `${minutes}M` : ''}${secondsText}S`;
}
