import type { Readable } from 'node:stream';

/** An object as read back: its bytes as a stream and their count (for Content-Length). */
export type StoredObject = { body: Readable; size: number };

/** What a `put` takes: bytes in memory, or a local file that is moved into the store (gone afterwards). */
export type PutSource = Buffer | { file: string };

/**
 * Where the API keeps files that outlive a request — audio, images, ID documents, delivery batches, report uploads
 * (docs/decisions/0055-several-api-processes.md). Keys are `/`-separated paths such as `media/audio/<id>/preview.mp3`;
 * every process of an installation sees the same objects. The local folder (one machine) and an S3-compatible
 * bucket (several machines) implement it.
 */
export interface MediaStorage {
  /** `local` or `s3`, for logs. */
  readonly driver: 'local' | 's3';
  /**
   * A local folder for files being received or made before they are put (uploads in flight, renders). For the
   * local driver it is on the same disk as the store, so a put of a file is a rename.
   */
  readonly scratchDir: string;
  /** Stores the object, replacing any under the key; a reader sees the old object or the new one, never half. */
  put(key: string, source: PutSource, contentType?: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** The object's size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Removes the object; a missing one is fine. */
  delete(key: string): Promise<void>;
  /** Removes every object under `prefix/`. */
  deletePrefix(prefix: string): Promise<void>;
  /** The keys under `prefix/`, sorted. */
  list(prefix: string): Promise<string[]>;
  /**
   * Runs `work` with a local file holding the object's bytes, for tools that need a path (ffmpeg, the delivery
   * batch): the stored file itself for the local driver, a downloaded copy (removed afterwards) for S3. Null when
   * there is no such object.
   */
  withLocalFile<T>(key: string, work: (file: string) => Promise<T>): Promise<T | null>;
}

/** A key is relative, `/`-separated, without empty, `.` or `..` segments: it can name nothing outside the store. */
export function assertKey(key: string): void {
  const segments = key.split('/');
  if (
    !key ||
    segments.some((segment) => !segment || segment === '.' || segment === '..' || segment.includes('\\'))
  )
    throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
}
