import type { Page } from '@playwright/test';
import { DEMO, expect, test as base } from '../fixtures/app.js';
import { checkPage } from '../fixtures/page-checks.js';
import { logIn } from '../fixtures/session.js';

// Cards as payment methods (docs/decisions/0048-payments.md): Mara adds a card on /account/billing through the
// payment simulator's set-up page, lands on /payment-methods/complete with it saved, sees it listed and removes it.

/** A worker of its own, so a card on Mara's account never shows in the other journeys' payment-method lists. */
const test = base.extend<object, { ownApi: true }>({
  ownApi: [async ({}, use) => use(true), { scope: 'worker', auto: true }],
});

const area = (page: Page, name: string) => page.locator(`[data-area="${name}"]`);

test.use({ viewport: { width: 1280, height: 900 } });

test('Mara saves a card through the simulator’s set-up page, sees it listed and removes it', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(120_000);
  await logIn(page, app.shellUrl, DEMO.artist, { from: '/account/billing' });

  const wallet = area(page, 'wallet');
  await expect(wallet.getByRole('heading', { name: 'Cards' })).toBeVisible();
  await expect(wallet).toContainText('No card yet.');
  await wallet.getByRole('button', { name: 'Add a card' }).click();

  // The simulator's hosted set-up page, served by the API and plainly labelled; no card number is asked for.
  await expect(page).toHaveTitle('Simulated payment provider — no real money');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Simulated payment provider — no real money',
  );
  await expect(page.getByRole('textbox')).toHaveCount(0);
  const shots = await checkPage(page, testInfo, 'simulated-card-setup');
  await page.getByLabel('Visa ending 4242').check();
  await page.getByRole('button', { name: 'Save card' }).click();

  // Back on the site: the webhook or this page's look at the set-up confirms it, once.
  await expect(page).toHaveURL(/\/payment-methods\/complete\?setup_id=[0-9a-f-]{36}$/);
  const expiry = `12/${new Date().getUTCFullYear() + 3}`;
  await expect(wallet).toContainText(`Card saved: Visa ending 4242, expires ${expiry}.`, { timeout: 20_000 });
  shots.push(...(await checkPage(page, testInfo, 'payment-method-complete')));

  await wallet.getByRole('link', { name: 'See your payment methods' }).click();
  await expect(page).toHaveURL(/\/account\/billing$/);
  const cards = wallet.getByRole('list', { name: 'Cards' });
  await expect(cards).toContainText(`Visa ending 4242, expires ${expiry}`);
  // Next to the bank account the demo's payout went to, which stays where it was.
  await expect(wallet.getByRole('list', { name: 'Bank accounts' })).toBeVisible();
  shots.push(...(await checkPage(page, testInfo, 'billing-with-card')));
  expect(shots).toHaveLength(6);

  await cards.getByRole('button', { name: /^Remove Visa ending 4242/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this card?' });
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toBeHidden();
  await expect(wallet.getByRole('list', { name: 'Cards' })).toHaveCount(0);
  await expect(wallet).toContainText('No card yet.');
});
