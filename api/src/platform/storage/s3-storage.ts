import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertKey, type MediaStorage, type PutSource } from './media-storage.js';

/** An S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), as STORAGE_DRIVER=s3 and the S3_* settings give it. */
export type S3Settings = {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Bucket in the path (`http://host/bucket/key`) rather than the host name: what MinIO and most servers need. */
  forcePathStyle: boolean;
  /** Objects go under this prefix, so one bucket can hold several installations. */
  prefix: string;
};

const notFound = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

/**
 * Objects in an S3-compatible bucket through the AWS SDK's S3 client. Files are sent with their length (one
 * PutObject, up to S3's 5 GB; AUDIO_MAX_BYTES stays below it). Checksums are sent only where S3 requires them:
 * the SDK's default trailing checksums (aws-chunked bodies) are not understood by every S3-compatible server.
 */
export function createS3Storage(settings: S3Settings, scratchDir: string): MediaStorage {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const Bucket = settings.bucket;
  const base = settings.prefix ? `${settings.prefix.replace(/\/+$/, '')}/` : '';
  const keyOf = (key: string) => {
    assertKey(key);
    return `${base}${key}`;
  };

  async function put(key: string, source: PutSource, contentType?: string): Promise<void> {
    const common = { Bucket, Key: keyOf(key), ...(contentType ? { ContentType: contentType } : {}) };
    if (Buffer.isBuffer(source)) {
      await client.send(new PutObjectCommand({ ...common, Body: source }));
      return;
    }
    const { size } = await fs.stat(source.file);
    await client.send(
      new PutObjectCommand({ ...common, Body: createReadStream(source.file), ContentLength: size }),
    );
    await fs.rm(source.file, { force: true });
  }

  async function size(key: string): Promise<number | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async function get(key: string) {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
      return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async function list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: `${keyOf(prefix)}/`, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key.slice(base.length));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys.sort();
  }

  return {
    driver: 's3',
    scratchDir,
    put,
    get,
    size,
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async deletePrefix(prefix) {
      const keys = await list(prefix);
      // At most 1,000 keys per DeleteObjects call.
      for (let start = 0; start < keys.length; start += 1000) {
        const Objects = keys.slice(start, start + 1000).map((key) => ({ Key: keyOf(key) }));
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      }
    },
    list,
    async withLocalFile(key, work) {
      const object = await get(key);
      if (!object) return null;
      const folder = path.join(scratchDir, 'downloads');
      await fs.mkdir(folder, { recursive: true, mode: 0o700 });
      // The key's own name last, so that tools reading the extension (ffmpeg) see it.
      const file = path.join(folder, `${randomBytes(8).toString('hex')}-${path.posix.basename(key)}`);
      try {
        await pipeline(object.body, createWriteStream(file, { mode: 0o600 }));
        return await work(file);
      } finally {
        await fs.rm(file, { force: true });
      }
    },
  };
}
