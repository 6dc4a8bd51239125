import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ARTWORK_RENDITION_SIZES, ARTWORK_UPLOAD_RULES, type FieldIssue } from '@tunehouse/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { ApiError } from '../../platform/errors.js';
import { createLocalStorage, type MediaStorage } from '../../platform/storage/index.js';
import type { ImageFormat, StoredImage, StoredRendition } from './image-store.js';
import { IMAGE_CONTENT_TYPES, IMAGE_EXTENSIONS } from './image-store.js';
import { displayName, type ReceivedFile, sweepPartials } from './upload.js';

export type ArtworkRendition = 'original' | keyof typeof ARTWORK_RENDITION_SIZES;
export type InspectedArtwork = { format: ImageFormat; width: number; height: number };

const unprocessable = (field: FieldIssue['path'], messages: string[]) =>
  new ApiError(
    422,
    'UNPROCESSABLE',
    messages.join('; '),
    messages.map((message) => ({ path: field, message })),
  );

/**
 * Album artwork (docs/decisions/0033-releases-api.md), stored like artist images under `media/images/<id>/` in the
 * media storage (uploads arrive in its scratch folder) with an `images` row, so the image file route serves it. Checked by content:
 * JPEG or PNG (415), at most ARTWORK_UPLOAD_RULES.maxPixels (413, from the header, before decoding), square, at
 * least 3000×3000 and RGB (422). Renditions: `original` (the upload's size, re-encoded without metadata), square
 * large/medium/thumbnail for the UI and `artwork`, the 3000×3000 delivery file; all without transparency.
 */
export function createArtworkStore(
  storageOrDataDir: MediaStorage | string,
  { maxPixels = ARTWORK_UPLOAD_RULES.maxPixels } = {},
) {
  const storage =
    typeof storageOrDataDir === 'string' ? createLocalStorage(storageOrDataDir) : storageOrDataDir;
  const imagesDir = path.join(storage.scratchDir, 'media', 'images');
  void sweepPartials(imagesDir);
  let running = 0;

  async function sniff(head: Buffer, field: FieldIssue['path']): Promise<ImageFormat> {
    const type = await fileTypeFromBuffer(head);
    const format: ImageFormat | null =
      type?.mime === 'image/jpeg' ? 'jpeg' : type?.mime === 'image/png' ? 'png' : null;
    if (!format) {
      const message = `The artwork must be a JPEG or PNG file${type ? `, not ${type.mime}` : ''}`;
      throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', message, [{ path: field, message }]);
    }
    return format;
  }

  async function inspect(received: ReceivedFile, field: FieldIssue['path']): Promise<InspectedArtwork> {
    const format = await sniff(received.head, field);
    let metadata: Metadata;
    try {
      metadata = await sharp(received.path, { limitInputPixels: false }).metadata();
    } catch {
      throw unprocessable(field, ['The artwork could not be read']);
    }
    const { width, height, space } = metadata;
    if (!width || !height) throw unprocessable(field, ['The artwork has no size']);
    if (width * height > maxPixels) {
      const message = `The artwork has ${width}×${height} pixels; at most ${maxPixels / 1_000_000} megapixels are taken`;
      throw new ApiError(413, 'PAYLOAD_TOO_LARGE', message, [{ path: field, message }]);
    }
    const problems: string[] = [];
    if (width !== height) problems.push(`The artwork must be square, not ${width}×${height}`);
    if (Math.min(width, height) < ARTWORK_UPLOAD_RULES.minEdge)
      problems.push(`The artwork must be at least 3000×3000 pixels, not ${width}×${height}`);
    if (space !== 'srgb' && space !== 'rgb')
      problems.push(
        `The artwork must be in RGB colours, not ${space === 'b-w' ? 'greyscale' : (space ?? 'unknown')}`,
      );
    if (problems.length > 0) throw unprocessable(field, problems);
    return { format, width, height };
  }

  async function render(received: ReceivedFile, artwork: InspectedArtwork, id: string) {
    const { format } = artwork;
    const extension = IMAGE_EXTENSIONS[format];
    const name = displayName(received.filename, `artwork.${extension}`);
    const stem = name.replace(/\.[^.]*$/, '') || 'artwork';
    // Decoded once (upright, on white, sRGB), then every rendition is made from the pixels.
    const { data, info } = await sharp(received.path, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = () =>
      sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const encode = (pipeline: Sharp) =>
      format === 'jpeg' ? pipeline.jpeg({ quality: 92, chromaSubsampling: '4:4:4' }) : pipeline.png();
    const renditions: Partial<Record<ArtworkRendition, StoredRendition>> = {};
    const encoded = new Map<ArtworkRendition, Buffer>();
    const write = async (rendition: ArtworkRendition, pipeline: Sharp, displayed: string) => {
      const { data: bytes, info: written } = await encode(pipeline).toBuffer({ resolveWithObject: true });
      const file = `${rendition}.${extension}`;
      await storage.put(`media/images/${id}/${file}`, bytes, IMAGE_CONTENT_TYPES[format]);
      encoded.set(rendition, bytes);
      renditions[rendition] = {
        file,
        size: written.size,
        width: written.width,
        height: written.height,
        name: displayed,
      };
    };
    await write('original', pixels(), name);
    for (const [rendition, size] of Object.entries(ARTWORK_RENDITION_SIZES) as [ArtworkRendition, number][]) {
      const displayed = `${stem}-${rendition}.${extension}`;
      if (rendition === 'artwork' && info.width === size) {
        // Already the delivery size: the same file as the original.
        await storage.put(
          `media/images/${id}/artwork.${extension}`,
          encoded.get('original')!,
          IMAGE_CONTENT_TYPES[format],
        );
        renditions.artwork = { ...renditions.original!, file: `artwork.${extension}`, name: displayed };
        continue;
      }
      await write(rendition, pixels().resize(size, size, { fit: 'cover' }), displayed);
    }
    return renditions as StoredImage['renditions'];
  }

  /**
   * Puts the renditions of an inspected upload into the storage (removed again on failure; the image is found by
   * its row, written after this); the received file is removed either way. Answers the image to record. At most
   * two renders at once in this process.
   */
  async function save(
    received: ReceivedFile,
    artwork: InspectedArtwork,
    field: FieldIssue['path'],
  ): Promise<StoredImage> {
    const id = randomUUID();
    while (running >= 2) await new Promise((resolve) => setTimeout(resolve, 50));
    running += 1;
    try {
      const renditions = await render(received, artwork, id).catch((error: unknown) => {
        const decoding = error instanceof Error && error.constructor === Error && !('code' in error);
        if (!decoding) throw error;
        throw unprocessable(field, ['The artwork could not be read']);
      });
      return { id, format: artwork.format, renditions };
    } catch (error) {
      await storage.deletePrefix(`media/images/${id}`).catch(() => undefined);
      throw error;
    } finally {
      running -= 1;
      await fs.rm(received.path, { force: true });
    }
  }

  return { dir: imagesDir, sniff, inspect, save };
}

export type ArtworkStore = ReturnType<typeof createArtworkStore>;
