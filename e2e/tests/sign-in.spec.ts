import type { Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, linkIn, test, totp } from '../fixtures/app.js';
import { endpoints } from '@tunehouse/contracts';
import { apiUrlOf } from '../fixtures/api-calls.js';
import { activationLinkFor, signUpThroughMail, submitSignUp } from '../fixtures/sign-up.js';
import { logIn, submitLogIn } from '../fixtures/session.js';

const userMenu = (page: Page) => page.getByRole('banner').locator('button[aria-haspopup="menu"]');

test('sign up, activate the address from the mail, log out and log in again', async ({ page, app, api }) => {
  const email = `nina.${Date.now()}@example.com`;
  await page.goto(`${app.shellUrl}/auth/signup`);
  await submitSignUp(page, {
    firstName: 'Nina',
    lastName: 'Simone',
    email,
    password: 'a long enough password',
    country: 'XK',
  });
  // Sign-up signs nobody in; the mailed link does.
  await expect(userMenu(page)).toHaveCount(0);

  await page.goto(await activationLinkFor(api, email));
  await expect(page.getByText('Your e-mail address is confirmed. You are logged in.')).toBeVisible();
  await expect(userMenu(page)).toHaveText(/Nina Simone/);
  await page.goto(`${app.shellUrl}/account`);
  await expect(page.getByText('CONFIRMED', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Country')).toHaveValue('XK');

  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await submitLogIn(page, email, 'a long enough password');
  await expect(userMenu(page)).toHaveText(/Nina Simone/);
});

test('a deep link while logged out leads to the login and back to the page after it', async ({
  page,
  app,
}) => {
  await page.goto(`${app.shellUrl}/account?tab=details`);
  await expect(page).toHaveURL(`${app.shellUrl}/auth/login?from=%2Faccount%3Ftab%3Ddetails`);
  await submitLogIn(page, DEMO.artist, 'wrong password!');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel('E-mail address')).toHaveValue(DEMO.artist);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(`${app.shellUrl}/account?tab=details`);
  await expect(page.getByLabel('First name')).toHaveValue('Mara');
});

test('log in with the second step: the challenge comes first, then the page asked for', async ({
  page,
  app,
}) => {
  await page.goto(`${app.shellUrl}/wallet`);
  await submitLogIn(page, DEMO.secondStep);
  await expect(page).toHaveURL(`${app.shellUrl}/auth/challenge?from=%2Fwallet`);
  // Until the challenge is answered every other page sends the user back to it.
  await page.goto(`${app.shellUrl}/artists`);
  await expect(page).toHaveURL(`${app.shellUrl}/auth/challenge?from=%2Fartists`);
  await page.getByLabel('Verification code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Verification code').fill(totp(DEMO.kofiTotpSecret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(`${app.shellUrl}/artists`);
  await expect(userMenu(page)).toHaveText(/Kofi/);
});

test('forgot password: the mailed link sets a new one and logs in', async ({ page, app, api }) => {
  const email = `reset.${Date.now()}@example.com`;
  await signUpThroughMail(
    page,
    { shellUrl: app.shellUrl, api },
    { firstName: 'Rita', lastName: 'Reset', email, password: 'the first password' },
  );
  await page.goto(`${app.shellUrl}/auth/logout`);
  await expect(page).toHaveURL(/\/auth\/login/);

  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();
  await expect.poll(() => api.mailsTo(email).some((mail) => mail.includes('/auth/forgot'))).toBe(true);
  const link = linkIn(
    api.mailsTo(email).findLast((mail) => mail.includes('/auth/forgot'))!,
    '/auth/forgot?',
  );

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('the second password');
  await page.getByLabel('Repeat the new password').fill('the second password');
  await page.getByRole('button', { name: 'Save and log in' }).click();
  await expect(page.getByText('Your password is changed. You are logged in.')).toBeVisible();
  await page.goto(`${app.shellUrl}/auth/logout`);
  await submitLogIn(page, email, 'the second password');
  await expect(userMenu(page)).toHaveText(/Rita Reset/);
});

test('a session that ends while signed in leads to the login with expired=true', async ({
  page,
  app,
  api,
}) => {
  await logIn(page, app.shellUrl, DEMO.artist);
  await expect(userMenu(page)).toBeVisible();
  // The session ends on the server (another device logged out everywhere, an admin ended it, ...).
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'tunehouse_session')!;
  const session = JSON.parse(decodeURIComponent(cookie.value)) as { token: { accessToken: string } };
  const ended = await fetch(apiUrlOf(api.url, endpoints.sessions.destroy), {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${session.token.accessToken}` },
  });
  expect(ended.status).toBe(204);

  await page.goto(`${app.shellUrl}/account`);
  await expect(page).toHaveURL(`${app.shellUrl}/auth/login?expired=true&from=%2Faccount`);
  await expect(page.getByText('Your session has ended')).toBeVisible();
});

test('a suspended account is sent to the suspended page', async ({ page, app }) => {
  await page.goto(`${app.shellUrl}/albums`);
  await submitLogIn(page, DEMO.suspended);
  await expect(page).toHaveURL(`${app.shellUrl}/auth/suspended`);
  await expect(page.getByRole('heading', { level: 1, name: 'Account suspended' })).toBeVisible();
  await page.goto(`${app.shellUrl}/trends`);
  await expect(page).toHaveURL(`${app.shellUrl}/auth/suspended`);
});

test('an admin views the product as a user, sees the banner, and goes back to admin', async ({
  page,
  app,
}) => {
  await page.goto(`${app.shellUrl}/admin`);
  await submitLogIn(page, DEMO.admin);
  await expect(page).toHaveURL(`${app.shellUrl}/admin`);
  await page.getByLabel('Find a user').fill('sam@demo');
  const row = page.getByRole('row', { name: /sam@demo.tunehouse.local/ });
  await expect(row.getByText('SUSPENDED')).toBeVisible();
  await row.getByRole('button', { name: /View as/ }).click();

  const banner = page.getByRole('region', { name: 'Admin view' });
  await expect(banner).toContainText('Logged in as Sam');
  await expect(banner).toContainText('(sam@demo.tunehouse.local)');
  await expect(banner.getByText('SUSPENDED')).toBeVisible();
  // An admin viewing a suspended account passes the suspension guard.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Artists' }).click();
  await expect(page).toHaveURL(`${app.shellUrl}/artists`);

  // Nothing of the admin's own session waits where page scripts read: no token in page storage at all.
  const pageStorage = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
  expect(pageStorage).not.toContain('tunehouse:admin-session');
  expect(pageStorage).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
  // 'Back to admin' still works after a reload.
  await page.reload();
  await expect(banner).toContainText('Logged in as Sam');

  await banner.getByRole('button', { name: 'Back to admin' }).click();
  await expect(page).toHaveURL(`${app.shellUrl}/admin`);
  await expect(banner).toBeHidden();
  await expect(page.getByLabel('Find a user')).toBeVisible();
  // The audit shows the visit, ended by Back to admin.
  const audit = page.getByRole('table', { name: 'Impersonations' });
  const visit = audit.getByRole('row', { name: /sam@demo.tunehouse.local/ }).first();
  await expect(visit).toContainText(DEMO.admin);
  await expect(visit).not.toContainText('Still open');
});
