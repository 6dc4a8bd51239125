// The file parts of a backup: every object of the media storage (local folder or S3, through the one interface) and
// the data folder's generated secrets (docs/decisions/0084-backup-and-restore.md).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MediaStorage } from '../../platform/storage/index.js';

/**
 * Every key prefix the API stores objects under: audio and images (`media/`), ID documents (`verifications/`) and
 * uploaded platform reports (`reports/`). A new prefix must be added here, or its objects are not backed up
 * (files-copy.test.ts checks the API's sources for keys outside these).
 */
export const STORAGE_PREFIXES = ['media', 'verifications', 'reports'] as const;

/** The backup folder's sub-folder holding the storage's objects, each at its key. */
export const STORAGE_PART = 'storage';
export const SECRETS_PART = 'secrets';

/**
 * The secrets under `<DATA_DIR>/secrets/` a restored installation needs to go on as the same one: tokens signed
 * before the backup (sessions, opt-out links in sent mail) stay valid. Not the embedded PostgreSQL's password: the
 * restore's new cluster makes its own.
 */
const SECRET_FILES = ['jwt-secret', 'bot-check-hmac-key', 'payment-simulator-webhook-secret'] as const;

/** Copies every stored object into `<dir>/storage/<key>`; answers their count and bytes. */
export async function copyStorageOut(
  storage: MediaStorage,
  dir: string,
): Promise<{ objects: number; bytes: number }> {
  let objects = 0;
  let bytes = 0;
  for (const prefix of STORAGE_PREFIXES) {
    for (const key of await storage.list(prefix)) {
      const object = await storage.get(key);
      // Deleted since it was listed (its row is gone from the snapshot too, or will be): nothing to keep.
      if (!object) continue;
      const file = path.join(dir, STORAGE_PART, ...key.split('/'));
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      await pipeline(object.body, fs.createWriteStream(file, { mode: 0o600 }));
      objects += 1;
      bytes += fs.statSync(file).size;
    }
  }
  return { objects, bytes };
}

/** The keys of the backup's stored objects, `/`-separated. */
function backedUpKeys(dir: string): string[] {
  const root = path.join(dir, STORAGE_PART);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Puts every object of the backup into the storage. The backup's files are copied, never moved. */
export async function copyStorageIn(storage: MediaStorage, dir: string): Promise<number> {
  const keys = backedUpKeys(dir);
  fs.mkdirSync(storage.scratchDir, { recursive: true, mode: 0o700 });
  for (const key of keys) {
    // A put of a file moves it into the store: it is handed a copy on the store's own disk.
    const copy = path.join(storage.scratchDir, `restore-${randomBytes(6).toString('hex')}`);
    fs.copyFileSync(path.join(dir, STORAGE_PART, ...key.split('/')), copy);
    try {
      await storage.put(key, { file: copy });
    } finally {
      fs.rmSync(copy, { force: true });
    }
  }
  return keys.length;
}

/** The first stored object found, or null when the storage holds none under any prefix. */
export async function firstStoredKey(storage: MediaStorage): Promise<string | null> {
  for (const prefix of STORAGE_PREFIXES) {
    const keys = await storage.list(prefix);
    if (keys.length) return keys[0]!;
  }
  return null;
}

/** Copies the data folder's secrets (those that exist: a secret given as a setting has no file) into the backup. */
export function copySecretsOut(dataDir: string, dir: string): string[] {
  const copied: string[] = [];
  for (const name of SECRET_FILES) {
    const file = path.join(dataDir, 'secrets', name);
    if (!fs.existsSync(file)) continue;
    fs.mkdirSync(path.join(dir, SECRETS_PART), { recursive: true, mode: 0o700 });
    fs.copyFileSync(file, path.join(dir, SECRETS_PART, name));
    fs.chmodSync(path.join(dir, SECRETS_PART, name), 0o600);
    copied.push(name);
  }
  return copied;
}

/** The backup's secrets that the data folder already has: restoring over them would change the installation. */
export function secretsInTheWay(dataDir: string, dir: string): string[] {
  const folder = path.join(dir, SECRETS_PART);
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder).filter((name) => fs.existsSync(path.join(dataDir, 'secrets', name)));
}

/** Writes the backup's secrets into `<DATA_DIR>/secrets/` (created 0700, files 0600, as the API makes them). */
export function copySecretsIn(dataDir: string, dir: string): void {
  const folder = path.join(dir, SECRETS_PART);
  if (!fs.existsSync(folder)) return;
  fs.mkdirSync(path.join(dataDir, 'secrets'), { recursive: true, mode: 0o700 });
  for (const name of fs.readdirSync(folder))
    fs.writeFileSync(path.join(dataDir, 'secrets', name), fs.readFileSync(path.join(folder, name)), {
      mode: 0o600,
      flag: 'wx',
    });
}
