import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { type AdminPeriod, endpoints } from '@tunehouse/contracts';
import { DEMO, DEMO_PASSWORD, expect, test, totp } from '../fixtures/app.js';
import { accessToken, apiUrlOf, closePeriodAndWait } from '../fixtures/api-calls.js';
import { checkPage } from '../fixtures/page-checks.js';
import { logIn } from '../fixtures/session.js';

// Issue 28's journey (docs/decisions/0078-corrections-and-negative-balances.md,
// docs/decisions/0081-big-report-files.md): a platform sends the open month as a gzipped DSR in two parts; the
// second carries a chargeback (a negative NetRevenue) for Northern Static, the track Mara split 60/30/10 with
// Kofi. The set loads once both parts are in; after the close both statements show the correction row, and
// Kofi's wallet — the split income earlier closes credited him taken back many times over — is below zero, so
// instead of the payout button the wallet says why payouts are closed. The demo paid Kofi out once from that split
// income (verified, with a bank account): the correction takes back money already sent, and the balance is the
// only reason left.

const ISRC = 'SEDMO2500002'; // Northern Static, track 1 of the album the demo splits with Kofi
// Far more than the demo's closes ever paid Kofi, so his 30 % of it takes his wallet below zero.
const CHARGEBACK = '-20000.00';

/** Part `part` of 2 of a BasicAudioProfile-shaped DSR for `month` (YYYY-MM): its name and its gzipped text. */
function dsrPart(month: string, part: 1 | 2): { name: string; mimeType: string; buffer: Buffer } {
  const [first, last] = [`${month}-01`, `${month}-14`];
  const usage =
    part === 1
      ? ['SU03', '1', 'T1', '1', 'R1', '1200', '4.80', first, last]
      : ['SU03', '1', 'T2', '1', 'R1', '0', CHARGEBACK, first, last];
  const rows = [
    [
      'HEAD',
      'dsrf/30',
      'BasicAudioProfile',
      '1.2',
      `E2E-${month}-${part}`,
      `${month}-15T06:00:00Z`,
      String(part),
      '2',
      first,
      last,
      'PADPIDA2026E2ES',
      'E2EMusic',
      'Premium',
      'PADPIDA2026E2ER',
      'Tunehouse',
    ],
    [
      '#SY02',
      'SummaryRecordId',
      'DistributionChannel',
      'DistributionChannelDPID',
      'CommercialModel',
      'UseType',
      'Territory',
      'ServiceDescription',
      'Usages',
      'Users',
      'Currency',
      'NetRevenue',
    ],
    [
      'SY02',
      '1',
      'E2EMusic',
      'PADPIDA2026E2ES',
      'SubscriptionModel',
      'OnDemandStream',
      'SE',
      'Premium',
      '1200',
      '',
      'EUR',
      '0',
    ],
    ['AS01', '1', 'R1', 'R1', ISRC, 'Northern Static', ''],
    usage,
    ['FOOT', '5', '5', '1', '1', '1'],
  ];
  const text = `${rows.map((row) => row.join('\t')).join('\n')}\n`;
  const compact = month.replace('-', '');
  return {
    name: `DSR_PADPIDA2026E2ER_PADPIDA2026E2ES_Premium_${compact}_SE_${part}of2_${compact}15T060000.tsv.gz`,
    mimeType: 'application/gzip',
    buffer: zlib.gzipSync(text),
  };
}

test.use({ viewport: { width: 1280, height: 900 } });
// The chargeback leaves Mara, as well as Kofi, far below zero: later journeys on a shared database would find
// her payouts closed.
test.use({ database: 'own' });

