import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { type ApiServer, expect, linkIn, test, totp } from '../fixtures/app.js';
import { signUpThroughMail, submitSignUp } from '../fixtures/sign-up.js';
import { endpoints } from '@tunehouse/contracts';
import { apiUrlOf } from '../fixtures/api-calls.js';
import { logIn } from '../fixtures/session.js';

const userMenu = (page: Page) => page.getByRole('banner').locator('button[aria-haspopup="menu"]');
const form = (page: Page, name: string) => page.getByRole('form', { name });

/** A fresh account through the sign-up page and its activation mail, logged in; answers its e-mail address. */
async function signUp(
  page: Page,
  stack: { shellUrl: string; api: ApiServer },
  password: string,
  firstName = 'Lena',
): Promise<string> {
  const email = `${firstName.toLowerCase()}.${Date.now()}.${randomBytes(3).toString('hex')}@example.com`;
  await signUpThroughMail(page, stack, { firstName, lastName: 'Account', email, password });
  return email;
}

/** No serious or critical axe violations at phone and desktop width; with SHOTS_DIR set, a screenshot of each. */
async function lookAt(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const results = await new AxeBuilder({ page }).analyze();
    const severe = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)}`).join(', ')}`,
      );
    expect(severe, `${name} at ${width}px`).toEqual([]);
    if (process.env.SHOTS_DIR)
      await page.screenshot({
        path: path.join(process.env.SHOTS_DIR, `${name}-${width}.png`),
        fullPage: true,
      });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('sign-up looks the same for a taken address; its owner is mailed, the new one activates', async ({
  page,
  app,
  api,
}) => {
  // Two axe scans at two widths each: slow on a busy machine.
  test.setTimeout(90_000);
  const owner = await signUp(page, { shellUrl: app.shellUrl, api }, 'the owner password', 'Olga');
  await page.goto(`${app.shellUrl}/auth/logout`);
  await expect(page).toHaveURL(/\/auth\/login/);

  // Someone else tries the owner's address: the same "check your mail", and the owner hears of it.
  await page.goto(`${app.shellUrl}/auth/signup`);
  await submitSignUp(page, {
    firstName: 'Mallory',
    lastName: 'Else',
    email: owner,
    password: 'not the owner!',
  });
  await lookAt(page, 'signup-check-mail');
  await expect(userMenu(page)).toHaveCount(0);
  const attempt = (mail: string) => /^Subject: Someone tried to sign up/m.test(mail);
  await expect.poll(() => api.mailsTo(owner).some(attempt)).toBe(true);
  const note = api.mailsTo(owner).find(attempt)!;
  expect(linkIn(note, '/auth/login')).toBe(`${app.shellUrl}/auth/login`);
  expect(note).not.toContain('Mallory');
  expect(api.mailsTo(owner).filter((mail) => mail.includes('/auth/signup?'))).toHaveLength(1);
  // The attempt changed nothing: the owner's password still logs in.
  await logIn(page, app.shellUrl, owner, { password: 'the owner password' });
  await expect(userMenu(page)).toHaveText(/Olga Account/);
});

test('change the password: other sessions end, and the new password logs in', async ({ page, app, api }) => {
  const email = await signUp(page, { shellUrl: app.shellUrl, api }, 'the first password');
  // Another device, logged in through the API.
  const other = await fetch(apiUrlOf(api.url, endpoints.sessions.login), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'the first password' }),
  });
  expect(other.status).toBe(201);
  const { token } = (await other.json()) as { token: { refreshToken: string } };

  await page.goto(`${app.shellUrl}/account`);
  const change = form(page, 'Change your password');
  await change.getByLabel('Current password').fill('not the password');
  await change.getByLabel('New password', { exact: true }).fill('the second password');
  await change.getByLabel('Repeat the new password').fill('the second password');
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(change.getByText('The current password is wrong')).toBeVisible();
  await expect(change.getByLabel('New password', { exact: true })).toHaveValue('the second password');

  await change.getByLabel('Current password').fill('the first password');
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password is changed. Your other devices are logged out.')).toBeVisible();
  const refused = await fetch(apiUrlOf(api.url, endpoints.sessions.refresh), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken: token.refreshToken }),
  });
  expect(refused.status).toBe(400);

  await page.goto(`${app.shellUrl}/auth/logout`);
  await expect(page).toHaveURL(/\/auth\/login/);
  await logIn(page, app.shellUrl, email, { password: 'the second password' });
  await expect(userMenu(page)).toHaveText(/Lena Account/);
});

