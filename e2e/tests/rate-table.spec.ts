import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { DEMO, expect, test } from '../fixtures/app.js';
import { logIn } from '../fixtures/session.js';

// The admin loads the ECB's daily reference rates (the project's own sample, made-up rates) after a report in
// yen, previews the rate the table sets for the open month, and sets it (docs/decisions/0080-exchange-rate-tables.md).

const SAMPLE = fileURLToPath(
  new URL('../../api/src/domains/periods/rate-table-samples/eurofxref-daily.csv', import.meta.url),
);

async function uploadYenReport(page: Page) {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const report = test.info().outputPath('yen.csv');
  fs.writeFileSync(
    report,
    'date,platform,territory,isrc,upc,streams,sub30,revenue,currency\n' +
      `${yesterday},LINE_MUSIC,JP,SEDMO2500001,,1200,7,1234,JPY\n`,
  );
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Reports' })
    .click();
  await page.getByLabel('Report file', { exact: true }).setInputFiles(report);
  await page.getByRole('button', { name: 'Upload report' }).click();
  await expect(
    page.getByRole('table', { name: 'Report files' }).getByRole('row', { name: /yen\.csv/ }),
  ).toContainText('LOADED', { timeout: 30_000 });
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Periods' })
    .click();
}

test.use({ viewport: { width: 1280, height: 900 } });

test('the admin loads the open month’s rates from an ECB table', async ({ page, app }, testInfo) => {
  test.setTimeout(180_000);
  await logIn(page, app.shellUrl, DEMO.admin, { from: '/admin/reports' });
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await uploadYenReport(page);
  await expect(page).toHaveURL(/\/admin\/periods$/);
  await expect(
    page
      .getByRole('table', { name: 'Periods' })
      .getByRole('row')
      .filter({ hasText: 'JP¥' })
      .getByRole('cell')
      .nth(6),
  ).toHaveText('JPY');

  const card = page.locator('#rate-table');
  await card.getByLabel('Rate table (CSV)').setInputFiles(SAMPLE);
  await card.getByRole('button', { name: 'Preview the rates' }).click();
  const plan = card.getByRole('table', { name: 'Rates the table sets' });
  await expect(plan).toContainText('0.00620231966756');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await card.screenshot({ path: testInfo.outputPath(`rate-table-preview-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await card.getByRole('button', { name: 'Set these rates' }).click();
  await expect(card).toContainText('Rates set in');
  // The open month's missing-rates cell no longer names JPY.
  const month = page.getByRole('table', { name: 'Periods' }).getByRole('row').filter({ hasText: 'JP¥' });
  await expect(month.getByRole('cell').nth(6)).toHaveText('—');
  // The period's hand field shows the exact rate and where it came from; it can still be typed over.
  await month.getByRole('button', { name: /^Open / }).click();
  const field = page.getByLabel('1 JPY in EUR');
  await expect(field).toHaveValue('0.00620231966756');
  await expect(page.locator('#period')).toContainText('From the rate table 2026-11-27');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator('#period').screenshot({ path: testInfo.outputPath(`rate-table-panel-${width}.png`) });
  }
});
