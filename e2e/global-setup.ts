import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Builds the test-only fixture remotes; the product's own builds come from `npm test`'s build step. */
export default function globalSetup(): void {
  const rspack = path.join(here, '..', 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js');
  for (const name of ['future-remote', 'player-remote']) {
    const fixture = path.join(here, 'fixtures', name);
    execFileSync(process.execPath, [rspack, 'build', '--mode', 'production'], {
      cwd: fixture,
      stdio: 'pipe',
    });
    if (!fs.existsSync(path.join(fixture, 'dist', 'mf-manifest.json')))
      throw new Error(`${name} fixture did not build`);
  }
}
