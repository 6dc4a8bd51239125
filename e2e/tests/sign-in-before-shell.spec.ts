import type { Page, Request } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, test } from '../fixtures/app.js';

/**
 * `/auth/login` paints its form from the HTML and loads only the starter until the visitor shows interest
 * (docs/decisions/0082-layout-shift-and-startup-work.md, "/auth/login before the shell"). The shell's entry is held
 * back here, so the visitor types (and submits) while nothing of the shell has run, as on a slow phone; what they
 * did must survive the hand-over to the auth area's form.
 */

/** Holds the shell's entry script until `release()` is called; the page keeps only what the HTML gave it. */
async function holdShellEntry(page: Page, shellUrl: string) {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const requested: string[] = [];
  await page.route(
    (url) => url.origin === new URL(shellUrl).origin && /^\/main\.[0-9a-f]+\.js$/.test(url.pathname),
    async (route) => {
      requested.push(route.request().url());
      await released;
      await route.continue();
    },
  );
  return { release, requested };
}

const scriptsLoaded = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
      .map((entry) => new URL(entry.name).pathname),
  );

const prerenderedForm = (page: Page) => page.locator('form[data-prerendered-form]');
const areaForm = (page: Page) => page.locator('[data-area="auth"] form[aria-label="Log in"]');
const userMenu = (page: Page) => page.getByRole('banner').locator('button[aria-haspopup="menu"]');

test('the sign-in form is there before the shell; typing, focus and its place survive the hand-over', async ({
  page,
  app,
}) => {
  const entry = await holdShellEntry(page, app.shellUrl);
  await page.goto(`${app.shellUrl}/auth/login`);
  await page.waitForLoadState('load');
  // Drawn by the build: the fields, the button and both links, with only the starter loaded.
  await expect(prerenderedForm(page)).toBeVisible();
  expect(await scriptsLoaded(page)).toEqual([
    expect.stringMatching(/^\/start-on-interest\.[0-9a-f]{8}\.js$/),
  ]);
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
    'href',
    '/auth/forgot',
  );
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/signup');
  const before = await page.getByLabel('Password').boundingBox();

  await page.getByLabel('E-mail address').fill(DEMO.artist);
  await page.getByLabel('Password').fill('still typing');
  // Focus on a field is the interest that starts the shell; its entry is being held.
  await expect.poll(() => entry.requested.length).toBeGreaterThan(0);
  await expect(prerenderedForm(page)).toBeVisible();

  entry.release();
  await expect(areaForm(page)).toBeVisible();
  await expect(prerenderedForm(page)).toHaveCount(0);
  // The area's own fields now hold what was typed, and the field being typed in still has the focus.
  await expect(page.getByLabel('E-mail address')).toHaveValue(DEMO.artist);
  await expect(page.getByLabel('Password')).toHaveValue('still typing');
  await expect(page.getByLabel('Password')).toBeFocused();
  await expect(areaForm(page).getByLabel('Password')).toBeFocused();
  // The area's form took the place of the build's: the field did not move.
  const after = await page.getByLabel('Password').boundingBox();
  expect(Math.abs((after?.y ?? 0) - (before?.y ?? 0))).toBeLessThanOrEqual(1);
  expect(Math.abs((after?.height ?? 0) - (before?.height ?? 0))).toBeLessThanOrEqual(1);
  // The area's react-hook-form has the values, not only the inputs: keep typing and send.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(userMenu(page)).toHaveText(/Mara/);
});

test('a submit made before the shell ran waits for it and is then sent, never posted natively', async ({
  page,
  app,
}) => {
  const entry = await holdShellEntry(page, app.shellUrl);
  const posted: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().startsWith(app.shellUrl)) posted.push(request);
  });
  await page.goto(`${app.shellUrl}/auth/login`);
  await page.getByLabel('E-mail address').fill(DEMO.artist);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await page.getByRole('button', { name: 'Log in' }).click();
  // Nothing has gone anywhere: the page is the same, the password is in no address and no post.
  await expect(prerenderedForm(page)).toHaveAttribute('data-submit-requested', '');
  expect(page.url()).toBe(`${app.shellUrl}/auth/login`);
  expect(posted).toEqual([]);

  entry.release();
  // The area's form sends it (bot check, session) as if "Log in" had been pressed on it.
  await expect(userMenu(page)).toHaveText(/Mara/);
  expect(page.url()).not.toContain(DEMO_PASSWORD);
  expect(posted).toEqual([]);
});
