import zlib from 'node:zlib';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

const CONTENT_TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};
const contentTypeOf = (key) => CONTENT_TYPES[/\.[^./]+$/.exec(key)?.[0] ?? ''] ?? 'application/octet-stream';

/**
 * Text types, stored gzip-encoded (`Content-Encoding: gzip`): S3 and a CDN in front of it send an object as it is,
 * with no choice by Accept-Encoding, and every browser accepts gzip. Brotli would be smaller but is not accepted
 * by every client, so one object cannot be brotli. Below 1 KB the encoding costs more than it saves.
 */
const COMPRESSIBLE = /\.(js|mjs|cjs|css|html|json|svg|map|txt)$/;
const COMPRESS_FROM = 1024;
const VARIANT = /\.(br|gz)$/;

/**
 * The object to store for a file of a build: the build's own `.gz` beside it (written at the highest level by
 * libs/mf-config precompress.ts) or gzip made here. `null` for a `.br`/`.gz` variant of another file of the build:
 * its bytes go up as that file's body, and an object of its own would never be asked for.
 */
export function storedObject(name, bytes, files = new Map()) {
  const variantOf = VARIANT.test(name) ? name.slice(0, -3) : null;
  if (variantOf !== null && files.has(variantOf)) return null;
  if (!COMPRESSIBLE.test(name) || bytes.length < COMPRESS_FROM) return { body: bytes };
  const gzip = files.get(`${name}.gz`) ?? zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
  return gzip.length < bytes.length ? { body: gzip, encoding: 'gzip' } : { body: bytes };
}

const notFound = (error) =>
  error?.name === 'NoSuchKey' || error?.name === 'NotFound' || error?.$metadata?.httpStatusCode === 404;

/**
 * The bucket settings of `s3://bucket/prefix`, with the same S3_* variables the API's media storage reads
 * (S3_ENDPOINT for a server other than AWS, S3_REGION, S3_ACCESS_KEY_ID + S3_SECRET_ACCESS_KEY or the SDK's usual
 * credential chain, S3_FORCE_PATH_STYLE=true for most S3-compatible servers).
 */
export function s3StorageFromUrl(location, env = process.env) {
  const url = new URL(location);
  return s3Storage({
    bucket: url.host,
    prefix: url.pathname.replace(/^\/+|\/+$/g, ''),
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
  });
}

/**
 * Area builds in an S3-compatible bucket (served by a CDN in front of it, docs/deploy.md). A version's files are
 * put under `<prefix>/<area>/<version>/` with a year's immutable caching (the path changes with the content), its
 * release.json last; the registry is one object, replaced by one PutObject, which S3 makes visible whole or not
 * at all. A bucket has no lock: `exclusive` runs the work as it is, so deploys must not race (one deploy job at a
 * time, as CI runs them).
 * @returns {import('./area-storage.mjs').AreaStorage}
 */
export function s3Storage({
  bucket,
  prefix = '',
  endpoint,
  region,
  accessKeyId,
  secretAccessKey,
  forcePathStyle,
}) {
  const client = new S3Client({
    region,
    forcePathStyle,
    // Plain bodies with their length: the SDK's default trailing checksums are not understood by every S3-compatible
    // server (as in the API's media storage).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(endpoint ? { endpoint } : {}),
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  });
  const Bucket = bucket;
  const base = prefix ? `${prefix}/` : '';
  const put = (key, bytes, CacheControl, files) => {
    const object = storedObject(key, bytes, files);
    if (object === null) return undefined;
    return client.send(
      new PutObjectCommand({
        Bucket,
        Key: `${base}${key}`,
        Body: object.body,
        ContentType: contentTypeOf(key),
        ...(object.encoding ? { ContentEncoding: object.encoding } : {}),
        CacheControl,
      }),
    );
  };
  const exists = async (key) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: `${base}${key}` }));
      return true;
    } catch (error) {
      if (notFound(error)) return false;
      throw error;
    }
  };

  return {
    description: `s3://${bucket}/${prefix}`,
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: `${base}${key}` }));
        const bytes = Buffer.from(await object.Body.transformToByteArray());
        // The SDK hands over the stored body; a gzip-encoded object is read back as the file it was.
        return object.ContentEncoding === 'gzip' ? zlib.gunzipSync(bytes) : bytes;
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async replace(key, bytes) {
      await put(key, bytes, 'no-cache');
    },
    async putOnce(dir, files, marker) {
      if (await exists(`${dir}/${marker}`)) return 'exists';
      const inDir = new Map([...files].map(([name, bytes]) => [`${dir}/${name}`, bytes]));
      for (const [name, bytes] of files)
        if (name !== marker) await put(`${dir}/${name}`, bytes, 'public, max-age=31536000, immutable', inDir);
      await put(`${dir}/${marker}`, files.get(marker), 'no-cache');
      return 'created';
    },
    async children(dir) {
      const names = [];
      let ContinuationToken;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${base}${dir}/`, Delimiter: '/', ContinuationToken }),
        );
        for (const { Prefix } of page.CommonPrefixes ?? [])
          if (Prefix) names.push(Prefix.slice(`${base}${dir}/`.length).replace(/\/$/, ''));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return names;
    },
    exclusive: (_key, work) => work(),
  };
}
