import { spawn } from 'node:child_process';
import { ROOT } from './paths.mjs';

/**
 * Nx as our scripts run it: no daemon, no cloud, plain output. NX_SKIP_NX_CACHE is left as the caller set it: CI
 * sets it so that every task runs afresh in its clone instead of replaying results cached by another checkout on
 * the same machine.
 */
export const NX_ENV = {
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  NX_TUI: 'false',
};

/** Runs a command in the repository root, inheriting output; rejects on a non-zero exit. */
export function run(command, args, { env = {}, cwd = ROOT } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`)),
    );
  });
}

/** Builds every project whose inputs changed since its last build (Nx's cache skips the rest). */
export function buildStale() {
  return run(
    process.execPath,
    ['node_modules/nx/dist/bin/nx.js', 'run-many', '-t', 'build', '--output-style=static'],
    {
      env: NX_ENV,
    },
  );
}
