import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { type AdminPeriod, endpoints, type WalletStatement } from '@tunehouse/contracts';
import { DEMO, DEMO_PASSWORD, expect, test } from '../fixtures/app.js';
import { accessToken, apiUrlOf, closePeriodAndWait } from '../fixtures/api-calls.js';
import { checkPage } from '../fixtures/page-checks.js';
import { logIn } from '../fixtures/session.js';

// docs/decisions/0079-restated-months.md: Napster (no demo data on it) reports a month the demo already closed,
// then restates it lower. The admin's report list says both files restate that closed month; after the open month closes, Mara's
// statement shows the two adjustments as rows naming the month (the lower one among the corrections).

const monthName = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, number - 1, 1)),
  );
};

async function upload(page: Page, name: string, day: string, revenue: string) {
  const file = test.info().outputPath(name);
  fs.writeFileSync(
    file,
    `date,platform,territory,isrc,upc,streams,sub30,revenue,currency\n${day},NAPSTER,SE,SEDMO2500001,,900,0,${revenue},EUR\n`,
  );
  await page.getByLabel('Report file', { exact: true }).setInputFiles(file);
  await page.getByRole('button', { name: 'Upload report' }).click();
  const row = page.getByRole('table', { name: 'Report files' }).getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('LOADED', { timeout: 30_000 });
  return row;
}

test.use({ viewport: { width: 1280, height: 900 } });

test('a restated closed month is booked in the open month as adjustments naming it', async ({
  page,
  app,
  api,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const admin = { Authorization: `Bearer ${await accessToken(request, api.url, DEMO.admin, DEMO_PASSWORD)}` };
  const periods = (
    (await (await request.get(apiUrlOf(api.url, endpoints.periods.list), { headers: admin })).json()) as {
      items: AdminPeriod[];
    }
  ).items;
  const closed = periods
    .filter((period) => period.status === 'CLOSED')
    .sort((a, b) => (a.month < b.month ? 1 : -1))[0];
  const open = periods
    .filter((period) => period.status === 'OPEN')
    .sort((a, b) => (a.month < b.month ? -1 : 1))[0];
  if (!closed || !open) throw new Error('The demo leaves a closed month and an open one');
  const name = monthName(closed.month);

  await logIn(page, app.shellUrl, DEMO.admin, { from: '/admin/reports' });
  await expect(page).toHaveURL(/\/admin\/reports$/);
  const restates = `Restates closed ${name}`;
  await expect(await upload(page, 'napster-first.csv', `${closed.month}-15`, '12.00')).toContainText(
    restates,
  );
  await expect(await upload(page, 'napster-restated.csv', `${closed.month}-15`, '9.50')).toContainText(
    restates,
  );
  const shots = await checkPage(page, testInfo, 'admin-reports-restated');

  await closePeriodAndWait(request, api.url, admin, open.id, {
    idempotencyKey: `restated-${open.id}`,
    timeout: 60_000,
  });

  const mara = { Authorization: `Bearer ${await accessToken(request, api.url, DEMO.artist, DEMO_PASSWORD)}` };
  const statement = (await (
    await request.get(
      apiUrlOf(api.url, endpoints.wallet.statement, {
        params: { id: open.id },
        query: { bucket: 'platform' },
      }),
      { headers: mara },
    )
  ).json()) as WalletStatement;
  // By platform: the demo's own lines of the track (its late lines and corrections) are other rows.
  const adjustments = statement.rows.filter((row) => row.adjusts === closed.month && row.key === 'NAPSTER');
  expect(adjustments.map((row) => [row.correction, row.revenue])).toEqual([
    [false, 12_000_000],
    [true, -2_500_000],
  ]);

  await page.context().clearCookies();
  const target = `/wallet/periods/${open.id}?bucket=track`;
  await logIn(page, app.shellUrl, DEMO.artist, { from: target });
  const table = page.getByRole('table', { name: 'Statement by track' });
  // Paper Boats' two: another journey of this worker may have booked an adjustment of the same month on another track.
  await expect(
    table.getByRole('rowheader', { name: new RegExp(`^Adjustment for ${name}: Paper Boats`) }),
  ).toHaveCount(2);
  shots.push(...(await checkPage(page, testInfo, 'statement-restated')));
  testInfo.annotations.push({ type: 'screenshots', description: shots.join(', ') });
  console.log(`screenshots: ${shots.join(', ')}`);
});
