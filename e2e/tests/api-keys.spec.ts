import { endpoints } from '@tunehouse/contracts';
import { createTunehouse, HttpError } from '@tunehouse/sdk';
import { DEMO, DEMO_PASSWORD, expect, test, totp } from '../fixtures/app.js';
import { accessToken, apiUrlOf } from '../fixtures/api-calls.js';
import { logIn } from '../fixtures/session.js';
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
  await logIn(page, app.shellUrl, DEMO.artist, { from: '/account/api-keys' });
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

// A money scope is granted with the account's own second step (docs/decisions/0090-report-loaded-and-admin-keys.md):
// Kofi has an authenticator, so the page asks for its code, not his password.
test('Kofi grants a money scope with his authenticator code', async ({ page, app }, testInfo) => {
  test.setTimeout(120_000);
  await logIn(page, app.shellUrl, DEMO.secondStep, { from: '/account/api-keys' });
  await page.getByLabel('Verification code').fill(totp(DEMO.kofiTotpSecret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();

  const name = `Payout runner ${Date.now()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByRole('group', { name: 'payouts' }).getByLabel('write').check();
  await expect(page.getByLabel('Your password')).toHaveCount(0);
  const code = page.getByLabel('Authenticator code');
  await expect(code).toBeVisible();
  await checkPage(page, testInfo, 'api-keys-money-scope');
  // Without the code the API says what it needs, on the field.
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app').first()).toBeVisible();
  // The sign-in used this 30-second step's code; an authenticator shows the next one a moment later.
  await code.fill(totp(DEMO.kofiTotpSecret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Create key' }).click();
  expect((await page.getByTestId('api-key-secret').textContent()) ?? '').toMatch(/^th_live_/);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('payouts:write');
});

// "An admin can see and revoke keys" (issue 30): Admin → API keys lists Mara's key with its owner; revoking it
// behind a confirm refuses the key from its next call.
test('an admin sees every account’s keys and revokes one', async ({ page, app, api, request }, testInfo) => {
  test.setTimeout(120_000);
  const mara = { authorization: `Bearer ${await accessToken(request, api.url, DEMO.artist, DEMO_PASSWORD)}` };
  const name = `Admin revokes ${Date.now()}`;
  const created = await request.post(apiUrlOf(api.url, endpoints.apiKeys.create), {
    headers: mara,
    data: { name, scopes: ['releases:read'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { secret } = (await created.json()) as { secret: string };
  const albumsUrl = apiUrlOf(api.url, endpoints.releases.albums.list);
  expect((await fetch(albumsUrl, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(200);

  await logIn(page, app.shellUrl, DEMO.admin, { from: '/admin/api-keys' });
  await expect(page.getByRole('link', { name: 'API keys', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(DEMO.artist);
  await expect(row).toContainText('releases:read');
  await expect(row).toContainText('ACTIVE');
  await checkPage(page, testInfo, 'admin-api-keys');

  await row.getByRole('button', { name: `Revoke ${name} of ${DEMO.artist}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this key?' });
  await expect(dialog).toContainText(DEMO.artist);
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('REVOKED');
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  expect((await fetch(albumsUrl, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(401);
});
