/**
 * POST /v1/artists/{id}/image: a multipart/form-data body with one file part named `image`
 * (docs/decisions/0031-artists-api.md). The UI can check a file against the same limits before sending it.
 */

/** The name of the file part. */
export const ARTIST_IMAGE_FIELD = 'image';

/** JPEG or PNG, recognised by the file's content, not its name or declared type. */
export const ARTIST_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export type ArtistImageType = (typeof ARTIST_IMAGE_TYPES)[number];

/** 10 MiB: a larger file is refused with 413 before it is read any further. */
export const ARTIST_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** 50 megapixels (a 48 MP phone photo passes): more is refused with 413 before it is decoded. */
export const ARTIST_IMAGE_MAX_PIXELS = 50_000_000;

/**
 * The square renditions made from the upload, by edge length in pixels (never enlarged); `original` keeps the
 * upload's size, re-encoded without its metadata.
 */
export const ARTIST_IMAGE_RENDITION_SIZES = { large: 1000, medium: 500, thumbnail: 150 } as const;
export type ArtistImageRendition = 'original' | keyof typeof ARTIST_IMAGE_RENDITION_SIZES;
export const ARTIST_IMAGE_RENDITIONS: readonly ArtistImageRendition[] = [
  'original',
  'large',
  'medium',
  'thumbnail',
];
