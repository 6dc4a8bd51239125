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
  const put = (key, bytes, CacheControl) =>
    client.send(
      new PutObjectCommand({
        Bucket,
        Key: `${base}${key}`,
        Body: bytes,
        ContentType: contentTypeOf(key),
        CacheControl,
      }),
    );
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
        return Buffer.from(await object.Body.transformToByteArray());
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
      for (const [name, bytes] of files)
        if (name !== marker) await put(`${dir}/${name}`, bytes, 'public, max-age=31536000, immutable');
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
