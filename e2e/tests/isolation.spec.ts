import { expect, test } from '../fixtures/stack.js';
import { freshStack } from '../fixtures/stack.js';
import { signInWithoutApi } from '../fixtures/session.js';
import { SHELL_CONTRACT_VERSION } from '@tunehouse/shell-contract';

/** Counts renderers the way React DevTools would: every react-dom copy registers itself with this hook. */
const COUNT_RENDERERS = () => {
  const renderers: unknown[] = [];
  Object.assign(window, {
    __REACT_DEVTOOLS_GLOBAL_HOOK__: {
      isDisabled: false,
      supportsFiber: true,
      renderers: new Map(),
      inject(renderer: unknown) {
        renderers.push(renderer);
        return renderers.length;
      },
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    },
    __renderers: renderers,
  });
};

test('one React and one renderer serve the shell and all six areas; no remote ships React', async ({
  page,
  stack,
}) => {
  await page.addInitScript(COUNT_RENDERERS);
  await signInWithoutApi(page.context(), stack.shellUrl);
  const remoteScripts: { url: string; body: string }[] = [];
  const remoteOrigins = new Set(Object.values(stack.areaUrls));
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (remoteOrigins.has(url.origin) && url.pathname.endsWith('.js')) {
      remoteScripts.push({ url: response.url(), body: await response.text() });
    }
  });

  await page.goto(stack.shellUrl);
  for (const [url, heading] of [
    ['/account', 'Account settings'],
    ['/albums', 'Releases'],
    ['/splits', 'Royalty splits'],
    ['/artists', 'Artists'],
    ['/trends', 'Stream trends'],
    ['/wallet', 'Wallet'],
  ] as const) {
    await page.evaluate((target) => window.history.pushState(null, '', target), url);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  }

  expect(
    await page.evaluate(() => (window as unknown as { __renderers: unknown[] }).__renderers.length),
  ).toBe(1);
  expect(remoteScripts.length).toBeGreaterThan(6);
  for (const script of remoteScripts) {
    // Strings only React's own packages contain: the client internals and the reconciler's version check.
    expect(script.body, script.url).not.toContain(
      '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE',
    );
    expect(script.body, script.url).not.toContain('react-dom.production');
  }
});

test('with one remote down, its area shows the error page and every other area still works', async ({
  page,
}) => {
  const stack = await freshStack();
  try {
    await stack.stopArea('analytics');
    await signInWithoutApi(page.context(), stack.shellUrl);
    await page.goto(`${stack.shellUrl}/trends`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'This page could not be reached' }),
    ).toBeVisible();
    await expect(page.getByTestId('error-detail')).toContainText(
      "status: 503 | detail: area 'analytics' could not be loaded",
    );

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Releases' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
    await nav.getByRole('link', { name: 'Wallet' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
    await nav.getByRole('link', { name: 'Analytics' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'This page could not be reached' }),
    ).toBeVisible();
  } finally {
    await stack.close().catch(() => undefined);
  }
});

test('a remote whose shellRange excludes this shell is refused with the error page', async ({ page }) => {
  const path = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const { createStaticServer, listen, close } = await import('../../tools/start/static-server.mjs');
  const futureDist = path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    '..',
    'fixtures',
    'future-remote',
    'dist',
  );
  const server = createStaticServer(futureDist);
  const port = await listen(server, 0, '127.0.0.1');
  const stack = await freshStack({
    transformRegistry: (registry: { areas: Record<string, { manifest: string; scope: string }> }) => ({
      ...registry,
      areas: {
        ...registry.areas,
        releases: {
          ...registry.areas.releases,
          manifest: `http://127.0.0.1:${port}/mf-manifest.json`,
          scope: 'tunehouse_future',
        },
      },
    }),
  });
  try {
    await signInWithoutApi(page.context(), stack.shellUrl);
    await page.goto(`${stack.shellUrl}/albums`);
    await expect(page.getByRole('heading', { level: 1, name: 'This page needs an update' })).toBeVisible();
    await expect(page.getByTestId('error-detail')).toContainText(
      `status: 502 | detail: area 'releases' was refused: area 'releases' needs shell contract ^2.0.0, shell offers ${SHELL_CONTRACT_VERSION}`,
    );
    await expect(page.getByText('Future releases')).toHaveCount(0);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Artists' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Artists' })).toBeVisible();
  } finally {
    await stack.close();
    await close(server);
  }
});

test('a shell that cannot read its own configuration says so instead of showing a blank page', async ({
  page,
  stack,
}) => {
  // A malformed config is an error (a missing one means the embedded defaults).
  await page.route('**/shell-config.json', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ apiBaseUrl: 42 }) }),
  );
  await page.goto(`${stack.shellUrl}/albums`);
  await expect(page.getByRole('alert').getByRole('heading', { level: 1 })).toHaveText('Something is broken');
  await expect(page.getByTestId('error-detail')).toContainText(
    'status: 500 | detail: shell-config.json: apiBaseUrl:',
  );
  await expect(page.getByRole('link', { name: 'Take me back' })).toHaveAttribute('href', '/');
});
