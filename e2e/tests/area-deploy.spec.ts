import { areaHeading } from '../fixtures/area-heading.js';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ROOT } from '../../tools/start/paths.mjs';
import { contentHash, readBuild } from '../../tools/area/hash.mjs';
import { checkPage } from '../fixtures/page-checks.js';
import { signInWithoutApi } from '../fixtures/session.js';
import { expect, freshStack, test } from '../fixtures/stack.js';

/**
 * Issue 16, items 1 and 2: one area shipped on its own while the shell runs — published, deployed, rolled back with
 * `npm run area` (tools/area/cli.mjs, run as a script would run it) — and code that is not what was published
 * refused by the shell's integrity check while the other areas keep working.
 */
type Stack = Awaited<ReturnType<typeof freshStack>> & { registryFile: string };
type Registry = { areas: Record<string, { version: string; manifest: string }> };

const run = promisify(execFile);
const SHELL_DIST = path.join(ROOT, 'shell', 'dist');
const NEW_TITLE = 'Releases, newly shipped';

const cleanups: (() => unknown)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function scratch(prefix: string, under = os.tmpdir()): string {
  fs.mkdirSync(under, { recursive: true });
  const dir = fs.mkdtempSync(path.join(under, prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A stack whose area origins serve a release store of the test's own (it is tampered with below). */
async function stackWithOwnStore(): Promise<{ stack: Stack; store: string }> {
  const store = scratch('tunehouse-area-store-');
  const stack = (await freshStack({ areaStore: store })) as Stack;
  cleanups.push(() => stack.close());
  return { stack, store };
}

/** `npm run area -- <args>` against this stack's store, registry and origins; answers its lines. */
async function areaTool(stack: Stack, store: string, args: string[]): Promise<string[]> {
  const { stdout } = await run(process.execPath, [path.join(ROOT, 'tools', 'area', 'cli.mjs'), ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      AREA_STORE: store,
      AREA_REGISTRY: stack.registryFile,
      AREA_ORIGINS: Object.values(stack.areaUrls).join(','),
    },
  });
  return stdout.trim().split('\n');
}

/**
 * The releases area with a visible change, built from a copy so that the repository's source stays as it is. The
 * copy lives under the repository's ignored .tmp/ so that its imports resolve to this checkout's packages.
 */
async function buildChangedReleases(): Promise<string> {
  const copy = path.join(scratch('area-deploy-', path.join(ROOT, '.tmp')), 'mfe-releases');
  const source = path.join(ROOT, 'mfe-releases');
  fs.cpSync(source, copy, {
    recursive: true,
    filter: (file) => !['node_modules', 'dist'].includes(path.basename(file)),
  });
  fs.symlinkSync(path.join(source, 'node_modules'), path.join(copy, 'node_modules'));
  const page = path.join(copy, 'src', 'catalogue', 'albums-page.tsx');
  const text = fs.readFileSync(page, 'utf8');
  const heading = "<Page {...FIRST_VIEWS['/albums']}>";
  expect(text).toContain(heading);
  fs.writeFileSync(page, text.replace(heading, `<Page {...FIRST_VIEWS['/albums']} title="${NEW_TITLE}">`));
  await run(
    process.execPath,
    [path.join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--mode', 'production'],
    {
      cwd: copy,
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  return path.join(copy, 'dist');
}

const secondsIn = (line: string | undefined) => Number(/ in ([\d.]+) s$/.exec(line ?? '')?.[1] ?? NaN);

test('an area is published, deployed and rolled back while the shell runs, and every page load gets the pointer of that moment', async ({
  page,
}, testInfo) => {
  test.setTimeout(4 * 60_000);
  const shellBefore = contentHash(readBuild(SHELL_DIST));
  const dist = await buildChangedReleases();
  const { stack, store } = await stackWithOwnStore();
  const registry = () => JSON.parse(fs.readFileSync(stack.registryFile, 'utf8')) as Registry;
  const original = registry().areas['releases']!.version;

  await signInWithoutApi(page.context(), stack.shellUrl);
  await page.goto(`${stack.shellUrl}/albums`);
  await expect(areaHeading(page, 'Releases')).toBeVisible();

  const published = await areaTool(stack, store, ['publish', 'releases', '--dist', dist]);
  const version = published.at(-1)!;
  expect(version).toMatch(/^0\.1\.0-[0-9a-f]{12}$/);
  expect(version).not.toBe(original);
  expect(published.at(-2)).toContain(`published releases ${version}`);
  // The same build again: same version, nothing stored.
  const again = await areaTool(stack, store, ['publish', 'releases', '--dist', dist]);
  expect(again.at(-1)).toBe(version);
  expect(again.at(-2)).toMatch(/^unchanged: /);

  const deployed = await areaTool(stack, store, ['deploy', 'releases', version]);
  expect(deployed.at(-1)).toMatch(
    new RegExp(`^deployed releases ${version} \\(was ${original}\\) in [\\d.]+ s$`),
  );
  await page.goto(`${stack.shellUrl}/albums`);
  await expect(areaHeading(page, NEW_TITLE)).toBeVisible();
  // The shell's HTML drew the page's first view with the words it was built with
  // (docs/decisions/0095-area-first-view-in-the-html.md); the new version's heading took its place.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await checkPage(page, testInfo, 'area-deploy-new-version');

  const status = JSON.parse((await areaTool(stack, store, ['status', '--json'])).at(-1)!) as Record<
    string,
    { current: string; previous: string; available: string[] }
  >;
  expect(status['releases']).toMatchObject({ current: version, previous: original });
  expect(status['releases']!.available.sort()).toEqual([original, version].sort());

  const rolledBack = await areaTool(stack, store, ['rollback', 'releases']);
  expect(rolledBack.at(-1)).toMatch(
    new RegExp(`^rolled back releases to ${original} \\(was ${version}\\) in [\\d.]+ s$`),
  );
  await page.goto(`${stack.shellUrl}/albums`);
  await expect(areaHeading(page, 'Releases')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: NEW_TITLE })).toHaveCount(0);

  // The shell was neither rebuilt nor restarted: its files are byte for byte what they were.
  expect(contentHash(readBuild(SHELL_DIST))).toBe(shellBefore);
  console.log(
    `area tool: deploy ${secondsIn(deployed.at(-1))} s, rollback ${secondsIn(rolledBack.at(-1))} s (targets < 10 s)`,
  );
  expect(secondsIn(deployed.at(-1))).toBeLessThan(10);
  expect(secondsIn(rolledBack.at(-1))).toBeLessThan(10);
});

/** Changes one byte of a stored file, keeping its length (as a corrupted or replaced file on a CDN would be). */
function tamper(file: string): () => void {
  const original = fs.readFileSync(file);
  const changed = Buffer.from(original);
  const at = changed.indexOf('tunehouse_');
  changed[at] = 'T'.charCodeAt(0);
  fs.writeFileSync(file, changed);
  // The server sends the build's precompressed copies to a browser that accepts them: they are changed alike.
  const variants = [
    [`${file}.br`, zlib.brotliCompressSync],
    [`${file}.gz`, zlib.gzipSync],
  ] as const;
  const originals = variants
    .filter(([variant]) => fs.existsSync(variant))
    .map(([variant, compress]) => {
      const bytes = fs.readFileSync(variant);
      fs.writeFileSync(variant, compress(changed));
      return [variant, bytes] as const;
    });
  return () => {
    fs.writeFileSync(file, original);
    for (const [variant, bytes] of originals) fs.writeFileSync(variant, bytes);
  };
}

test('a tampered entry file is refused with the area’s error page while another area still works', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const { stack, store } = await stackWithOwnStore();
  const { version } = (JSON.parse(fs.readFileSync(stack.registryFile, 'utf8')) as Registry).areas[
    'releases'
  ]!;
  const restore = tamper(path.join(store, 'releases', version, 'remoteEntry.js'));

  await signInWithoutApi(page.context(), stack.shellUrl);
  await page.goto(`${stack.shellUrl}/albums`);
  await expect(page.getByRole('heading', { level: 1, name: 'This page needs an update' })).toBeVisible();
  await expect(page.getByTestId('error-detail')).toHaveText(
    "status: 502 | detail: area 'releases' was refused: its code does not match what was published",
  );
  await checkPage(page, testInfo, 'area-deploy-tampered-entry');

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Wallet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();

  // The manifest is checked too: the entry intact again, the manifest changed by one byte. A browser that never
  // saw the manifest asks for it (this one would revalidate its copy, and the changed file keeps its size and date).
  restore();
  tamper(path.join(store, 'releases', version, 'mf-manifest.json'));
  const fresh = await browser.newContext();
  cleanups.push(() => fresh.close());
  await signInWithoutApi(fresh, stack.shellUrl);
  const other = await fresh.newPage();
  await other.goto(`${stack.shellUrl}/albums`);
  await expect(other.getByTestId('error-detail')).toHaveText(
    "status: 502 | detail: area 'releases' was refused: its code does not match what was published",
  );
});
