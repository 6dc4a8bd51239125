import { type ArtistImage, endpoints, type ImageRendition, urlOf } from '@tunehouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { StoredImage, StoredRendition } from './image-store.js';

/**
 * Where the caller reached the API (scheme and host, behind a proxy only when TRUST_PROXY is set): image URLs are
 * absolute, because the web app runs on another origin and shows them in <img>.
 */
export function publicOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function imageFileUrl(origin: string, imageId: string, file: string): string {
  return `${origin}${urlOf(endpoints.media.image, { params: { id: imageId, file } })}`;
}

function rendition(
  origin: string,
  imageId: string,
  stored: StoredRendition | undefined,
): ImageRendition | null {
  if (!stored) return null;
  return {
    url: imageFileUrl(origin, imageId, stored.file),
    size: stored.size,
    width: stored.width,
    height: stored.height,
    name: stored.name,
  };
}

/** An artist image as answered: id and the original, thumbnail, medium and large renditions. */
export function toArtistImage(image: StoredImage, origin: string): ArtistImage {
  return {
    id: image.id,
    original: rendition(origin, image.id, image.renditions.original)!,
    large: rendition(origin, image.id, image.renditions.large),
    medium: rendition(origin, image.id, image.renditions.medium),
    thumbnail: rendition(origin, image.id, image.renditions.thumbnail),
  };
}
