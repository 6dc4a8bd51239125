import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built API's entry point (npx nx run api:build). */
export const BUILT_API = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export type ApiProcess = {
  /** The origin it listens on, e.g. http://127.0.0.1:40123. */
  url: string;
  /** Every JSON log line it has written so far (pino), parsed. */
  logs: Record<string, unknown>[];
  stop: () => Promise<void>;
};

/**
 * Starts the built API as its own process (as `npm start` and a container do: node api/dist/main.js) with `env`
 * on top of this process's, on a free port (PORT=0), and answers once it logs the address it listens on.
 */
export async function startApiProcess(
  env: Record<string, string>,
  { timeoutMs = 60_000 } = {},
): Promise<ApiProcess> {
  if (!fs.existsSync(BUILT_API))
    throw new Error(`${BUILT_API} is missing: build the API first (npx nx run api:build)`);
  const child: ChildProcess = spawn(process.execPath, [BUILT_API], {
    cwd: path.dirname(path.dirname(BUILT_API)),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
  });
  const logs: Record<string, unknown>[] = [];
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API did not start in time:\n${output}`)), timeoutMs);
    let pending = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        output += `${line}\n`;
        let entry: Record<string, unknown>;
        try {
          entry = JSON.parse(line) as Record<string, unknown>;
        } catch {
          continue;
        }
        logs.push(entry);
        if (entry['msg'] === 'Tunehouse API listening' && typeof entry['address'] === 'string') {
          clearTimeout(timer);
          resolve(entry['address']);
        }
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the API exited with ${code} while starting:\n${output}`));
    });
  });
  return {
    url,
    logs,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
