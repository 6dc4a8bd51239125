import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Every file under `dir`, as paths relative to it with forward slashes, sorted so that the order is stable. */
export function listFiles(dir) {
  const files = [];
  const walk = (relative) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) files.push(child);
    }
  };
  walk('');
  return files.sort();
}

/** Reads a build folder into memory: relative path -> bytes (an area's build is a few megabytes). */
export function readBuild(dir) {
  return new Map(listFiles(dir).map((file) => [file, fs.readFileSync(path.join(dir, file))]));
}

/**
 * The SHA-256 of a build's content: each file's path and bytes, in path order, length-prefixed so that moving
 * bytes from one file to the next changes the hash. Timestamps and folder names play no part, so the same build
 * copied anywhere hashes the same.
 */
export function contentHash(files) {
  const hash = crypto.createHash('sha256');
  for (const [file, bytes] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    hash.update(`${file}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  return hash.digest('hex');
}

/** A Subresource Integrity value, as the browser checks a script's `integrity` attribute. */
export function integrityOf(bytes) {
  return `sha384-${crypto.createHash('sha384').update(bytes).digest('base64')}`;
}
