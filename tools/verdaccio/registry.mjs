// A local npm registry (Verdaccio) for tests that install our libs the way a team outside this repository
// would: as published packages. See docs/decisions/0004-libs-as-published-packages.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfigFile, runServer } from 'verdaccio';
import { close, listen } from '../start/static-server.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const CONFIG_FILE = path.join(HERE, 'config.yaml');
export const LIBS_DIR = path.resolve(HERE, '..', '..', 'libs');

/**
 * The environment for an npm child process: without the `npm_*` variables an enclosing `npm run` sets
 * (`npm_config_local_prefix` and friends would point the child at this workspace).
 * @param {Record<string, string>} [extra]
 * @returns {NodeJS.ProcessEnv}
 */
export function npmEnv(extra = {}) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && key !== 'INIT_CWD'),
  );
  return { ...env, ...extra };
}

/**
 * Runs a command; resolves with its output, rejects with it on a non-zero exit (or when `signal` aborts).
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, signal?: AbortSignal }} [options]
 * @returns {Promise<string>}
 */
export function exec(command, args, { cwd, env = npmEnv(), signal } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, signal, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) =>
      code === 0
        ? resolve(output)
        : reject(
            new Error(`${command} ${args.join(' ')} (in ${cwd}) exited with ${code ?? signal}\n${output}`),
          ),
    );
  });
}

/**
 * Starts Verdaccio on loopback with tools/verdaccio/config.yaml, its storage and users in `storageDir`
 * (use a fresh temporary folder: nothing is kept between runs), and registers a user to publish with.
 * Resolves with the registry's URL (trailing slash), that user's token, and `close()`.
 */
export async function startRegistry({ storageDir, host = '127.0.0.1', port = 0 }) {
  fs.mkdirSync(storageDir, { recursive: true });
  const config = parseConfigFile(CONFIG_FILE);
  config.storage = path.join(storageDir, 'storage');
  config.auth = { htpasswd: { ...config.auth?.htpasswd, file: path.join(storageDir, 'htpasswd') } };
  config.self_path = CONFIG_FILE;

  const server = await runServer(config);
  const boundPort = await listen(server, port, host);
  const url = `http://${host}:${boundPort}/`;
  try {
    const name = 'tunehouse-ci';
    const response = await fetch(`${url}-/user/org.couchdb.user:${name}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, password: `pw-${process.pid}-${Date.now()}` }),
    });
    const body = await response.json();
    if (!response.ok || typeof body.token !== 'string')
      throw new Error(`verdaccio refused to add a user: ${response.status} ${JSON.stringify(body)}`);
    return { url, token: body.token, close: () => close(server) };
  } catch (error) {
    await close(server);
    throw error;
  }
}

/** The `.npmrc` lines that make `url` the only registry and authenticate with `token` (if given). */
export function npmrcFor(url, token) {
  const { host } = new URL(url);
  return [`registry=${url}`, ...(token ? [`//${host}/:_authToken=${token}`] : [])].join('\n') + '\n';
}

/** Every package under libs/ that is meant to be published: name, version and folder. */
export function listLibs(libsDir = LIBS_DIR) {
  return fs
    .readdirSync(libsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(libsDir, entry.name, 'package.json')))
    .map((entry) => {
      const dir = path.join(libsDir, entry.name);
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
      return { name: manifest.name, version: manifest.version, private: manifest.private === true, dir };
    })
    .filter((lib) => !lib.private);
}

/**
 * Publishes every lib under libs/ to the registry at `url`, as it stands on disk: the libs must be built
 * (`dist/` is what the tarball carries). `npm publish <folder>` runs from a scratch folder holding only the
 * registry's `.npmrc`, so neither this workspace's configuration nor the user's registry take part.
 * `libs` defaults to all of them (`listLibs()`). Resolves with the published `{ name, version }` list.
 */
export async function publishLibs({ url, token, libs = listLibs() }) {
  const missing = libs.filter((lib) => !fs.existsSync(path.join(lib.dir, 'dist')));
  if (missing.length > 0)
    throw new Error(`build the libs first (no dist/ in ${missing.map((lib) => lib.dir).join(', ')})`);

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-publish-'));
  try {
    const npmrc = path.join(scratch, '.npmrc');
    fs.writeFileSync(npmrc, npmrcFor(url, token));
    const env = npmEnv({ npm_config_userconfig: npmrc, npm_config_cache: path.join(scratch, 'cache') });
    const results = await Promise.allSettled(
      libs.map((lib) => exec('npm', ['publish', lib.dir, '--registry', url], { cwd: scratch, env })),
    );
    const failures = results.filter((result) => result.status === 'rejected');
    if (failures.length > 0) throw new Error(failures.map((failure) => failure.reason.message).join('\n'));
    return libs.map(({ name, version }) => ({ name, version }));
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
