import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { endpoints } from '@tunehouse/contracts';
import { DEMO, DEMO_PASSWORD, expect, test } from '../fixtures/app.js';
import { accessToken, apiUrlOf } from '../fixtures/api-calls.js';
import { checkPage } from '../fixtures/page-checks.js';
import { logIn } from '../fixtures/session.js';

// Payouts (docs/decisions/0046-payouts.md): Mara, identity-verified in the demo, adds a bank account (typing her
// password again; it is then on hold for new payees, decision 0060), requests a payout to the account the demo paid
// out to before through the built-in simulator (settling a second after it is sent), sees it paid and downloads
// the invoice.

const area = (page: Page) => page.locator('[data-area="wallet"]');

test.use({ viewport: { width: 1280, height: 900 } });

test('Mara adds a bank account (held), requests a payout, sees it settle and downloads its invoice', async ({
  page,
  app,
  api,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const auth = { Authorization: `Bearer ${await accessToken(request, api.url, DEMO.artist, DEMO_PASSWORD)}` };

  await logIn(page, app.shellUrl, DEMO.artist, { from: '/account/billing' });

  // A bank account by IBAN: the page keeps only its last four characters.
  const form = area(page).getByRole('form', { name: 'Add a bank account' });
  await form.getByLabel('Account holder').fill('Mara Lindqvist');
  await form.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await form.getByLabel('Country of the account').selectOption('DE');
  // Where money goes needs the owner again: a wrong password is refused at its field, the right one adds it.
  await form.getByLabel('Your password').fill('not her password');
  await form.getByRole('button', { name: 'Add bank account' }).click();
  await expect(form.getByLabel('Your password')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Your password').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Add bank account' }).click();
  const accounts = area(page).getByRole('list', { name: 'Bank accounts' });
  await expect(accounts).toContainText('DE•• •••• 3000');
  // A new payee is held (PAYOUT_METHOD_HOLD_HOURS, 24 by default) and says until when.
  await expect(accounts.getByRole('listitem').filter({ hasText: 'DE•• •••• 3000' })).toContainText(
    /Payouts to this account are possible from \d{2}-\d{2}-\d{4} \d{2}:\d{2}/,
  );
  await checkPage(page, testInfo, 'billing-held-bank-account');

  // The payout, from the wallet: the new account is on hold, so it goes to the one the demo paid out to before.
  await page.goto(`${app.shellUrl}/wallet`);
  const payouts = area(page).getByRole('region', { name: 'Payouts' });
  await payouts.getByRole('button', { name: 'Request payout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request payout' });
  await dialog.getByLabel(/Amount/).fill('12.34');
  await dialog.getByLabel('Pay to').selectOption({ label: 'Mara Lindqvist, DE•• •••• 3000 (on hold)' });
  await expect(dialog).toContainText('Payouts to this account are possible from');
  await checkPage(page, testInfo, 'payout-dialog-held-account');
  await dialog.getByLabel('Pay to').selectOption({ label: 'Mara Lindqvist, SE•• •••• 7466' });
  await dialog.getByRole('button', { name: 'Request payout' }).click();
  await expect(dialog).toBeHidden();

  // It settles at the simulator; the API's check job books it.
  const listed = async () =>
    (await (
      await request.get(apiUrlOf(api.url, endpoints.payouts.list, { query: { size: 50 } }), { headers: auth })
    ).json()) as { items: { amount: number; status: string; invoiceId: string }[] };
  await expect
    .poll(async () => (await listed()).items.find((payout) => payout.amount === 1_234)?.status, {
      timeout: 60_000,
    })
    .toBe('SETTLED');
  await page.reload();
  const row = area(page)
    .getByRole('table', { name: 'Payouts' })
    .getByRole('row')
    .filter({ hasText: '€12.34' });
  await expect(row).toContainText('Paid');
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/payouts.png`, fullPage: true });

  // Its self-billing invoice, and the PDF.
  await row.getByRole('link', { name: 'Invoice' }).click();
  await expect(area(page).getByRole('heading', { level: 1, name: /^Invoice \d{4}-\d{6}$/ })).toBeVisible();
  await expect(area(page).getByRole('table', { name: 'Invoice lines' })).toContainText('€12.34');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    area(page).getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^invoice-\d{4}-\d{6}\.pdf$/);
  expect(
    fs
      .readFileSync(await download.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
});
