import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.mjs';
import { supervise } from './supervise.mjs';

/**
 * Starts the built API (which starts its embedded PostgreSQL) and waits until it answers /ready. From then on it is
 * supervised: an API process that exits without being asked to is started again with backoff (supervise.mjs); one
 * that exits before it was ever ready (a configuration error, a port taken) fails `npm start` as before.
 */
export async function startApi({ port, env = {}, timeoutMs = 60_000 }) {
  const entry = path.join(ROOT, 'api', 'dist', 'main.js');
  if (!fs.existsSync(entry)) return null;
  const api = supervise({
    name: 'The API',
    spawnChild: () =>
      spawn(process.execPath, [entry], {
        cwd: path.join(ROOT, 'api'),
        stdio: 'inherit',
        env: { ...process.env, PORT: String(port), ...env },
      }),
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { exitCode, signalCode } = api.child;
    if (exitCode !== null || signalCode !== null) {
      await api.stop();
      throw new Error(`API exited with ${exitCode ?? signalCode} while starting`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/ready`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url: `http://localhost:${port}`, stop: () => api.stop() };
}
