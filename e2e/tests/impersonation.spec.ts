import type { Page } from '@playwright/test';
import { DEMO, expect, test } from '../fixtures/app.js';
import { logIn } from '../fixtures/session.js';

// An administrator viewing the product as Mara reads her wallet and splits but cannot move or route her money
// (docs/decisions/0061-impersonation-and-split-invites.md): the controls are disabled or gone, and the reason is
// said on the page.

const REASON = /You are viewing as Mara [^:]+: money can't be changed while impersonating\./;

/** At a phone's and a laptop's width, a screenshot to look at when SHOTS_DIR is set. */
async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByText(REASON).first()).toBeVisible();
    if (process.env.SHOTS_DIR)
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-${width}.png`, fullPage: true });
  }
}

test('an admin viewing as Mara sees her wallet and splits read-only, with the reason', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  await logIn(page, app.shellUrl, DEMO.admin, { from: '/admin' });
  await page
    .getByRole('row', { name: /mara@demo/ })
    .getByRole('button', { name: /View as/ })
    .click();
  await expect(page.getByRole('region', { name: 'Admin view' })).toBeVisible();

  // The wallet: the balance and payouts are there; a payout cannot be requested.
  await page.getByRole('banner').getByRole('link', { name: 'Wallet' }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  const payouts = page.getByRole('region', { name: 'Payouts' });
  await expect(payouts.getByRole('link', { name: 'Invoice' }).first()).toBeVisible();
  await expect(payouts.getByRole('button', { name: 'Request payout' })).toBeDisabled();
  await shoot(page, 'impersonating-wallet');

  // A split with an invite still pending: shown, not changeable.
  await page.getByRole('banner').getByRole('link', { name: 'Splits' }).click();
  await page
    .getByRole('link', { name: /Lanterns/ })
    .first()
    .click();
  await expect(page.getByRole('region', { name: /Participants of Lanterns/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Re-send the invite/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: /Revoke the invite/ })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Edit split' })).toHaveCount(0);
  await shoot(page, 'impersonating-split');
});
