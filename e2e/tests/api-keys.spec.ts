import { createTunehouse, HttpError } from '@tunehouse/sdk';
import { DEMO, DEMO_PASSWORD, expect, test } from '../fixtures/app.js';
import { checkPage } from '../fixtures/page-checks.js';

// Issue 30's journey, key half (docs/decisions/0087-api-keys-and-scopes.md): Mara makes a key that may only read
// releases, sees its secret once and the key listed once; a program with the SDK (docs/decisions/0089-typed-sdk.md)
// lists her albums with it and is refused a payout.

test.use({ viewport: { width: 1280, height: 900 } });

test('Mara creates a releases:read key; a script lists her albums with it and is refused a payout', async ({
  page,
  app,
  api,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.goto(`${app.shellUrl}/auth/login?from=${encodeURIComponent('/account/api-keys')}`);
  await page.getByLabel('E-mail address').fill(DEMO.artist);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();

  const name = `Catalogue sync ${Date.now()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByRole('group', { name: 'releases' }).getByLabel('read').check();
  await page.getByRole('button', { name: 'Create key' }).click();
  const secret = (await page.getByTestId('api-key-secret').textContent()) ?? '';
  expect(secret).toMatch(/^th_live_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(1);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('releases:read');
  await checkPage(page, testInfo, 'api-keys');
  // Shown once: after a reload the list has the key, and the secret is nowhere on the page.
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(1);
  await expect(page.getByText(secret)).toHaveCount(0);

  // The program: no browser, no cookie, only the key.
  const tunehouse = createTunehouse({ baseUrl: api.url, apiKey: secret });
  const albums = await tunehouse.releases.albums.list();
  expect(albums.items.length).toBeGreaterThan(0);
  // The SDK adds the Idempotency-Key a payout needs; the key's scopes stop it before anything moves.
  const payout = await tunehouse.payouts
    .request({ body: { amount: 1000, paymentMethodId: '00000000-0000-4000-8000-000000000000' } })
    .catch((error: unknown) => error);
  expect(payout).toBeInstanceOf(HttpError);
  expect(payout).toMatchObject({ status: 403, code: 'API_KEY_SCOPE_MISSING' });
});
