import { type ArtistImage, endpoints, type ImageRendition, urlOf } from '@tunehouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { StoredImage, StoredRendition } from './image-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The API's configured public origin (config `publicApiUrl`). */
    publicApiUrl: string;
  }
}

/** Loopback hosts name this machine whatever the port: local runs and tests reach the API on any of them. */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d{1,5})?$/i;

/**
 * The origin media URLs are built on: image and audio URLs are absolute, because the web app runs on another
 * origin. The Host the caller sent is used only when it is the configured public host or a loopback one; any
 * other Host (a forged header, a poisoned proxy cache) gets the configured origin, so a response never points
 * a browser at a host of the caller's choosing.
 */
export function publicOrigin(request: FastifyRequest): string {
  const configured = new URL(request.server.publicApiUrl);
  if (request.host === configured.host || LOOPBACK_HOST.test(request.host))
    return `${request.protocol}://${request.host}`;
  return configured.origin;
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
