import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/stack.js';
import { signInWithoutApi } from '../fixtures/session.js';
import { ROUTES, SIGNED_OUT_ROUTES, type RouteCase } from './route-table.js';

async function expectArea(page: Page, route: RouteCase): Promise<void> {
  const area = page.locator(`[data-area="${route.area}"]`);
  await expect(area.getByRole('heading', { level: 1, name: route.heading, exact: true })).toBeVisible();
  for (const [key, value] of Object.entries(route.params ?? {})) {
    await expect(area.locator(`[data-param="${key}"]`)).toHaveText(value);
  }
  // No other area is showing anything at the same time.
  await expect(
    page.locator(`#tunehouse-area-slot > [data-area]:not([data-area="${route.area}"]) *`),
  ).toHaveCount(0);
  await expect(page).toHaveTitle(`${route.heading} — Tunehouse`);
}

test('every route of the spec mounts its area by deep link', async ({ page, stack }) => {
  test.setTimeout(90_000);
  for (const route of SIGNED_OUT_ROUTES) {
    await page.goto(`${stack.shellUrl}${route.url}`);
    if (route.startsOnInterest) {
      // Its heading and form are there before any area runs; a focus on the form starts the area.
      await expect(page.getByRole('heading', { level: 1, name: route.heading, exact: true })).toBeVisible();
      await page.getByLabel(route.startsOnInterest).focus();
    }
    await expectArea(page, route);
  }
  await signInWithoutApi(page.context(), stack.shellUrl);
  for (const route of ROUTES) {
    await page.goto(`${stack.shellUrl}${route.url}`);
    await expectArea(page, route);
  }
});

test('a signed-out visitor of any other route is sent to the login, carrying the route', async ({
  page,
  stack,
}) => {
  for (const route of ROUTES.filter((_, index) => index % 5 === 0)) {
    await page.goto(`${stack.shellUrl}${route.url}`);
    await expect(page).toHaveURL(`${stack.shellUrl}/auth/login?from=${encodeURIComponent(route.url)}`);
    await expect(page.locator(`[data-area="${route.area}"]`).getByRole('heading')).toHaveCount(
      route.area === 'auth' ? 1 : 0,
    );
  }
});

test('every route of the spec mounts its area by client-side navigation, without a page load', async ({
  page,
  stack,
}) => {
  await signInWithoutApi(page.context(), stack.shellUrl);
  await page.goto(stack.shellUrl);
  await expect(page.getByRole('heading', { level: 1, name: /Release your music everywhere/ })).toBeVisible();
  await page.evaluate(() => Object.assign(window, { __samePage: true }));
  for (const route of ROUTES) {
    await page.evaluate((url) => window.history.pushState(null, '', url), route.url);
    await expectArea(page, route);
  }
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
});

test('header navigation marks the active area and back/forward move between areas', async ({
  page,
  stack,
}) => {
  await signInWithoutApi(page.context(), stack.shellUrl);
  await page.goto(stack.shellUrl);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Releases' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Releases' })).toHaveAttribute('aria-current', 'page');

  await nav.getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stream trends' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Analytics' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Releases' })).not.toHaveAttribute('aria-current', 'page');

  await page.goBack();
  await expect(page).toHaveURL(`${stack.shellUrl}/albums`);
  await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: /Release your music everywhere/ })).toBeVisible();
  await page.goForward();
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Stream trends' })).toBeVisible();
});

test('a path no area owns shows the 404 page, and Take me back goes home', async ({ page, stack }) => {
  await page.goto(`${stack.shellUrl}/no/such/page`);
  await expect(page.getByRole('heading', { level: 1, name: 'Something is missing' })).toBeVisible();
  await expect(page.getByTestId('error-detail')).toHaveText('status: 404 | detail: /no/such/page');
  await page.getByRole('button', { name: 'Take me back' }).click();
  await expect(page).toHaveURL(`${stack.shellUrl}/`);
  await expect(page.getByRole('heading', { level: 1, name: /Release your music everywhere/ })).toBeVisible();
});

test('a path under an area that the area does not render shows its 404', async ({ page, stack }) => {
  await signInWithoutApi(page.context(), stack.shellUrl);
  await page.goto(`${stack.shellUrl}/artists/nobody/here`);
  await expect(
    page.locator('[data-area="artists"]').getByRole('heading', { name: 'Something is missing' }),
  ).toBeVisible();
});

test('on a phone the top-bar items sit behind a Menu button that closes after navigating', async ({
  page,
  stack,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInWithoutApi(page.context(), stack.shellUrl);
  await page.goto(stack.shellUrl);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu.getByRole('link')).toHaveText([
    'Releases',
    'Splits',
    'Artists',
    'Analytics',
    'Wallet',
    'Support',
    'Account',
    'Logout',
  ]);
  await expect(menu.getByText('Ada Lovelace')).toBeVisible();
  await menu.getByRole('link', { name: 'Artists' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Artists' })).toBeVisible();
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(menu.getByRole('link', { name: 'Artists' })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});
