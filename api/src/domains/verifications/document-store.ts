import { buffer as readAll } from 'node:stream/consumers';
import {
  type FieldIssue,
  VERIFICATION_DOCUMENT_TYPES,
  type VerificationDocumentType,
} from '@tunehouse/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { ApiError } from '../../platform/errors.js';
import { createLocalStorage, type MediaStorage } from '../../platform/storage/index.js';

const EXTENSIONS: Record<VerificationDocumentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

const isDocumentType = (mime: string | undefined): mime is VerificationDocumentType =>
  (VERIFICATION_DOCUMENT_TYPES as readonly string[]).includes(mime ?? '');

/**
 * A photo or scan of an ID document needs no more than this (a 12-megapixel phone camera is 4032 × 3024); far more
 * is a decompression bomb meant to exhaust whoever decodes it.
 */
export const DOCUMENT_MAX_PIXELS = 50_000_000;

/**
 * The document's type by its content (not its name or declared type): JPEG, PNG or PDF, else 415. An image must
 * also decode to sane dimensions, read from its header without decoding the pixels (413 beyond them, 415 when the
 * header is unreadable).
 */
export async function inspectDocument(
  buffer: Buffer,
  field: FieldIssue['path'],
): Promise<VerificationDocumentType> {
  const type = await fileTypeFromBuffer(buffer);
  if (!isDocumentType(type?.mime)) {
    const message = `The document must be a JPEG, PNG or PDF file${type ? `, not ${type.mime}` : ''}`;
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', message, [{ path: field, message }]);
  }
  if (type.mime !== 'application/pdf') {
    const metadata = await sharp(buffer, { limitInputPixels: false })
      .metadata()
      .catch(() => null);
    if (!metadata?.width || !metadata.height) {
      const message = 'The image could not be read';
      throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', message, [{ path: field, message }]);
    }
    if (metadata.width * metadata.height > DOCUMENT_MAX_PIXELS) {
      const message = `The image is ${metadata.width} × ${metadata.height} pixels; a photo or scan of a document needs at most ${DOCUMENT_MAX_PIXELS / 1_000_000} megapixels`;
      throw new ApiError(413, 'PAYLOAD_TOO_LARGE', message, [{ path: field, message }]);
    }
  }
  return type.mime;
}

/**
 * ID documents in the media storage under `verifications/<account id>/` (the local storage keeps them 0700/0600,
 * readable by the API's own user only; a bucket must be private). No route serves them: only the verification
 * provider reads them.
 */
export function createDocumentStore(storageOrDataDir: MediaStorage | string) {
  const storage =
    typeof storageOrDataDir === 'string' ? createLocalStorage(storageOrDataDir) : storageOrDataDir;
  const keyOf = (file: string) => `verifications/${file}`;

  /** Stores the document; answers its name relative to the store. */
  async function save(
    accountId: string,
    verificationId: string,
    buffer: Buffer,
    type: VerificationDocumentType,
  ): Promise<string> {
    const file = `${accountId}/${verificationId}.${EXTENSIONS[type]}`;
    await storage.put(keyOf(file), buffer, type);
    return file;
  }

  /** The document's bytes, or null when it is no longer stored. */
  async function read(file: string): Promise<Buffer | null> {
    const object = await storage.get(keyOf(file));
    return object ? readAll(object.body) : null;
  }

  async function remove(file: string): Promise<void> {
    await storage.delete(keyOf(file));
  }

  return { save, read, remove };
}

export type DocumentStore = ReturnType<typeof createDocumentStore>;
