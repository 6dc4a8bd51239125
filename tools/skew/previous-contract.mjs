import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PREVIOUS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'previous');

/**
 * The shell contract as it was published before the current minor (packed by freeze-contract.mjs): its tarball
 * and version, read from the file name npm gives it (`tunehouse-shell-contract-<version>.tgz`).
 */
export function previousContract() {
  const files = fs.readdirSync(PREVIOUS_DIR).filter((file) => file.endsWith('.tgz'));
  if (files.length !== 1) throw new Error(`${PREVIOUS_DIR} must hold exactly one packed contract`);
  const [file] = files;
  const version = /^tunehouse-shell-contract-(\d+\.\d+\.\d+)\.tgz$/.exec(file)?.[1];
  if (!version) throw new Error(`unexpected file name ${file}`);
  return { tarball: path.join(PREVIOUS_DIR, file), version };
}
