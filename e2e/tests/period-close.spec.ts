import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  type AdminPeriod,
  type AdminPeriodDetail,
  type Wallet,
  type WalletMutationPage,
  type WalletStatement,
  endpoints,
} from '@tunehouse/contracts';
import { DEMO, DEMO_PASSWORD, expect, test } from '../fixtures/app.js';
import { accessToken, apiUrlOf } from '../fixtures/api-calls.js';
import { checkPage } from '../fixtures/page-checks.js';
import { logIn } from '../fixtures/session.js';

// The admin closes the current month and Mara's wallet moves by what the close credited
// (docs/decisions/0042-ledger-and-periods.md). The demo closes every month before this one, so the open month holds
// the streams of this month up to yesterday; on the first of a month it holds none, and a small report is uploaded.

type Headers = { Authorization: string };

const monthName = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, number - 1, 1)),
  );
};

async function getJson<T>(request: APIRequestContext, url: string, headers: Headers): Promise<T> {
  const response = await request.get(url, { headers });
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/** The open month with matched revenue, if the demo left one. */
const openWithRevenue = (periods: AdminPeriod[]) =>
  periods.find((period) => period.status === 'OPEN' && period.currencies.some((entry) => entry.matched > 0));

/** Yesterday's streams of two of Mara's tracks with their revenue, uploaded the way an admin loads a report. */
async function uploadReport(page: Page) {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const report = test.info().outputPath('close.csv');
  fs.writeFileSync(
    report,
    'date,platform,territory,isrc,upc,streams,sub30,revenue,currency\n' +
      `${yesterday},SPOTIFY,SE,SEDMO2500001,,1200,7,3.841234,EUR\n` +
      `${yesterday},Apple Music,NO,SE-DMO-25-00002,,400,2,2.250001,EUR\n`,
  );
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Reports' })
    .click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await page.getByLabel('Report file', { exact: true }).setInputFiles(report);
  await page.getByRole('button', { name: 'Upload report' }).click();
  await expect(
    page.getByRole('table', { name: 'Report files' }).getByRole('row', { name: /close\.csv/ }),
  ).toContainText('LOADED', { timeout: 30_000 });
}

test.use({ viewport: { width: 1280, height: 900 } });
// Run beside other journeys on one database, Mara's wallet once moved by 3,363 cents while this close's statement
// by release credited 3,111: another journey's money reached the same month. Until that is explained (see the
// stop note of 2026-11-28), this close is checked on a database of its own.
test.use({ database: 'own' });

test('the admin closes the open month and Mara’s balance moves by the statement’s credited total', async ({
  page,
  app,
  api,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const mara = { Authorization: `Bearer ${await accessToken(request, api.url, DEMO.artist, DEMO_PASSWORD)}` };
  const admin = { Authorization: `Bearer ${await accessToken(request, api.url, DEMO.admin, DEMO_PASSWORD)}` };
  const walletUrl = apiUrlOf(api.url, endpoints.wallet.get);
  const listUrl = apiUrlOf(api.url, endpoints.periods.list);

  const before = await getJson<Wallet>(request, walletUrl, mara);
  const mutationsUrl = apiUrlOf(api.url, endpoints.wallet.mutations, { query: { size: 200 } });
  const earlier = new Set(
    (await getJson<WalletMutationPage>(request, mutationsUrl, mara)).items.map((item) => item.id),
  );
  // The demo's closed months have already credited her.
  expect(before.available).toBeGreaterThan(0);
  expect(before.lifetimeEarnings).toBeGreaterThanOrEqual(before.available);

  await logIn(page, app.shellUrl, DEMO.admin, { from: '/admin/periods' });
  await expect(page).toHaveURL(/\/admin\/periods$/);
  let open = openWithRevenue((await getJson<{ items: AdminPeriod[] }>(request, listUrl, admin)).items);
  if (!open) {
    await uploadReport(page);
    open = openWithRevenue((await getJson<{ items: AdminPeriod[] }>(request, listUrl, admin)).items);
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Periods' })
      .click();
    await expect(page).toHaveURL(/\/admin\/periods$/);
  }
  if (!open) throw new Error('No open period with revenue, even after uploading a report');
  const name = monthName(open.month);
  expect(open.missingRates).toEqual([]);

  // Only Mara's catalogue earns in the demo; her splits share it with Kofi and hold Noor's part, so the close
  // credits one wallet or more and Mara's own statement of the month is what her wallet must gain.
  const preview = await request.post(
    apiUrlOf(api.url, endpoints.periods.closePreview, { params: { id: open.id } }),
    { headers: admin },
  );
  expect(preview.status()).toBe(200);
  const { beneficiaries } = (await preview.json()) as { beneficiaries: number };
  expect(beneficiaries).toBeGreaterThanOrEqual(1);

  const periods = page.getByRole('table', { name: 'Periods' });
  await periods.getByRole('button', { name: `Open ${name}` }).click();
  const panel = page.locator('#period');
  await panel.getByRole('button', { name: 'Preview the close' }).click();
  await expect(panel.getByRole('table', { name: `Close preview of ${name}` })).toBeVisible();
  await expect(panel).toContainText(new RegExp(`to ${beneficiaries} wallets? or held account`));
  await panel.getByRole('button', { name: `Close ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Close ${name}?` });
  await dialog.getByRole('button', { name: `Close ${name}` }).click();
  await expect(dialog).toBeHidden();

  // The close runs as a job; the panel follows it until the closed totals are there.
  await expect(panel.getByRole('table', { name: `Totals of ${name}` })).toBeVisible({ timeout: 60_000 });
  await expect(panel).toContainText('CLOSED');
  const detail = await getJson<AdminPeriodDetail>(
    request,
    apiUrlOf(api.url, endpoints.periods.get, { params: { id: open.id } }),
    admin,
  );
  expect(detail.status).toBe('CLOSED');
  const { totals, statement } = detail;
  if (!totals || !statement) throw new Error('A closed period answers its totals and statement');
  expect(totals.feeCollected + totals.commission + totals.credited + totals.held).toBe(totals.revenue);

  // The wallet moves by the statement's credited cents, not by the micro-unit total divided by 10,000: the close
  // rounds each owner's share to cents once, by largest remainder, and the ledger transfers those cents. The
  // statement is that rounding as the ledger moved it, so it is the exact figure the product defines.
  expect(statement.credited).toBeGreaterThan(0);
  const own = await getJson<WalletStatement>(
    request,
    apiUrlOf(api.url, endpoints.wallet.statement, { params: { id: open.id }, query: { bucket: 'release' } }),
    mara,
  );
  expect(own.totals.credited).toBeGreaterThan(0);
  expect(own.totals.credited).toBeLessThanOrEqual(statement.credited);
  // Every mutation the wallet booked meanwhile is this close's, and together they are the statement's credited total.
  const booked = (await getJson<WalletMutationPage>(request, mutationsUrl, mara)).items
    .filter((item) => !earlier.has(item.id))
    .map(({ type, amount, periodMonth, albumId }) => ({ type, amount, periodMonth, albumId }));
  expect(
    booked.filter((item) => item.periodMonth !== open.month),
    'mutations of the wallet that are not the close’s',
  ).toEqual([]);
  expect(booked.reduce((sum, item) => sum + item.amount, 0)).toBe(own.totals.credited);
  const after = await getJson<Wallet>(request, walletUrl, mara);
  expect(after.available - before.available).toBe(own.totals.credited);
  expect(after.lifetimeEarnings - before.lifetimeEarnings).toBe(own.totals.credited);
  expect(after.lastClosedPeriod).toEqual({ id: open.id, month: open.month });
  expect(after.currency).toBe(detail.currency);

  // The list shows the closed month and what it credited.
  const row = periods.locator(`tr[data-period="${open.id}"]`);
  await expect(row).toContainText('CLOSED');
  await expect(row).toContainText(
    new Intl.NumberFormat('en-GB', { style: 'currency', currency: detail.currency }).format(
      statement.credited / 100,
    ),
  );
  const shots = await checkPage(page, testInfo, 'admin-periods-closed');
  testInfo.annotations.push({ type: 'screenshots', description: shots.join(', ') });
  console.log(`screenshots: ${shots.join(', ')}`);
});
