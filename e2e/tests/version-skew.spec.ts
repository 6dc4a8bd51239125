import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInWithoutApi } from '../fixtures/session.js';
import { freshStack } from '../fixtures/stack.js';
import { areaHeading } from '../fixtures/area-heading.js';
import {
  buildApp,
  copyArea,
  installFromRegistry,
  readAppManifest,
  separateWorkspace,
  serveBuild,
  writeAppManifest,
} from '../fixtures/separate-build.js';
import { ROOT } from '../../tools/start/paths.mjs';
import { previousContract } from '../../tools/skew/previous-contract.mjs';
import { exec, npmEnv, npmrcFor } from '../../tools/verdaccio/registry.mjs';

/**
 * Issue 16, item 3: areas and the shell ship on their own, so at any moment the shell may run beside an area built
 * against an older shell contract, or one that needs a newer one. An area built from the previous minor of
 * @tunehouse/shell-contract (as published then: tools/skew/previous, packed by `npm run contract:freeze` before
 * each bump) must load in today's shell; an area that declares a newer major must be refused with its own message
 * while the other areas keep working.
 */
const AREA = { name: 'analytics', dir: 'mfe-analytics', heading: 'Stream trends' };
const CONTRACT = '@tunehouse/shell-contract';

const currentVersion = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'libs', 'shell-contract', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;
const parts = (version: string) => version.split('.').map(Number) as [number, number, number];

type Registry = { areas: Record<string, { manifest: string; integrity?: unknown }> };
/** Points the area at another build; an integrity the repository's build carries does not apply to it. */
const pointAreaAt =
  (area: string, origin: string) =>
  (registry: Registry): Registry => {
    const { integrity: _integrity, ...entry } = registry.areas[area]!;
    return {
      ...registry,
      areas: { ...registry.areas, [area]: { ...entry, manifest: `${origin}/mf-manifest.json` } },
    };
  };

const cleanups: (() => unknown)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

test('an area built on the previous minor of the shell contract loads; one needing the next major is refused', async ({
  page,
}) => {
  test.setTimeout(6 * 60_000);
  const abort = new AbortController();
  cleanups.push(() => abort.abort());

  const previous = previousContract();
  const [major, minor] = parts(currentVersion);
  expect(parts(previous.version)[0], 'the kept contract is of the same major').toBe(major);
  expect(parts(previous.version)[1], 'the kept contract is an earlier minor').toBeLessThan(minor);

  // Our libs as they are today, plus the previous contract as it was published then (not as `latest`).
  const workspace = await separateWorkspace('tunehouse-skew-');
  cleanups.push(() => workspace.dispose());
  const publisher = path.join(workspace.tmp, 'publisher');
  fs.mkdirSync(publisher);
  fs.writeFileSync(
    path.join(publisher, '.npmrc'),
    npmrcFor(workspace.registry.url, workspace.registry.token),
  );
  await exec(
    'npm',
    ['publish', previous.tarball, '--tag', 'previous', '--registry', workspace.registry.url],
    {
      cwd: publisher,
      env: npmEnv({
        npm_config_userconfig: path.join(publisher, '.npmrc'),
        npm_config_cache: path.join(publisher, 'cache'),
      }),
      signal: abort.signal,
    },
  );

  // The area's team has not upgraded: it and every lib it uses get the previous contract.
  const app = copyArea(workspace, AREA.dir);
  const manifest = readAppManifest(app);
  writeAppManifest(app, {
    ...manifest,
    dependencies: { ...manifest.dependencies, [CONTRACT]: previous.version },
    overrides: { ...manifest.overrides, [CONTRACT]: previous.version },
  });
  const installed = await installFromRegistry(workspace, app, abort.signal);
  const contractCopies = Object.entries(installed).filter(([key]) =>
    key.endsWith(`node_modules/${CONTRACT}`),
  );
  expect(contractCopies.length).toBeGreaterThan(0);
  for (const [key, entry] of contractCopies) expect(entry.version, key).toBe(previous.version);

  const olderDist = await buildApp(workspace, app, abort.signal);
  const older = await serveBuild(olderDist);
  cleanups.push(() => older.close());
  const olderStack = await freshStack({ transformRegistry: pointAreaAt(AREA.name, older.origin) });
  cleanups.push(() => olderStack.close());

  const fromOlder: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(older.origin)) fromOlder.push(new URL(request.url()).pathname);
  });
  await signInWithoutApi(page.context(), olderStack.shellUrl);
  await page.goto(`${olderStack.shellUrl}/trends`);
  await expect(areaHeading(page, AREA.heading)).toBeVisible();
  expect(fromOlder).toContain('/mf-manifest.json');
  expect(fromOlder).toContain('/remoteEntry.js');

  // The same area, now declaring that it needs the next major of the shell contract.
  const areaFile = path.join(app, 'src', 'area.tsx');
  const source = fs.readFileSync(areaFile, 'utf8');
  const needsNext = `^${major + 1}.0.0`;
  const changed = source.replace(/shellRange: '[^']+'/, `shellRange: '${needsNext}'`);
  expect(changed, 'the area declares its shell range in area.tsx').not.toBe(source);
  fs.writeFileSync(areaFile, changed);
  fs.rmSync(olderDist, { recursive: true, force: true });
  const newerDist = await buildApp(workspace, app, abort.signal);
  const newer = await serveBuild(newerDist);
  cleanups.push(() => newer.close());
  const newerStack = await freshStack({ transformRegistry: pointAreaAt(AREA.name, newer.origin) });
  cleanups.push(() => newerStack.close());

  await page.goto(`${newerStack.shellUrl}/trends`);
  await expect(page.getByRole('heading', { level: 1, name: 'This page needs an update' })).toBeVisible();
  await expect(page.getByTestId('error-detail')).toContainText(
    `area '${AREA.name}' needs shell contract ${needsNext}, shell offers ${currentVersion}`,
  );
  await expect(page.getByRole('heading', { level: 1, name: AREA.heading, exact: true })).toHaveCount(0);
  await expect(areaHeading(page, AREA.heading)).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Artists' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Artists' })).toBeVisible();
});
