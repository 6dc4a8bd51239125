import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  ARTIST_IMAGE_MAX_PIXELS,
  ARTIST_IMAGE_RENDITION_SIZES,
  type ArtistImageRendition,
  type FieldIssue,
} from '@tunehouse/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { ApiError } from '../../platform/errors.js';
import { createLocalStorage, type MediaStorage, type StoredObject } from '../../platform/storage/index.js';

export type ImageFormat = 'jpeg' | 'png';
export const IMAGE_EXTENSIONS: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png' };
export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = { jpeg: 'image/jpeg', png: 'image/png' };

/** One rendition file as stored: the file under the image's folder, its bytes, pixels and display name. */
export type StoredRendition = { file: string; size: number; width: number; height: number; name: string };
export type StoredRenditions = { original: StoredRendition } & Partial<
  Record<ArtistImageRendition, StoredRendition>
>;
export type StoredImage = { id: string; format: ImageFormat; renditions: StoredRenditions };

/** What an upload is, once its content has been checked. */
export type InspectedImage = { format: ImageFormat; width: number; height: number };

// `artwork` is the delivery rendition of album artwork (media/artwork-store.ts).
const RENDITION_FILE = /^(original|large|medium|thumbnail|artwork)\.(jpg|png)$/;

/** At most `limit` renditions jobs at once: each decodes a whole image (up to 200 MB of pixels). */
function semaphore(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/** A file name safe to show: no folders, no control characters, bounded. */
function displayName(filename: string | undefined, format: ImageFormat): string {
  const base = path.basename((filename ?? '').replaceAll('\\', '/'));
  const visible = [...base].filter((char) => char >= ' ' && char !== '\u007f' && !'"<>|'.includes(char));
  const clean = visible.join('').trim().slice(0, 200);
  return clean || `image.${IMAGE_EXTENSIONS[format]}`;
}

/**
 * Uploaded images and their renditions in the media storage under `media/images/<id>/`
 * (docs/decisions/0031-artists-api.md, 0055-several-api-processes.md).
 * `inspect` refuses what is not a JPEG or PNG by its content (415), has too many pixels (413) or cannot be decoded
 * (422) before any rendering; `save` writes the renditions: original (the upload's size, re-encoded so that no
 * metadata such as a GPS position is kept) and the square large, medium and thumbnail crops, never enlarged.
 */
export function createImageStore(
  storageOrDataDir: MediaStorage | string,
  { maxPixels = ARTIST_IMAGE_MAX_PIXELS, concurrency = 2 } = {},
) {
  const storage =
    typeof storageOrDataDir === 'string' ? createLocalStorage(storageOrDataDir) : storageOrDataDir;
  const limited = semaphore(concurrency);

  async function inspect(buffer: Buffer, field: FieldIssue['path']): Promise<InspectedImage> {
    const type = await fileTypeFromBuffer(buffer);
    const format: ImageFormat | null =
      type?.mime === 'image/jpeg' ? 'jpeg' : type?.mime === 'image/png' ? 'png' : null;
    if (!format) {
      const message = `The image must be a JPEG or PNG file${type ? `, not ${type.mime}` : ''}`;
      throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', message, [{ path: field, message }]);
    }
    let metadata: Metadata;
    try {
      // Only the header is read here, so no pixel limit yet: an oversized image gets its own 413 below.
      metadata = await sharp(buffer, { limitInputPixels: false }).metadata();
    } catch {
      const message = 'The image could not be read';
      throw new ApiError(422, 'UNPROCESSABLE', message, [{ path: field, message }]);
    }
    const { width, height } = metadata;
    if (!width || !height) {
      const message = 'The image has no size';
      throw new ApiError(422, 'UNPROCESSABLE', message, [{ path: field, message }]);
    }
    if (width * height > maxPixels) {
      const message = `The image has ${width}×${height} pixels; at most ${maxPixels / 1_000_000} megapixels are taken`;
      throw new ApiError(413, 'PAYLOAD_TOO_LARGE', message, [{ path: field, message }]);
    }
    return { format, width, height };
  }

  async function render(
    buffer: Buffer,
    image: InspectedImage,
    filename: string | undefined,
    write: (file: string, data: Buffer) => Promise<void>,
  ) {
    const { format } = image;
    const extension = IMAGE_EXTENSIONS[format];
    const name = displayName(filename, format);
    const stem = name.replace(/\.[^.]*$/, '') || 'image';
    const encode = (pipeline: Sharp) => (format === 'jpeg' ? pipeline.jpeg({ quality: 88 }) : pipeline.png());
    // failOn 'error': a truncated or corrupt file is refused rather than rendered half grey.
    const source = () => sharp(buffer, { limitInputPixels: maxPixels, failOn: 'error' }).rotate();
    const shortEdge = Math.min(image.width, image.height);
    const jobs: [ArtistImageRendition, Sharp, string][] = [
      ['original', encode(source()), name],
      ...Object.entries(ARTIST_IMAGE_RENDITION_SIZES).map(
        ([rendition, size]): [ArtistImageRendition, Sharp, string] => {
          const edge = Math.min(size, shortEdge);
          const pipeline = source().resize(edge, edge, { fit: 'cover', position: 'attention' });
          return [rendition as ArtistImageRendition, encode(pipeline), `${stem}-${rendition}.${extension}`];
        },
      ),
    ];
    const renditions: Partial<StoredRenditions> = {};
    for (const [rendition, pipeline, displayed] of jobs) {
      const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
      const file = `${rendition}.${extension}`;
      await write(file, data);
      renditions[rendition] = {
        file,
        size: info.size,
        width: info.width,
        height: info.height,
        name: displayed,
      };
    }
    return renditions as StoredRenditions;
  }

  /**
   * Puts the renditions of an inspected upload; answers the image to record. Nothing is left on failure. The image
   * is found by its row, written after this, so nobody reads a half-stored image.
   */
  async function save(
    buffer: Buffer,
    image: InspectedImage,
    filename: string | undefined,
    field: FieldIssue['path'],
  ): Promise<StoredImage> {
    const id = randomUUID();
    const write = (file: string, data: Buffer) =>
      storage.put(`media/images/${id}/${file}`, data, IMAGE_CONTENT_TYPES[image.format]);
    try {
      const renditions = await limited(() => render(buffer, image, filename, write)).catch(
        (error: unknown) => {
          // libvips reports an undecodable file as a plain Error; anything else (a bug, a full disk) stays a 500.
          const decoding = error instanceof Error && error.constructor === Error && !('code' in error);
          if (!decoding) throw error;
          const message = 'The image could not be read';
          throw new ApiError(422, 'UNPROCESSABLE', message, [{ path: field, message }]);
        },
      );
      return { id, format: image.format, renditions };
    } catch (error) {
      await storage.deletePrefix(`media/images/${id}`).catch(() => undefined);
      throw error;
    }
  }

  /** The storage key of a rendition file, or null for a name that is not one (nothing outside the image's folder). */
  function fileKey(imageId: string, file: string): string | null {
    if (!RENDITION_FILE.test(file) || !/^[0-9a-f-]{36}$/.test(imageId)) return null;
    return `media/images/${imageId}/${file}`;
  }

  /** A rendition to send, or null when the name is not one or the file is not there. */
  async function open(imageId: string, file: string): Promise<StoredObject | null> {
    const key = fileKey(imageId, file);
    return key ? storage.get(key) : null;
  }

  /** Removes an image's files; a missing image is fine. */
  async function remove(imageId: string): Promise<void> {
    if (!/^[0-9a-f-]{36}$/.test(imageId)) return;
    await storage.deletePrefix(`media/images/${imageId}`);
  }

  return { inspect, save, fileKey, open, remove };
}

export type ImageStore = ReturnType<typeof createImageStore>;
