/**
 * Where area builds and the registry are kept. Keys are slash-separated paths ("releases/0.1.0-ab12/mf-manifest.json",
 * "remotes.json"). Two implementations: a local folder (local-storage.mjs, the default, what `npm start` serves)
 * and an S3-compatible bucket (s3-storage.mjs, for production behind a CDN).
 * The interface both implement is AreaStorage (area-storage.mjs).
 */

import { localStorage } from './local-storage.mjs';

/**
 * Opens a storage from a setting: `s3://bucket/prefix` for a bucket (loaded only then, so the local default
 * needs no AWS SDK), anything else is a local folder.
 * @returns {Promise<import('./area-storage.mjs').AreaStorage>}
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
