import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../platform/storage/index.js';

export type TestS3Server = { settings: S3Settings; close: () => Promise<void> };

/**
 * A real S3-compatible server for a test (s3rver: the S3 REST API over HTTP, objects in a temporary folder) on a
 * free port, with one empty bucket; `settings` are what STORAGE_DRIVER=s3 and the S3_* variables would give.
 */
export async function startTestS3Server(bucket = 'tunehouse-test'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      // s3rver's fixed development credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: '',
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
