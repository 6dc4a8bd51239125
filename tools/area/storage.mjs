/**
 * Where area builds and the registry are kept. Keys are slash-separated paths ("releases/0.1.0-ab12/mf-manifest.json",
 * "remotes.json"). Two implementations: a local folder (local-storage.mjs, the default, what `npm start` serves)
 * and an S3-compatible bucket (s3-storage.mjs, for production behind a CDN).
 *
 * @typedef {object} AreaStorage
 * @property {string} description Where it is, for messages.
 * @property {(key: string) => Promise<Buffer | null>} read The object's bytes, or null when there is none.
 * @property {(key: string, bytes: Buffer) => Promise<void>} replace Writes a whole object so that a reader sees
 *   either the old or the new bytes, never a mix (the registry and its history).
 * @property {(prefix: string, files: Map<string, Buffer>, marker: string) => Promise<'created' | 'exists'>} putOnce
 *   Stores a version's files under `prefix/` unless `prefix/marker` is already there; never overwrites. The marker
 *   is written last, so its presence means the version is complete.
 * @property {(prefix: string) => Promise<string[]>} children Names of the "folders" directly under `prefix/`.
 * @property {<T>(key: string, work: () => Promise<T>) => Promise<T>} exclusive Runs `work` while no other process
 *   of this storage changes `key` (a lock file locally; a bucket offers none, see s3-storage.mjs).
 */

import { localStorage } from './local-storage.mjs';

/**
 * Opens a storage from a setting: `s3://bucket/prefix` for a bucket (loaded only then, so the local default
 * needs no AWS SDK), anything else is a local folder.
 * @returns {Promise<AreaStorage>}
 */
export async function openStorage(location, env = process.env) {
  if (location.startsWith('s3://')) {
    const { s3StorageFromUrl } = await import('./s3-storage.mjs');
    return s3StorageFromUrl(location, env);
  }
  return localStorage(location);
}

/**
 * A registry setting names one object: a JSON file (`.data/env/remotes.json`) or `s3://bucket/remotes.json`.
 * Answers the storage holding it and its key.
 */
export async function openRegistryLocation(location, env = process.env) {
  if (location.startsWith('s3://')) {
    const url = new URL(location);
    const key = url.pathname.replace(/^\/+/, '');
    const slash = key.lastIndexOf('/');
    const storage = await openStorage(`s3://${url.host}/${key.slice(0, slash + 1)}`, env);
    return { storage, key: key.slice(slash + 1) };
  }
  const { dirname, basename, resolve } = await import('node:path');
  const file = resolve(location);
  return { storage: localStorage(dirname(file)), key: basename(file) };
}
