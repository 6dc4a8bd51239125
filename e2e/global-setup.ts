import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Builds the test-only fixture remote; the product's own builds come from `npm test`'s build step. */
export default function globalSetup(): void {
  const fixture = path.join(here, 'fixtures', 'future-remote');
  const rspack = path.join(here, '..', 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js');
  execFileSync(process.execPath, [rspack, 'build', '--mode', 'production'], { cwd: fixture, stdio: 'pipe' });
  if (!fs.existsSync(path.join(fixture, 'dist', 'mf-manifest.json')))
    throw new Error('future-remote fixture did not build');
}
