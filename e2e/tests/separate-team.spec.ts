import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInWithoutApi } from '../fixtures/session.js';
import { freshStack } from '../fixtures/stack.js';
import { ROOT } from '../../tools/start/paths.mjs';
import { close, createStaticServer, listen } from '../../tools/start/static-server.mjs';
import { exec, npmEnv, npmrcFor, publishLibs, startRegistry } from '../../tools/verdaccio/registry.mjs';

/**
 * Issue 2, item 10: a team can build and ship an area without the rest of the repository. The libs are
 * published to a local Verdaccio; one remote is copied to a folder outside the workspace, installs from that
 * registry alone, builds, and the shell loads the result. See docs/decisions/0004-libs-as-published-packages.md.
 */
const AREA = { name: 'analytics', dir: 'mfe-analytics' };

interface Lockfile {
  packages: Record<string, { resolved?: string; link?: boolean }>;
}
interface AppManifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
interface Tsconfig {
  extends?: string;
  compilerOptions?: Record<string, unknown>;
}

const cleanups: (() => unknown)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Copies the remote's own files (no node_modules, no build output) into `target`. */
function copyRemote(source: string, target: string): void {
  fs.cpSync(source, target, {
    recursive: true,
    filter: (file) => !['node_modules', 'dist'].includes(path.basename(file)),
  });
  // The remote's tsconfig extends the repository's base config; outside the repository it carries the
  // options itself. (Only the type check reads it: the build compiles with swc's own options.)
  const tsconfigFile = path.join(target, 'tsconfig.json');
  const tsconfig = JSON.parse(fs.readFileSync(tsconfigFile, 'utf8')) as Tsconfig;
  if (tsconfig.extends !== undefined) {
    const base = JSON.parse(fs.readFileSync(path.resolve(source, tsconfig.extends), 'utf8')) as Tsconfig;
    const { extends: _extends, ...own } = tsconfig;
    fs.writeFileSync(
      tsconfigFile,
      `${JSON.stringify({ ...own, compilerOptions: { ...base.compilerOptions, ...own.compilerOptions } }, null, 2)}\n`,
    );
  }
}

test('a remote copied out of the repository installs our libs from a registry, builds, and loads in the shell', async ({
  page,
}) => {
  test.setTimeout(5 * 60_000);
  const abort = new AbortController();
  cleanups.push(() => abort.abort());
  const timings: string[] = [];
  let lap = Date.now();
  const measure = (step: string) => {
    timings.push(`${step} ${((Date.now() - lap) / 1000).toFixed(1)} s`);
    lap = Date.now();
  };

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-separate-team-'));
  cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const app = path.join(tmp, 'team', AREA.dir);
  expect(path.relative(ROOT, app).startsWith('..'), 'the copy lives outside the workspace').toBe(true);

  // 1. A registry of our own, holding every lib as its package; everything else proxies to npmjs.
  const registry = await startRegistry({ storageDir: path.join(tmp, 'registry') });
  cleanups.push(() => registry.close());
  const published = await publishLibs(registry);
  measure('start registry + publish libs');

  // 2. The remote alone, in an empty folder, with that registry as its only one.
  copyRemote(path.join(ROOT, AREA.dir), app);
  const appManifest = JSON.parse(fs.readFileSync(path.join(app, 'package.json'), 'utf8')) as AppManifest;
  const ourDependencies = Object.keys({ ...appManifest.dependencies, ...appManifest.devDependencies }).filter(
    (name) => name.startsWith('@tunehouse/'),
  );
  expect(ourDependencies.length).toBeGreaterThan(0);
  expect(published.map((lib: { name: string }) => lib.name)).toEqual(expect.arrayContaining(ourDependencies));
  const npmrc = path.join(app, '.npmrc');
  fs.writeFileSync(npmrc, `${npmrcFor(registry.url)}omit-lockfile-registry-resolved=false\n`);
  // The user's npm configuration and cache stay out: every tarball is fetched through the registry.
  const env = npmEnv({ npm_config_userconfig: npmrc, npm_config_cache: path.join(tmp, 'npm-cache') });

  await exec('npm', ['install', '--no-audit', '--no-fund'], { cwd: app, env, signal: abort.signal });
  measure('npm install');
  const lockfile = JSON.parse(fs.readFileSync(path.join(app, 'package-lock.json'), 'utf8')) as Lockfile;
  const installed = Object.entries(lockfile.packages).filter(([key]) => key !== '');
  expect(installed.length).toBeGreaterThan(50);
  for (const [key, entry] of installed) {
    expect(entry.link, key).toBeUndefined();
    expect(entry.resolved, key).toMatch(new RegExp(`^${registry.url.replace(/[.]/g, '\\.')}`));
  }
  for (const name of ourDependencies) {
    expect(fs.lstatSync(path.join(app, 'node_modules', name)).isSymbolicLink(), name).toBe(false);
  }

  // 3. The team's own build command.
  await exec('npm', ['run', 'build', '--', '--mode', 'production'], { cwd: app, env, signal: abort.signal });
  measure('rspack build');
  const dist = path.join(app, 'dist');
  expect(fs.existsSync(path.join(dist, 'mf-manifest.json'))).toBe(true);

  // 4. Shipped: its build served from an origin of its own, and the registry pointing the area at it.
  const server = createStaticServer(dist);
  const copyOrigin = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`;
  cleanups.push(() => close(server));
  const stack = await freshStack({
    transformRegistry: (registry: { areas: Record<string, { manifest: string }> }) => ({
      ...registry,
      areas: {
        ...registry.areas,
        [AREA.name]: { ...registry.areas[AREA.name], manifest: `${copyOrigin}/mf-manifest.json` },
      },
    }),
  });
  cleanups.push(() => stack.close());
  const repositoryOrigin = new URL((stack.areaUrls as Record<string, string>)[AREA.name]!).origin;

  const requested: URL[] = [];
  const copyScripts: { url: string; body: string }[] = [];
  page.on('request', (request) => requested.push(new URL(request.url())));
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (url.origin === copyOrigin && url.pathname.endsWith('.js'))
      copyScripts.push({ url: response.url(), body: await response.text() });
  });

  await signInWithoutApi(page.context(), stack.shellUrl);
  await page.goto(`${stack.shellUrl}/trends`);
  await expect(page.getByRole('heading', { level: 1, name: 'Stream trends', exact: true })).toBeVisible();
  await page.evaluate(() => window.history.pushState(null, '', '/trends/playlists'));
  await expect(page.getByRole('heading', { level: 1, name: 'Playlist trends', exact: true })).toBeVisible();
  measure('shell loads the area');

  const fromCopy = requested.filter((url) => url.origin === copyOrigin).map((url) => url.pathname);
  expect(fromCopy).toContain('/mf-manifest.json');
  expect(fromCopy).toContain('/remoteEntry.js');
  expect(
    fromCopy.some((file) => /^\/__federation_expose_app\.[0-9a-f]+\.js$/.test(file)),
    fromCopy.join(),
  ).toBe(true);
  for (const file of fromCopy) expect(fs.existsSync(path.join(dist, file)), file).toBe(true);
  expect(requested.filter((url) => url.origin === repositoryOrigin).map(String)).toEqual([]);
  // Built apart, it still takes React from the shell (shared singletons), not a copy of its own.
  expect(copyScripts.length).toBeGreaterThan(1);
  for (const script of copyScripts)
    expect(script.body, script.url).not.toContain(
      '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE',
    );

  test.info().annotations.push({ type: 'timings', description: timings.join(', ') });
  console.log(`separate-team timings: ${timings.join(', ')}`);
});
