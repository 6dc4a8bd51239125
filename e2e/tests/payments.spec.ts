import type { Page } from '@playwright/test';
import { endpoints } from '@tunehouse/contracts';
import { DEMO, DEMO_PASSWORD, expect, test as base } from '../fixtures/app.js';
import { accessToken, apiUrlOf } from '../fixtures/api-calls.js';
import { checkPage } from '../fixtures/page-checks.js';
import { logIn } from '../fixtures/session.js';

// Card payments (docs/decisions/0048-payments.md): Mara's balance is short of what taking "Lanterns" down costs, so
// she pays it by card at the payment simulator's checkout and lands on /payments/complete, the release taken down.

/**
 * A worker of its own (a worker fixture only this file has), so its API is a fresh demo: taking Lanterns down and
 * emptying Mara's wallet never reach the other journeys, which read both.
 */
const test = base.extend<object, { ownApi: true }>({
  ownApi: [async ({}, use) => use(true), { scope: 'worker', auto: true }],
});

const area = (page: Page, name: string) => page.locator(`[data-area="${name}"]`);
const euros = (cents: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100);

test.use({ viewport: { width: 1280, height: 900 } });

test('Mara pays a takedown settlement by card through the simulator and the release is taken down', async ({
  page,
  app,
  api,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const headers = {
    Authorization: `Bearer ${await accessToken(request, api.url, DEMO.artist, DEMO_PASSWORD)}`,
  };
  const get = async <T>(url: string) => (await (await request.get(url, { headers })).json()) as T;
  const albums = await get<{ items: { id: string; title: string }[] }>(
    apiUrlOf(api.url, endpoints.releases.albums.list, { query: { size: 50 } }),
  );
  const lanterns = albums.items.find((album) => album.title === 'Lanterns')!.id;
  // The demo's closes may still be collecting when the API has just started: the offer is read once they are done
  // (on two loaded CI cores that took more than 30 s once; the wait is for background jobs, not a speed check).
  const offer = async () =>
    (
      await get<{ settlementOffer?: { amountDue: number } | null }>(
        apiUrlOf(api.url, endpoints.licensing.albumFee, { params: { id: lanterns } }),
      )
    ).settlementOffer?.amountDue ?? 0;
  await expect.poll(offer, { timeout: 75_000 }).toBeGreaterThan(0);
  const due = await offer();

  // Her balance made short of it: a payout of all but less than the settlement.
  const wallet = await get<{ available: number }>(apiUrlOf(api.url, endpoints.wallet.get));
  const methods = await get<{ items: { id: string }[] }>(apiUrlOf(api.url, endpoints.billing.methods));
  const keep = Math.max(0, due - 100);
  if (wallet.available > keep) {
    const payout = await request.post(apiUrlOf(api.url, endpoints.payouts.request), {
      headers: { ...headers, 'idempotency-key': `payments-e2e-${Date.now()}` },
      data: { amount: wallet.available - keep, paymentMethodId: methods.items[0]!.id },
    });
    expect(payout.status(), await payout.text()).toBe(201);
  }

  await logIn(page, app.shellUrl, DEMO.artist, { from: `/albums/${lanterns}/distribution` });

  await area(page, 'releases').getByRole('button', { name: 'Take down' }).click();
  const dialog = page.getByRole('dialog', { name: 'Take the release down?' });
  await expect(dialog).toContainText(euros(due));
  await expect(dialog).toContainText('not enough to pay it');
  await dialog.getByRole('button', { name: 'Pay by card' }).click();

  // The simulator's hosted checkout, served by the API and plainly labelled.
  await expect(page).toHaveTitle('Simulated payment provider — no real money');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Simulated payment provider — no real money',
  );
  await expect(page.locator('.amount')).toHaveText(`${(due / 100).toFixed(2)} EUR`);
  const shots = await checkPage(page, testInfo, 'simulated-checkout');
  await page.getByRole('button', { name: /^Pay / }).click();

  // Back on the site: the webhook or this page's look at the payment settles it, once.
  await expect(page).toHaveURL(/\/payments\/complete\?payment_id=[0-9a-f-]{36}$/);
  const result = area(page, 'wallet');
  await expect(result).toContainText(`Payment of ${euros(due)} received`, { timeout: 20_000 });
  await expect(result).toContainText('your release was taken down');
  shots.push(...(await checkPage(page, testInfo, 'payment-complete')));
  expect(shots).toHaveLength(4);

  const album = await get<{ deletedAt: string | null }>(
    apiUrlOf(api.url, endpoints.releases.albums.get, { params: { id: lanterns } }),
  );
  expect(album.deletedAt).not.toBeNull();
  const after = await get<{ available: number }>(apiUrlOf(api.url, endpoints.wallet.get));
  expect(after.available).toBe(keep);

  // The split editor of the taken-down release says its split is closed when it opens, editing disabled
  // (docs/decisions/0069-demo-truth-and-wallet-errors.md).
  await page.goto(`${app.shellUrl}/albums/${lanterns}/splits/edit`);
  const splits = area(page, 'splits');
  await expect(splits.getByText(/This release was taken down on .*, so its split is closed/)).toBeVisible();
  await expect(splits.getByRole('button', { name: 'Save split' })).toBeDisabled();
  await checkPage(page, testInfo, 'split-editor-taken-down');
});
