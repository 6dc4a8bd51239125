// The API as its own operating-system process (src/main.ts, as `npm start` runs it), for tests that kill it.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const API_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** jiti runs main.ts from its sources, so the test needs no build of the API. */
const JITI_CLI = path.join(
  path.dirname(createRequire(import.meta.url).resolve('jiti/package.json')),
  'lib',
  'jiti-cli.mjs',
);

export type ApiProcess = {
  /** Where it listens: http://127.0.0.1:<port>. */
  url: string;
  child: ChildProcess;
  /** What it wrote to stdout and stderr so far (pino's JSON lines), for a failing test's message. */
  output: () => string;
  /** SIGKILL: no shutdown hook runs, the way a crash or an OOM kill ends it. */
  kill: () => Promise<void>;
  /** SIGTERM: the orderly shutdown. */
  stop: () => Promise<void>;
};

/**
 * Starts src/main.ts on `DATABASE_URL` (no embedded PostgreSQL) with a free port, quiet apart from its start line,
 * and answers once it listens. `env` adds to and overrides the test defaults.
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, [JITI_CLI, path.join(API_ROOT, 'src', 'main.ts')], {
    cwd: API_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      BOT_CHECK: 'off',
      RATE_LIMIT_FACTOR: '1000',
      DDEX_SCHEMA_DOWNLOAD: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = once(child, 'exit');
  const url = await new Promise<string>((resolve, reject) => {
    let pending = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const entry = (() => {
          try {
            return JSON.parse(line) as { msg?: string; address?: string };
          } catch {
            return null;
          }
        })();
        if (entry?.msg === 'Tunehouse API listening' && entry.address) resolve(entry.address);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(([code, signal]) =>
      reject(new Error(`The API exited (${code ?? signal}) before listening:\n${output.slice(-4000)}`)),
    );
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await exited;
  };
  return { url, child, output: () => output, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}
