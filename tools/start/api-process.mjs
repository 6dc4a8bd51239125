import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.mjs';

/** Starts the built API (which starts its embedded PostgreSQL) and waits until it answers /ready. */
export async function startApi({ port, env = {}, timeoutMs = 60_000 }) {
  const entry = path.join(ROOT, 'api', 'dist', 'main.js');
  if (!fs.existsSync(entry)) return null;
  const child = spawn(process.execPath, [entry], {
    cwd: path.join(ROOT, 'api'),
    stdio: 'inherit',
    env: { ...process.env, PORT: String(port), ...env },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode} while starting`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/ready`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url: `http://localhost:${port}`,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