test('a gzipped two-part report with a correction takes the split participant below zero', async ({
  page,
  app,
  api,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const admin = { Authorization: `Bearer ${await accessToken(request, api.url, DEMO.admin, DEMO_PASSWORD)}` };
  const periods = (
    (await (await request.get(apiUrlOf(api.url, endpoints.periods.list), { headers: admin })).json()) as {
      items: AdminPeriod[];
    }
  ).items;
  const open = periods
    .filter((period) => period.status === 'OPEN')
    .sort((a, b) => (a.month < b.month ? -1 : 1))[0];
  if (!open) throw new Error('The demo leaves an open month');
  const month = open.month.slice(0, 7);

  await logIn(page, app.shellUrl, DEMO.admin, { from: '/admin/reports' });
  await expect(page).toHaveURL(/\/admin\/reports$/);
  const files = page.getByRole('table', { name: 'Report files' });
  const second = dsrPart(month, 2);
  // The second part first: the set waits, and the table says which part is missing.
  await page.getByLabel('Report file', { exact: true }).setInputFiles(second);
  await page.getByRole('button', { name: 'Upload report' }).click();
  const secondRow = files.getByRole('row', { name: new RegExp(second.name.replace('.tsv.gz', '')) });
  await expect(secondRow).toContainText('Part 2 of 2 · in: 2 · missing: 1');
  const first = dsrPart(month, 1);
  await page.getByLabel('Report file', { exact: true }).setInputFiles(first);
  await page.getByRole('button', { name: 'Upload report' }).click();
  const firstRow = files.getByRole('row', { name: new RegExp(first.name.replace('.tsv.gz', '')) });
  await expect(firstRow).toContainText('LOADED', { timeout: 60_000 });
  await expect(secondRow).toContainText('LOADED', { timeout: 60_000 });
  const shots = await checkPage(page, testInfo, 'admin-reports-two-part');

  await closePeriodAndWait(request, api.url, admin, open.id, {
    idempotencyKey: `correction-two-part-${open.id}`,
  });

  const statement = `/wallet/periods/${open.id}?bucket=track`;
  const correctionRow = (table: ReturnType<Page['getByRole']>) =>
    table.getByRole('rowheader', { name: /^Correction: Northern Static/ });
  // Each person signs in afresh, as on a shared computer after the previous one logged out.
  await page.context().clearCookies();
  await logIn(page, app.shellUrl, DEMO.artist, { from: statement });
  const maraTable = page.getByRole('table', { name: 'Statement by track' });
  await expect(correctionRow(maraTable)).toHaveCount(1);
  await expect(maraTable.getByRole('rowheader', { name: 'Of which corrections' })).toBeVisible();
  shots.push(...(await checkPage(page, testInfo, 'statement-correction-mara')));

  await page.context().clearCookies();
  await logIn(page, app.shellUrl, DEMO.secondStep, { from: statement });
  await page.getByLabel('Verification code').fill(totp(DEMO.kofiTotpSecret));
  await page.getByRole('button', { name: 'Verify' }).click();
  const kofiTable = page.getByRole('table', { name: 'Statement by track' });
  await expect(correctionRow(kofiTable)).toHaveCount(1);
  shots.push(...(await checkPage(page, testInfo, 'statement-correction-kofi')));

  await page.goto(`${app.shellUrl}/wallet`);
  await expect(page.getByRole('note')).toContainText(/You owe €[\d,.]+: a platform took back royalties/);
  // Paid out before the correction came…
  await expect(
    page.getByRole('table', { name: 'Payouts' }).getByRole('row').filter({ hasText: 'Paid' }),
  ).toHaveCount(1);
  // …and now the balance below zero is the one reason payouts are closed.
  const reasons = page.getByRole('list', { name: 'Why you cannot request a payout yet' });
  await expect(reasons.getByRole('listitem')).toHaveText([
    'Your balance is below zero: a platform took back royalties it had paid (a correction). Your next ' +
      'royalties cover it first; payouts open again once the balance is above zero.',
  ]);
  await expect(page.getByRole('button', { name: 'Request payout' })).toHaveCount(0);
  shots.push(...(await checkPage(page, testInfo, 'wallet-negative-kofi')));
  testInfo.annotations.push({ type: 'screenshots', description: shots.join(', ') });
  console.log(`screenshots: ${shots.join(', ')}`);
});
