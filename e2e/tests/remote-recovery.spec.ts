import path from 'node:path';
import { AREAS } from '../../tools/start/areas.mjs';
import { ROOT } from '../../tools/start/paths.mjs';
import { close, createStaticServer, listen } from '../../tools/start/static-server.mjs';
import { signInWithoutApi } from '../fixtures/session.js';
import { expect, freshStack, test } from '../fixtures/stack.js';

type Registry = { areas: Record<string, { manifest: string }> };

/**
 * The analytics remote's build, served from an origin of the test's own so that it can go down and come back on
 * the same address, as a redeployed or restarted server does.
 */
async function analyticsOrigin() {
  const area = (AREAS as { name: string; dir: string }[]).find((candidate) => candidate.name === 'analytics');
  if (!area) throw new Error('no analytics area in tools/start/areas.mjs');
  const dist = path.join(ROOT, area.dir, 'dist');
  let server = createStaticServer(dist);
  const port: number = await listen(server, 0, '127.0.0.1');
  return {
    manifest: `http://127.0.0.1:${port}/mf-manifest.json`,
    down: () => close(server),
    up: async () => {
      server = createStaticServer(dist);
      await listen(server, port, '127.0.0.1');
    },
    close: () => close(server),
  };
}

test('a remote whose origin is down shows "could not be reached" while the other areas work, and loads after "Try again" once it is back, without a page reload', async ({
  page,
}) => {
  test.slow();
  const origin = await analyticsOrigin();
  const stack = await freshStack({
    transformRegistry: (registry: Registry) => ({
      ...registry,
      areas: {
        ...registry.areas,
        analytics: { ...registry.areas['analytics'], manifest: origin.manifest },
      },
    }),
  });
  const unreachable = page.getByRole('heading', { level: 1, name: 'This page could not be reached' });
  const manifestRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url() === origin.manifest) manifestRequests.push(request.url());
  });
  try {
    await origin.down();
    await signInWithoutApi(page.context(), stack.shellUrl);
    await page.goto(`${stack.shellUrl}/trends`);

    await expect(unreachable).toBeVisible();
    await expect(page.getByTestId('error-detail')).toHaveText(
      "status: 503 | detail: area 'analytics' could not be loaded: its manifest did not arrive",
    );
    // Plain words only: none of the runtime's diagnostics (the manifest's address, links to its documentation).
    await expect(page.getByRole('alert')).not.toContainText('http');
    await expect(page.getByRole('alert')).not.toContainText('RUNTIME-');
    // The first request and the retry plugin's three retries.
    expect(manifestRequests).toHaveLength(4);

    // Set after the page loaded: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { __beforeRetry: 'still here' }));

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Releases' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
    await nav.getByRole('link', { name: 'Wallet' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
    await nav.getByRole('link', { name: 'Analytics' }).click();
    await expect(unreachable).toBeVisible();

    // While the origin is still down, "Try again" fetches anew, fails again and says so.
    const requestsBefore = manifestRequests.length;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Tried again once, without luck so far.')).toBeVisible();
    expect(manifestRequests.length - requestsBefore).toBe(4);
    await expect(unreachable).toBeVisible();

    await origin.up();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Stream trends' })).toBeVisible();
    await expect(unreachable).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __beforeRetry?: string }).__beforeRetry)).toBe(
      'still here',
    );

    // Recovered for good: leaving and coming back shows the area again.
    await nav.getByRole('link', { name: 'Releases' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
    await nav.getByRole('link', { name: 'Analytics' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Stream trends' })).toBeVisible();
    expect(await page.evaluate(() => (window as { __beforeRetry?: string }).__beforeRetry)).toBe(
      'still here',
    );
  } finally {
    await stack.close();
    await origin.close();
  }
});
