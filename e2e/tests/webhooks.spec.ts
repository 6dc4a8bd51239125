// Webhooks in the account settings (docs/decisions/0088-webhooks.md): Mara adds an endpoint for payouts, is shown
// its secret once, sees it listed, opens its (empty) delivery log, turns it off and deletes it. With SHOTS_DIR set,
// screenshots at 375 and 1280 px.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, test } from '../fixtures/app.js';

/** With SHOTS_DIR set, the card at phone and desktop width (the account page's axe check: account.spec.ts). */
async function lookAt(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page
      .locator('#webhooks')
      .screenshot({ path: path.join(process.env.SHOTS_DIR, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an endpoint is added with its secret shown once, listed, turned off and deleted', async ({
  page,
  app,
}) => {
  await page.goto(`${app.shellUrl}/auth/login?from=${encodeURIComponent('/account')}`);
  await page.getByLabel('E-mail address').fill(DEMO.artist);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  const form = page.getByRole('form', { name: 'Add a webhook endpoint' });
  await expect(form).toBeVisible({ timeout: 20_000 });

  const url = 'https://127.0.0.1:9/tunehouse-hooks';
  await form.getByLabel('Endpoint URL').fill(url);
  await form.getByLabel(/A payout settles/).check();
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  const secret = page.getByTestId('webhook-secret');
  await expect(secret).toHaveText(/^whsec_[\w-]{32}$/);
  const endpoint = page.getByRole('region', { name: `Webhook endpoint ${url}` });
  await expect(endpoint).toContainText('release.live, payout.settled');
  await lookAt(page, 'webhooks-secret');

  await page.getByRole('button', { name: 'I have stored it' }).click();
  await expect(secret).toHaveCount(0);
  await endpoint.getByRole('button', { name: 'Deliveries' }).click();
  await expect(endpoint).toContainText('Nothing sent yet.');
  await endpoint.getByRole('button', { name: 'Turn off' }).click();
  await expect(endpoint.getByText('OFF', { exact: true })).toBeVisible();
  await lookAt(page, 'webhooks-list');

  await endpoint.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(endpoint).toHaveCount(0);
  await expect(page.locator('#webhooks')).toContainText('No endpoints yet.');
});
