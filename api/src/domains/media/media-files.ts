import type { Readable } from 'node:stream';
import type { Db } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { UUID } from '../../platform/sql.js';
import { findAudioFile } from './audio-repository.js';
import { checkOriginalLink, type SignedLink } from './signed-audio-links.js';
import { AUDIO_CONTENT_TYPES, type AudioStore, PREVIEW_FILE } from './audio-store.js';
import { IMAGE_CONTENT_TYPES, IMAGE_EXTENSIONS, type ImageStore } from './image-store.js';
import { findImage } from './repository.js';

/** A stored file ready to be sent: its bytes from the media storage, their count and its content type. */
export type MediaFile = { body: Readable; size: number; contentType: string };

/**
 * Finds the stored files that the media URLs name. A file is found only when its row names it and it is stored;
 * anything else (a malformed id, another rendition's name, a preview not made yet) is 404 like an unknown id.
 */
export function createMediaFiles({ db, images, audio }: { db: Db; images: ImageStore; audio: AudioStore }) {
  async function sendable(
    object: Promise<{ body: Readable; size: number } | null>,
    contentType: string,
    notFound: ApiError,
  ): Promise<MediaFile> {
    const found = await object;
    if (!found) throw notFound;
    return { ...found, contentType };
  }

  /** An image rendition: `{rendition}.{jpg|png}`, in the image's own format. */
  async function image(id: string, file: string): Promise<MediaFile> {
    const notFound = new ApiError(404, 'NOT_FOUND', 'No such image');
    if (!UUID.test(id)) throw notFound;
    const stored = await findImage(db, id);
    const [rendition, extension] = file.split('.');
    const renditionFile = stored?.renditions[rendition as keyof typeof stored.renditions];
    if (
      !stored ||
      !renditionFile ||
      renditionFile.file !== file ||
      extension !== IMAGE_EXTENSIONS[stored.format]
    )
      throw notFound;
    return sendable(images.open(id, file), IMAGE_CONTENT_TYPES[stored.format], notFound);
  }

  /**
   * A track's MP3 preview once the preview job has made it, or its original upload through a signed link that
   * has not expired (a wrong signature is 404 like an unknown id; an expired one says so).
   */
  async function audioFile(
    id: string,
    file: string,
    link: Partial<SignedLink> = {},
  ): Promise<MediaFile & { expires?: number }> {
    const notFound = new ApiError(404, 'NOT_FOUND', 'No such audio file');
    if (!UUID.test(id)) throw notFound;
    const stored = await findAudioFile(db, id);
    const isPreview = file === PREVIEW_FILE && stored?.mp3?.file === PREVIEW_FILE;
    if (!stored || (!isPreview && stored.file !== file)) throw notFound;
    if (!isPreview) {
      const check = checkOriginalLink(stored.downloadKey, id, file, link);
      if (check === 'invalid') throw notFound;
      if (check === 'expired')
        throw new ApiError(
          403,
          'LINK_INVALID',
          'This download link has expired; open the track again for a new one',
        );
      const contentType = AUDIO_CONTENT_TYPES[stored.format];
      return { ...(await sendable(audio.open(id, file), contentType, notFound)), expires: link.expires! };
    }
    const contentType = isPreview ? 'audio/mpeg' : AUDIO_CONTENT_TYPES[stored.format];
    return sendable(audio.open(id, file), contentType, notFound);
  }

  return { image, audio: audioFile };
}

export type MediaFiles = ReturnType<typeof createMediaFiles>;
