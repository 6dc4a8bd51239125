// `node tools/bench/single-bundle/build.mjs`: builds the bench-only single bundle into tools/bench/single-bundle/dist.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export function buildSingleBundle() {
  const { status } = spawnSync(
    'npx',
    ['rspack', 'build', '--config', path.join(here, 'rspack.config.mjs'), '--mode', 'production'],
    { cwd: path.resolve(here, '../../../shell'), stdio: 'inherit' },
  );
  if (status !== 0) throw new Error(`the single bundle did not build (exit code ${status})`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildSingleBundle();