test('turn on the second step with an authenticator app: the next login is challenged', async ({
  page,
  app,
  api,
}) => {
  // Two axe scans at two widths each: slow on a busy machine.
  test.setTimeout(90_000);
  const email = await signUp(page, { shellUrl: app.shellUrl, api }, 'a long enough password', 'Tariq');
  await page.goto(`${app.shellUrl}/account`);
  const card = page.getByRole('region', { name: 'Second-step verification' });
  await expect(card.getByText('OFF', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Turn on with an authenticator app' }).click();
  await expect(card.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await card.locator('code').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await lookAt(page, 'account-totp-setup');

  const confirm = form(page, 'Confirm the authenticator app');
  await confirm.getByLabel('Code from the app').fill(totp(secret));
  await confirm.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(card.getByText('ON', { exact: true })).toBeVisible();
  await expect(page.getByText(/Second-step verification is on/)).toBeVisible();

  await page.goto(`${app.shellUrl}/auth/logout`);
  await expect(page).toHaveURL(/\/auth\/login/);
  await logIn(page, app.shellUrl, email, { password: 'a long enough password' });
  await expect(page).toHaveURL(/\/auth\/challenge/);
  // The confirming code was used up; the next time step's code is accepted (one step of drift).
  await page.getByLabel('Verification code').fill(totp(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/auth\//);
  await expect(userMenu(page)).toHaveText(/Tariq Account/);

  // This device is marked among the active sessions.
  await page.goto(`${app.shellUrl}/account`);
  const sessions = page.getByRole('region', { name: 'Active sessions' });
  await expect(sessions.getByRole('row').filter({ hasText: 'THIS DEVICE' })).toHaveCount(1);
  await lookAt(page, 'account');
});

test('verify the identity with a real PNG: PENDING, then APPROVED, then back to `from`', async ({
  page,
  app,
  api,
}) => {
  // Sign-up through the mail, then two axe scans at two widths each: slow on a busy machine.
  test.setTimeout(90_000);
  const dir = test.info().outputPath('id');
  fs.mkdirSync(dir, { recursive: true });
  const document = path.join(dir, 'id-card.png');
  await sharp(randomBytes(640 * 400 * 3), { raw: { width: 640, height: 400, channels: 3 } })
    .png()
    .toFile(document);
  try {
    await signUp(page, { shellUrl: app.shellUrl, api }, 'a long enough password', 'Ilir');
    await page.goto(`${app.shellUrl}/account`);
    await page.getByRole('link', { name: 'Verify your identity' }).click();
    await expect(page).toHaveURL(`${app.shellUrl}/account/verify?from=%2Faccount`);
    const details = form(page, 'Verify your identity');
    await expect(details.getByLabel('Full legal name')).toHaveValue('Ilir Account');
    await details.getByLabel('Full legal name').fill('Ilir Account Berisha');
    await details.getByLabel('Date of birth').fill('1991-07-09');
    await details.getByLabel('Street address').fill('Rruga Agim Ramadani 15');
    await details.getByLabel('City').fill('Prishtina');
    await details.getByLabel('Postal code').fill('10000');
    await details.getByLabel('Country').selectOption('XK');
    await details.getByLabel('ID document').setInputFiles(document);
    await lookAt(page, 'account-verify');
    await details.getByRole('button', { name: 'Send for verification' }).click();

    await expect(page.getByText('PENDING', { exact: true })).toBeVisible();
    await expect(page.getByText('APPROVED', { exact: true })).toBeVisible({ timeout: 20_000 });
    await lookAt(page, 'account-verify-approved');
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(`${app.shellUrl}/account`);
    await expect(page.getByRole('region', { name: 'Identity' }).getByText('VERIFIED')).toBeVisible();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
