import path from 'node:path';
import type { AppConfig } from '../config.js';
import { createLocalStorage } from './local-storage.js';
import type { MediaStorage } from './media-storage.js';
import { createS3Storage } from './s3-storage.js';

export { createLocalStorage } from './local-storage.js';
export { assertKey, type MediaStorage, type PutSource, type StoredObject } from './media-storage.js';
export { createS3Storage, type S3Settings } from './s3-storage.js';

/** The storage the settings choose: the S3-compatible bucket with STORAGE_DRIVER=s3, else the data folder. */
export function createMediaStorage(config: Pick<AppConfig, 'dataDir' | 'storage'>): MediaStorage {
  return config.storage.driver === 's3'
    ? createS3Storage(config.storage.s3, path.join(config.dataDir, 'scratch'))
    : createLocalStorage(config.dataDir);
}
