import { z } from 'zod';
import {
  ARTIST_IMAGE_MAX_BYTES,
  ARTIST_IMAGE_TYPES,
  ARTIST_PROFILE_PLATFORMS,
  ARTIST_PROFILE_URL_EXAMPLES,
  PLATFORM_NAMES,
  readArtistProfileUrl,
  type ArtistDetail,
  type ArtistProfilePlatform,
  type CreateArtistBody,
} from '@tunehouse/contracts';

/**
 * One profile row of the form. `name` and `imageUrl` come from a picked suggestion or a stored profile; a link
 * typed by hand has neither, and the artist's name is sent as the profile name.
 */
export interface ProfileRow {
  platform: ArtistProfilePlatform;
  url: string;
  name: string;
  imageUrl: string | null;
}

export interface ArtistFormValues {
  name: string;
  profiles: ProfileRow[];
}

/** A link pasted without its scheme (`open.spotify.com/artist/…`) is read as https. */
export function withScheme(text: string): string {
  const trimmed = text.trim();
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+\//i.test(trimmed) ? `https://${trimmed}` : trimmed;
}

/** Whether the text is meant as a link (and not a name to search for). */
export function looksLikeLink(text: string): boolean {
  const trimmed = text.trim();
  return /^(https?:|spotify:)/i.test(trimmed) || /^[a-z0-9-]+(\.[a-z0-9-]+)+\//i.test(trimmed);
}

/** The platform's link rule (the one the API applies), with the platform's example link in the message. */
export function profileLinkError(platform: ArtistProfilePlatform, text: string): string | null {
  const name = PLATFORM_NAMES[platform];
  if (text.trim() === '') return `Paste the link to the artist’s ${name} page, or pick a suggestion`;
  if (readArtistProfileUrl(platform, withScheme(text))) return null;
  return `Not a ${name} artist link, e.g. ${ARTIST_PROFILE_URL_EXAMPLES[platform]}`;
}

const profileRowSchema = z
  .object({
    platform: z.enum(ARTIST_PROFILE_PLATFORMS),
    url: z.string(),
    name: z.string(),
    imageUrl: z.string().nullable(),
  })
  .superRefine((row, context) => {
    const message = profileLinkError(row.platform, row.url);
    if (message) context.addIssue({ code: 'custom', path: ['url'], message });
  });

export const artistFormSchema = z.object({
  name: z.string().trim().min(1, 'Enter the artist’s name').max(200, 'Use at most 200 characters'),
  profiles: z.array(profileRowSchema),
});

export function formValuesOf(artist: ArtistDetail | null): ArtistFormValues {
  if (!artist) return { name: '', profiles: [] };
  return {
    name: artist.name,
    profiles: artist.profiles
      .filter((profile): profile is typeof profile & { platform: ArtistProfilePlatform } =>
        (ARTIST_PROFILE_PLATFORMS as readonly string[]).includes(profile.platform),
      )
      .map((profile) => ({
        platform: profile.platform,
        url: profile.url,
        name: profile.name,
        // Stored profiles without a picture answer ''.
        imageUrl: profile.imageUrl || null,
      })),
  };
}

/** The body of POST /v1/artists (and of an update: `profiles` replaces the whole list). */
export function artistBodyOf(values: ArtistFormValues): CreateArtistBody {
  const name = values.name.trim();
  return {
    name,
    profiles: values.profiles.map((row) => {
      const link = readArtistProfileUrl(row.platform, withScheme(row.url));
      return {
        platform: row.platform,
        url: link?.url ?? row.url.trim(),
        ...(link ? { platformId: link.platformId } : {}),
        name: row.name.trim() || name,
        imageUrl: row.imageUrl || null,
      };
    }),
  };
}

/** The form field an API issue path is shown on: a profile's issues go on its link, the only field it has. */
export function artistFieldOf(path: string): 'name' | `profiles.${number}.url` | null {
  if (path === 'name') return 'name';
  const profile = /^profiles\.(\d+)(\.|$)/.exec(path);
  return profile ? `profiles.${Number(profile[1])}.url` : null;
}

/** A chosen image file checked against the API's limits before it is sent. */
export function imageFileError(file: File): string | null {
  if (!(ARTIST_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPG or PNG image';
  if (file.size > ARTIST_IMAGE_MAX_BYTES) return 'The image is larger than 10 MB; choose a smaller one';
  return null;
}
