// `npm run contract:freeze`: keeps the shell contract as published today, so the version-skew test can build an
// area against it after the next minor. Run it right before bumping @tunehouse/shell-contract's version: it packs
// the built package (what `npm publish` would send) into tools/skew/previous/, replacing the one kept before.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exec } from '../verdaccio/registry.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CONTRACT_DIR = path.resolve(HERE, '..', '..', 'libs', 'shell-contract');
export const PREVIOUS_DIR = path.join(HERE, 'previous');

if (!fs.existsSync(path.join(CONTRACT_DIR, 'dist', 'index.js')))
  throw new Error('build @tunehouse/shell-contract first (npx nx run @tunehouse/shell-contract:build)');
const before = fs.readdirSync(PREVIOUS_DIR).filter((file) => file.endsWith('.tgz'));
const output = await exec('npm', ['pack', CONTRACT_DIR, '--pack-destination', PREVIOUS_DIR, '--json'], {
  cwd: PREVIOUS_DIR,
});
const [{ filename }] = JSON.parse(output.slice(output.indexOf('[')));
for (const file of before) if (file !== filename) fs.rmSync(path.join(PREVIOUS_DIR, file));
console.log(`kept ${path.relative(process.cwd(), path.join(PREVIOUS_DIR, filename))}`);
