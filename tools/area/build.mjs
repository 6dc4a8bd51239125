import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../start/paths.mjs';
import { NX_ENV } from '../start/run.mjs';

/**
 * Builds one area alone with Nx (its libs first when they changed; Nx's cache answers for what did not). The
 * build's own output goes to stderr, so that stdout carries only the tool's result lines.
 */
export async function buildArea(area) {
  await nxBuild(`@tunehouse/${area.dir}`);
  return path.join(ROOT, area.dir, 'dist');
}

/** `nx run <project>:build`, its output on stderr. */
export function nxBuild(project) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'node_modules/nx/dist/bin/nx.js'), 'run', `${project}:build`, '--output-style=static'],
      { cwd: ROOT, stdio: ['ignore', 2, 2], env: { ...process.env, ...NX_ENV } },
    );
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`build of ${project} failed (${code ?? signal})`)),
    );
  });
}
