import type { APIRequestContext } from '@playwright/test';
import {
  type AdminPeriod,
  endpoints,
  REPORT_FILE_FIELD,
  type Wallet,
  type WalletStatement,
} from '@tunehouse/contracts';
import { DEMO, DEMO_PASSWORD, expect, linkIn, test } from '../fixtures/app.js';
import { accessToken, apiUrlOf, closePeriodAndWait } from '../fixtures/api-calls.js';
import { checkPage } from '../fixtures/page-checks.js';
import { followActivationMail, submitSignUp } from '../fixtures/sign-up.js';
import { logIn } from '../fixtures/session.js';

// Mara splits a live release 70/30 with someone new; the invitee signs up from the link and accepts; an admin
// closes the month the split starts in; both wallets rise by exactly their statements' credited parts
// (docs/decisions/0045-royalty-splits.md).

type Headers = { Authorization: string };

async function getJson<T>(request: APIRequestContext, url: string, headers: Headers): Promise<T> {
  const response = await request.get(url, { headers });
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/**
 * Streams of Paper Boats (the demo's single, ISRC SEDMO2500001) on the first day of `month`, the day the split
 * starts, loaded the way an admin loads a platform report.
 */
async function loadReport(request: APIRequestContext, apiUrl: string, admin: Headers, month: string) {
  const csv =
    'date,platform,territory,isrc,upc,streams,sub30,revenue,currency\n' +
    `${month},SPOTIFY,SE,SEDMO2500001,,90000,10,270.000000,EUR\n` +
    `${month},Apple Music,NO,SEDMO2500001,,30000,4,150.000000,EUR\n`;
  const upload = await request.post(apiUrlOf(apiUrl, endpoints.reports.upload), {
    headers: admin,
    multipart: {
      [REPORT_FILE_FIELD]: {
        name: `split-${Date.now()}.csv`,
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      },
    },
  });
  expect(upload.status(), await upload.text()).toBe(202);
  const { id } = (await upload.json()) as { id: string };
  await expect
    .poll(
      async () =>
        (
          await getJson<{ status: string }>(
            request,
            apiUrlOf(apiUrl, endpoints.reports.get, { params: { id } }),
            admin,
          )
        ).status,
      { timeout: 60_000 },
    )
    .toBe('LOADED');
}

test.use({ viewport: { width: 1280, height: 900 } });

test('Mara splits a live release 70/30, the invitee signs up from the link and accepts, and a close pays both exactly', async ({
  page,
  app,
  api,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const mara = { Authorization: `Bearer ${await accessToken(request, api.url, DEMO.artist, DEMO_PASSWORD)}` };
  const admin = { Authorization: `Bearer ${await accessToken(request, api.url, DEMO.admin, DEMO_PASSWORD)}` };
  const invitee = `ines.${Date.now()}@example.com`;
  const shots: string[] = [];

  // Mara opens her single's splits from the release and sets one up.
  await logIn(page, app.shellUrl, DEMO.artist, { from: '/albums' });
  await page.getByRole('link', { name: 'Paper Boats' }).first().click();
  const albumId = /\/albums\/([^/]+)/.exec(page.url())![1]!;
  await page.goto(`${app.shellUrl}/albums/${albumId}/splits`);
  await expect(page.getByText('No split yet — you keep 100 % of this release’s royalties.')).toBeVisible();
  await page.getByRole('link', { name: 'Set up a split' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit release splits' })).toBeVisible();

  const people = page.getByRole('region', { name: 'People and shares' });
  await people.getByRole('button', { name: 'Add a person' }).click();
  const person = people.getByRole('group', { name: 'Person 1' });
  await person.getByLabel('E-mail address').fill(invitee);
  await person.getByLabel('Role').fill('Producer');
  await person.getByLabel('Share (%)').fill('30');
  await expect(people.getByText('You keep 70.00 %.')).toBeVisible();
  const effective = await page.getByLabel('Takes effect from').inputValue();
  shots.push(...(await checkPage(page, testInfo, 'split-editor')));
  await page.getByRole('button', { name: 'Save split' }).click();
  await expect(page.getByText(/The split is saved: version 1 takes effect from/)).toBeVisible();

  // The link is shown once, to copy; the invitee also gets it by mail.
  const link = (
    await page
      .getByText(/\/splits\/\?invite=/)
      .first()
      .innerText()
  ).trim();
  expect(link).toContain(`${app.shellUrl}/splits/?invite=`);
  await expect.poll(() => api.mailsTo(invitee).length).toBeGreaterThan(0);
  expect(linkIn(api.mailsTo(invitee).at(-1)!, '/splits/?')).toBe(link);

  // The invitee has no account: the link leads to sign-in, from there to sign-up, and back to the invite.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/login\?from=/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await submitSignUp(page, {
    firstName: 'Ines',
    lastName: 'Alvarez',
    email: invitee,
    password: 'a long enough password',
    country: 'ES',
  });
  // Sign-up signs nobody in: the activation mail does, and its link brings the invite back.
  await followActivationMail(page, api, invitee);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/splits\/\?invite=/);
  await expect(page.getByText('Paper Boats').first()).toBeVisible();
  await expect(page.getByText('30.00 %').first()).toBeVisible();
  shots.push(...(await checkPage(page, testInfo, 'split-invite')));
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/splits\/[0-9a-f-]{36}$/);
  const splitId = /\/splits\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  const participants = page.getByRole('table', { name: /Participants/ });
  await expect(participants.getByRole('row', { name: /Ines Alvarez/ })).toContainText('Accepted');
  await expect(participants.getByRole('row', { name: /Mara Lindqvist/ })).toContainText('70.00 %');
  shots.push(...(await checkPage(page, testInfo, 'split-detail-invitee')));
  const ines = {
    Authorization: `Bearer ${await accessToken(request, api.url, invitee, 'a long enough password')}`,
  };

  // The admin loads the month's report and closes the month the split starts in.
  const walletUrl = apiUrlOf(api.url, endpoints.wallet.get);
  const before = {
    mara: await getJson<Wallet>(request, walletUrl, mara),
    ines: await getJson<Wallet>(request, walletUrl, ines),
  };
  expect(before.ines.available).toBe(0);
  await loadReport(request, api.url, admin, effective);
  const periods = await getJson<{ items: AdminPeriod[] }>(
    request,
    apiUrlOf(api.url, endpoints.periods.list),
    admin,
  );
  const period = periods.items.find((candidate) => candidate.month === effective.slice(0, 7));
  if (!period) throw new Error(`No period for ${effective}`);
  expect(period.status).toBe('OPEN');
  await closePeriodAndWait(request, api.url, admin, period.id, {
    idempotencyKey: `split-journey-${period.id}`,
  });

  // Each wallet rose by exactly what its own statement of the month credited; the invitee's is 30 % of Paper
  // Boats' owner share, within the cent the rounding allows.
  const statementUrl = apiUrlOf(api.url, endpoints.wallet.statement, {
    params: { id: period.id },
    query: { bucket: 'release' },
  });
  const statements = {
    mara: await getJson<WalletStatement>(request, statementUrl, mara),
    ines: await getJson<WalletStatement>(request, statementUrl, ines),
  };
  const after = {
    mara: await getJson<Wallet>(request, walletUrl, mara),
    ines: await getJson<Wallet>(request, walletUrl, ines),
  };
  expect(statements.ines.totals.credited).toBeGreaterThan(0);
  expect(after.ines.available - before.ines.available).toBe(statements.ines.totals.credited);
  expect(after.mara.available - before.mara.available).toBe(statements.mara.totals.credited);
  const marasPaperBoats = statements.mara.rows.find((row) => row.key === albumId)!;
  const inesPaperBoats = statements.ines.rows.find((row) => row.key === albumId)!;
  const ownerShare = marasPaperBoats.credited + inesPaperBoats.credited;
  expect(Math.abs(inesPaperBoats.credited - ownerShare * 0.3)).toBeLessThanOrEqual(1);
  // The statements show the split as its own line: what Mara's split gave is exactly what Ines's brought.
  expect(inesPaperBoats.splitIn).toBeGreaterThan(0);
  expect(marasPaperBoats.splitOut).toBe(inesPaperBoats.splitIn);

  // Mara sees the split with both people accepted and what each has earned.
  await page.context().clearCookies();
  await logIn(page, app.shellUrl, DEMO.artist, { from: `/splits/${splitId}` });
  await expect(
    page.getByRole('table', { name: /Participants/ }).getByRole('row', { name: /Ines Alvarez/ }),
  ).toContainText(
    new Intl.NumberFormat('en-GB', { style: 'currency', currency: after.ines.currency }).format(
      inesPaperBoats.credited / 100,
    ),
  );
  shots.push(...(await checkPage(page, testInfo, 'split-detail-owner')));
  await page.goto(`${app.shellUrl}/splits`);
  await expect(page.getByRole('heading', { level: 1, name: 'Royalty splits' })).toBeVisible();
  shots.push(...(await checkPage(page, testInfo, 'splits-list')));
  testInfo.annotations.push({ type: 'screenshots', description: shots.join(', ') });
});
