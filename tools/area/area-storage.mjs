/**
 * What an area storage offers (storage.mjs opens one: local-storage.mjs or s3-storage.mjs). A module of its own, so
 * that the implementations name their interface without importing the module that chooses between them.
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
export {};
