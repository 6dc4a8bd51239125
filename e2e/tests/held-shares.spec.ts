import {
  endpoints,
  type Split,
  type SplitInviteLink,
  type SplitSummary,
  type Wallet,
} from '@tunehouse/contracts';
import { DEMO, DEMO_PASSWORD, expect, linkIn, test } from '../fixtures/app.js';
import { accessToken, apiUrlOf } from '../fixtures/api-calls.js';
import { checkPage } from '../fixtures/page-checks.js';
import { followActivationMail, submitSignUp } from '../fixtures/sign-up.js';
import { logIn } from '../fixtures/session.js';

// The demo's pending invitee (docs/decisions/0069-demo-truth-and-wallet-errors.md): every demo close held her 10 %
// of Northern Static. Mara sees it on the split page; the invitee signs up from a re-sent invite, sees it in her
// wallet as split income awaiting acceptance, accepts, and it is hers.

const INVITEE = 'noor.haddad@example.com';
const PASSWORD = 'a long enough password';

/** Cents as the product shows them (en-GB, the platform currency EUR). */
const euros = (cents: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100);

test.use({ viewport: { width: 1280, height: 900 } });

test('the pending invitee signs up, sees the money held for her in her wallet, accepts and it is hers', async ({
  page,
  app,
  api,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const mara = { Authorization: `Bearer ${await accessToken(request, api.url, DEMO.artist, DEMO_PASSWORD)}` };
  const splits = (await (
    await request.get(apiUrlOf(api.url, endpoints.splits.list, { query: { role: 'owner' } }), {
      headers: mara,
    })
  ).json()) as { items: SplitSummary[] };
  const summary = splits.items.find((item) => item.album.title === 'Northern Static')!;
  const split = (await (
    await request.get(apiUrlOf(api.url, endpoints.splits.get, { params: { id: summary.id } }), {
      headers: mara,
    })
  ).json()) as Split;
  const noor = split.participants.find((participant) => participant.email === INVITEE)!;
  expect(noor.status).toBe('PENDING');
  // What the demo closes held for her: real money, not €0.00.
  expect(noor.held).toBeGreaterThan(0);
  const held = euros(noor.held);
  const shots: string[] = [];

  // Mara sees it on the split page, under Held.
  await logIn(page, app.shellUrl, DEMO.artist, { from: `/splits/${split.id}` });
  const participants = page.getByRole('table', { name: 'Participants of Northern Static' });
  await expect(participants.getByRole('row', { name: new RegExp(INVITEE) })).toContainText(held);
  shots.push(...(await checkPage(page, testInfo, 'held-split-owner')));

  // Mara re-sends the invite: a fresh link, by mail too.
  const resent = await request.post(
    apiUrlOf(api.url, endpoints.splits.resend, { params: { id: split.id, participantId: noor.id } }),
    { headers: mara },
  );
  expect(resent.status(), await resent.text()).toBe(200);
  const link = ((await resent.json()) as SplitInviteLink).url;
  await expect.poll(() => api.mailsTo(INVITEE).length).toBeGreaterThan(0);
  expect(linkIn(api.mailsTo(INVITEE).at(-1)!, '/splits/?')).toBe(link);

  // The invitee has no account: from the link to sign-up, then the activation mail signs her in.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/login\?from=/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await submitSignUp(page, {
    firstName: 'Noor',
    lastName: 'Haddad',
    email: INVITEE,
    password: PASSWORD,
    country: 'SE',
  });
  await followActivationMail(page, api, INVITEE);

  // Her wallet shows what is held for her before she answers.
  await page.goto(`${app.shellUrl}/wallet`);
  const awaiting = page
    .getByText('Split income awaiting acceptance')
    .locator('xpath=following-sibling::dd[1]');
  await expect(awaiting).toHaveText(held);
  shots.push(...(await checkPage(page, testInfo, 'held-wallet-invitee')));

  // She accepts from the link; the held money moves to her wallet in one transfer.
  await page.goto(link);
  await expect(page.getByText('Northern Static').first()).toBeVisible();
  await expect(page.getByText(held).first()).toBeVisible();
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/splits\/[0-9a-f-]{36}$/);

  await page.goto(`${app.shellUrl}/wallet`);
  await expect(awaiting).toHaveText(euros(0));
  const noorAuth = { Authorization: `Bearer ${await accessToken(request, api.url, INVITEE, PASSWORD)}` };
  const wallet = (await (
    await request.get(apiUrlOf(api.url, endpoints.wallet.get), { headers: noorAuth })
  ).json()) as Wallet;
  expect(wallet.available).toBe(noor.held);
  expect(wallet.held.splitsPendingAcceptance).toBe(0);
  await expect(page.getByText(held).first()).toBeVisible();
  shots.push(...(await checkPage(page, testInfo, 'held-wallet-accepted')));
  await testInfo.attach('screenshots', { body: shots.join('\n'), contentType: 'text/plain' });
});
