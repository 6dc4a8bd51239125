import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A lock older than this was left by a process that died; it is taken over. */
const STALE_LOCK_MS = 30_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Storage in a local folder (the default: `.data/areas`, which the area origins of `npm start` serve). A version
 * is written into a hidden folder beside its final place and renamed into place in one step, so a server never
 * sees half of it; a whole object is replaced by writing a temporary file and renaming it over the old one.
 * @returns {import('./area-storage.mjs').AreaStorage}
 */
export function localStorage(root) {
  const full = (key) => {
    const file = path.resolve(root, key);
    if (file !== path.resolve(root) && !file.startsWith(path.resolve(root) + path.sep))
      throw new Error(`key '${key}' leaves ${root}`);
    return file;
  };
  const temporary = (file) => path.join(path.dirname(file), `.incoming-${crypto.randomUUID()}`);

  return {
    description: path.resolve(root),
    async read(key) {
      try {
        return await fs.promises.readFile(full(key));
      } catch (error) {
        if (error.code === 'ENOENT') return null;
        throw error;
      }
    },
    async replace(key, bytes) {
      const file = full(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const tmp = temporary(file);
      await fs.promises.writeFile(tmp, bytes);
      // rename(2) swaps the name over in one step: a reader opens the old file or the new one.
      await fs.promises.rename(tmp, file);
    },
    async putOnce(prefix, files, marker) {
      const dir = full(prefix);
      if (fs.existsSync(path.join(dir, marker))) return 'exists';
      const tmp = temporary(dir);
      try {
        for (const [name, bytes] of files) {
          const file = path.join(tmp, name);
          await fs.promises.mkdir(path.dirname(file), { recursive: true });
          await fs.promises.writeFile(file, bytes);
        }
        try {
          await fs.promises.rename(tmp, dir);
          return 'created';
        } catch (error) {
          // Another process published the same content a moment before: it is the same version.
          if (['ENOTEMPTY', 'EEXIST'].includes(error.code) && fs.existsSync(path.join(dir, marker)))
            return 'exists';
          throw error;
        }
      } finally {
        await fs.promises.rm(tmp, { recursive: true, force: true });
      }
    },
    async children(prefix) {
      try {
        const entries = await fs.promises.readdir(full(prefix), { withFileTypes: true });
        return entries
          .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
          .map((entry) => entry.name);
      } catch (error) {
        if (error.code === 'ENOENT') return [];
        throw error;
      }
    },
    async exclusive(key, work) {
      const lock = `${full(key)}.lock`;
      await fs.promises.mkdir(path.dirname(lock), { recursive: true });
      for (;;) {
        try {
          await fs.promises.writeFile(lock, String(process.pid), { flag: 'wx' });
          break;
        } catch (error) {
          if (error.code !== 'EEXIST') throw error;
          const age =
            Date.now() - (await fs.promises.stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
          if (age > STALE_LOCK_MS) await fs.promises.rm(lock, { force: true });
          else await sleep(20);
        }
      }
      try {
        return await work();
      } finally {
        await fs.promises.rm(lock, { force: true });
      }
    },
  };
}
