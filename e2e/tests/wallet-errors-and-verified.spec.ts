import { DEMO, expect, test } from '../fixtures/app.js';
import { checkPage } from '../fixtures/page-checks.js';
import { logIn } from '../fixtures/session.js';

// Pages of docs/decisions/0069-demo-truth-and-wallet-errors.md in the real product: an unknown period or invoice in
// the wallet is the error page with its 404, and Mara, verified by the demo, sees so on /account/verify.

const UNKNOWN = '00000000-0000-4000-8000-000000000069';

test.use({ viewport: { width: 1280, height: 900 } });

test('an unknown statement or invoice is the 404 error page; the verified demo artist sees "verified"', async ({
  page,
  app,
}, testInfo) => {
  // Two pages, each checked by axe at two widths.
  test.setTimeout(120_000);
  await logIn(page, app.shellUrl, DEMO.artist, { from: `/wallet/periods/${UNKNOWN}` });
  const missing = page.locator('[data-area="wallet"]').getByRole('heading', { name: 'Something is missing' });
  await expect(missing).toBeVisible();
  await expect(page.getByTestId('error-detail')).toContainText('status: 404');
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await checkPage(page, testInfo, 'wallet-unknown-period');

  await page.goto(`${app.shellUrl}/wallet/invoices/${UNKNOWN}/view`);
  await expect(missing).toBeVisible();
  await expect(page.getByTestId('error-detail')).toContainText('status: 404');

  await page.goto(`${app.shellUrl}/account/verify`);
  await expect(page.getByText(/Your identity is verified/)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Verify your identity' })).toHaveCount(0);
  await checkPage(page, testInfo, 'verify-verified');
});
