import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertKey, type MediaStorage, type PutSource } from './media-storage.js';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The embedded default: objects as files under one folder (`DATA_DIR`), a key being the file's relative path — so
 * the layout is the one the API always had (`media/audio/<id>/…`, `verifications/…`). Folders 0700, files 0600:
 * only the API's own user reads them.
 */
export function createLocalStorage(root: string): MediaStorage {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };

  async function put(key: string, source: PutSource): Promise<void> {
    const target = fileOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    // Written beside the target and renamed over it: a reader never sees half a file.
    const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
    try {
      if (Buffer.isBuffer(source)) await fs.writeFile(partial, source, { mode: 0o600 });
      else {
        await fs.rename(source.file, partial).catch(async (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EXDEV') throw error;
          await fs.copyFile(source.file, partial);
          await fs.rm(source.file, { force: true });
        });
      }
      await fs.rename(partial, target);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
  }

  async function size(key: string): Promise<number | null> {
    const stat = await fs.stat(fileOf(key)).catch((error: unknown) => {
      if (missing(error)) return null;
      throw error;
    });
    return stat?.isFile() ? stat.size : null;
  }

  async function list(prefix: string): Promise<string[]> {
    const entries = await fs
      .readdir(fileOf(prefix), { recursive: true, withFileTypes: true })
      .catch((error: unknown) => {
        if (missing(error)) return [];
        throw error;
      });
    return entries
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'))
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort();
  }

  return {
    driver: 'local',
    scratchDir: root,
    put,
    async get(key) {
      const bytes = await size(key);
      return bytes === null ? null : { body: createReadStream(fileOf(key)), size: bytes };
    },
    size,
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      await fs.rm(fileOf(prefix), { recursive: true, force: true });
    },
    list,
    async withLocalFile(key, work) {
      return (await size(key)) === null ? null : work(fileOf(key));
    },
  };
}
