// Runs before `npm start` / `npm test`: installs dependencies when node_modules is missing or older than
// the lockfile. Uses nothing but Node itself, since it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const lockfile = path.join(root, 'package-lock.json');
const installed = path.join(root, 'node_modules', '.package-lock.json');

const stale = !fs.existsSync(installed) || fs.statSync(installed).mtimeMs < fs.statSync(lockfile).mtimeMs;
if (stale) {
  console.log('[tunehouse] installing dependencies (npm ci)…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The repository's own git hooks (.githooks/commit-msg: subjects that fit `git log --oneline`), for a clone that
// has not chosen hooks of its own.
if (fs.existsSync(path.join(root, '.git'))) {
  const configured = spawnSync('git', ['config', '--get', 'core.hooksPath'], { cwd: root, encoding: 'utf8' });
  if (configured.status === 1) spawnSync('git', ['config', 'core.hooksPath', '.githooks'], { cwd: root });
}
