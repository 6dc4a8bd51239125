import { areaHeading } from '../fixtures/area-heading.js';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInWithoutApi } from '../fixtures/session.js';
import { freshStack } from '../fixtures/stack.js';
import {
  buildApp,
  copyArea,
  installFromRegistry,
  readAppManifest,
  separateWorkspace,
  serveBuild,
} from '../fixtures/separate-build.js';

/**
 * Issue 2, item 10: a team can build and ship an area without the rest of the repository. The libs are
 * published to a local Verdaccio; one remote is copied to a folder outside the workspace, installs from that
 * registry alone, builds, and the shell loads the result. See docs/decisions/0004-libs-as-published-packages.md.
 */
const AREA = { name: 'analytics', dir: 'mfe-analytics' };

const cleanups: (() => unknown)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

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

  // 1. A registry of our own, holding every lib as its package; everything else proxies to npmjs.
  const workspace = await separateWorkspace('tunehouse-separate-team-');
  cleanups.push(() => workspace.dispose());
  measure('start registry + publish libs');

  // 2. The remote alone, in an empty folder, with that registry as its only one.
  const app = copyArea(workspace, AREA.dir);
  const appManifest = readAppManifest(app);
  const ourDependencies = Object.keys({ ...appManifest.dependencies, ...appManifest.devDependencies }).filter(
    (name) => name.startsWith('@tunehouse/'),
  );
  expect(ourDependencies.length).toBeGreaterThan(0);
  expect(workspace.published.map((lib) => lib.name)).toEqual(expect.arrayContaining(ourDependencies));
  await installFromRegistry(workspace, app, abort.signal);
  measure('npm install');
  for (const name of ourDependencies) {
    expect(fs.lstatSync(path.join(app, 'node_modules', name)).isSymbolicLink(), name).toBe(false);
  }

  // 3. The team's own build command.
  const dist = await buildApp(workspace, app, abort.signal);
  measure('rspack build');

  // 4. Shipped: its build served from an origin of its own, and the registry pointing the area at it.
  const served = await serveBuild(dist);
  const copyOrigin = served.origin;
  cleanups.push(() => served.close());
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
  await expect(areaHeading(page, 'Stream trends')).toBeVisible();
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
