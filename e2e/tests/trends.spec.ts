import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, test } from '../fixtures/app.js';
import { endpoints } from '@tunehouse/contracts';
import { accessToken, apiUrlOf } from '../fixtures/api-calls.js';
import { signUpThroughMail } from '../fixtures/sign-up.js';
import { logIn } from '../fixtures/session.js';

const area = (page: Page) => page.locator('[data-area="analytics"]');
const digits = (text: string | null) => Number((text ?? '').replace(/[^0-9]/g, ''));

/** The chart is drawn once its figure is in view (DrawWhenInView): scrolled to, as a visitor would. */
async function expectChartDrawn(page: Page) {
  await area(page).getByRole('figure').first().scrollIntoViewIfNeeded();
  await expect(area(page).locator('.apexcharts-canvas svg').first()).toBeVisible();
}

/** No serious or critical axe violations at phone and desktop width; with SHOTS_DIR set, a screenshot of each. */
async function check(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    const results = await new AxeBuilder({ page }).analyze();
    const severe = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    expect(severe, `${name} at ${width}px`).toEqual([]);
    // The page itself never scrolls sideways; wide tables scroll inside their own box.
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
    expect(sideways, `${name} scrolls sideways at ${width}px`).toBe(false);
    if (process.env.SHOTS_DIR)
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.use({ viewport: { width: 1280, height: 900 } });

test('stream trends of the demo catalogue: total, chart, table by track and platform, CSV, album filter', async ({
  page,
  app,
  api,
  request,
}) => {
  test.setTimeout(90_000);
  const auth = { Authorization: `Bearer ${await accessToken(request, api.url, DEMO.artist, DEMO_PASSWORD)}` };
  await logIn(page, app.shellUrl, DEMO.artist, { from: '/trends' });
  await expect(page).toHaveURL(/\/trends/);
  await expect(area(page).getByRole('heading', { level: 1, name: 'Stream trends' })).toBeVisible();

  // The total is the API's total for the default 28 days, and the chart and the table are drawn.
  const expected = (await (
    await request.get(apiUrlOf(api.url, endpoints.trends.streamTotal), { headers: auth })
  ).json()) as { value: number };
  expect(expected.value).toBeGreaterThan(0);
  await expect(area(page).getByTestId('streams-total')).toBeVisible();
  expect(digits(await area(page).getByTestId('streams-total').textContent())).toBe(expected.value);
  await expectChartDrawn(page);
  const trackRows = area(page).locator('tbody tr[data-bucket]');
  await expect(trackRows.first()).toBeVisible();
  await expect(area(page).getByRole('region', { name: /Streams by track, table/ })).toContainText(
    /Northern Static|Paper Boats|Glass Harbour/,
  );
  await check(page, 'trends');

  // Twelve months by platform; the under-30-second toggle switches the chart.
  await area(page).getByText('12 months', { exact: true }).click();
  await expect(page).toHaveURL(/range=12m/);
  await area(page).getByLabel('Show by').selectOption({ label: 'Platform' });
  await expect(page).toHaveURL(/by=platform/);
  await expect(area(page).getByRole('heading', { name: 'Streams by platform' })).toBeVisible();
  await expect(area(page).locator('tbody tr[data-bucket]').filter({ hasText: 'Spotify' })).toBeVisible();
  // The switch is the URL's sub30=1, which the router commits in a transition: on a loaded machine the box reads
  // checked only once that render lands, so the click is followed by waiting for it rather than check()'s
  // immediate look.
  const sub30 = area(page).getByLabel('Only plays under 30 seconds');
  await sub30.click();
  await expect(page).toHaveURL(/sub30=1/);
  await expect(sub30).toBeChecked();
  await expect(
    area(page).getByRole('heading', { name: 'Plays under 30 seconds over time by platform' }),
  ).toBeVisible();
  await expectChartDrawn(page);

  // The table as CSV: a header and one line per row.
  const rows = await area(page).locator('tbody tr[data-bucket]').count();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    area(page).getByRole('button', { name: 'Export CSV' }).first().click(),
  ]);
  const csv = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r\n/);
  expect(lines).toHaveLength(rows + 1);
  expect(lines.some((line) => line.startsWith('Spotify,') || line.startsWith('"Spotify"'))).toBe(true);
  expect(path.extname(download.suggestedFilename())).toBe('.csv');
  await check(page, 'trends-platform');

  // Linked from a release: /trends/?albumId= opens filtered to that release's tracks.
  const albums = (await (
    await request.get(apiUrlOf(api.url, endpoints.releases.albums.list, { query: { q: 'Northern' } }), {
      headers: auth,
    })
  ).json()) as {
    items: { id: string; title: string }[];
  };
  const album = albums.items.find((item) => item.title === 'Northern Static');
  expect(album).toBeTruthy();
  await page.goto(`${app.shellUrl}/trends/?albumId=${album!.id}`);
  await expect(area(page).getByRole('heading', { level: 1, name: 'Stream trends' })).toBeVisible();
  await expect(area(page).getByLabel('Release')).toHaveValue(album!.id);
  await expect(area(page).locator('tbody tr[data-bucket]').first()).toBeVisible();
  const filtered = await area(page).locator('tbody tr[data-bucket]').allTextContents();
  expect(filtered.length).toBeGreaterThan(0);
  expect(filtered.length).toBeLessThanOrEqual(6);
  expect(filtered.join(' ')).not.toContain('Paper Boats');
});

test('playlist trends of the demo catalogue, and an account without streams sees the empty state', async ({
  page,
  app,
  api,
}) => {
  // The new account signs up through its activation mail: two bot checks solved in the page.
  test.setTimeout(90_000);
  await logIn(page, app.shellUrl, DEMO.artist, { from: '/trends/playlists' });
  await expect(area(page).getByRole('heading', { level: 1, name: 'Playlist trends' })).toBeVisible();
  await area(page).getByText('12 months', { exact: true }).click();
  const playlists = area(page).locator('tbody tr');
  await expect(playlists.first()).toBeVisible();
  await expect(area(page).getByRole('link', { name: /Open/ }).first()).toHaveAttribute('href', /^https:\/\//);
  await expectChartDrawn(page);
  await check(page, 'trends-playlists');

  // A new account has no catalogue: nothing of Mara's shows, the page says when numbers arrive.
  await page.goto(`${app.shellUrl}/auth/logout`);
  // Mara's session must be over before the new account's link signs in.
  await expect(page).toHaveURL(/\/auth\/login/);
  await signUpThroughMail(
    page,
    { shellUrl: app.shellUrl, api },
    {
      firstName: 'Noa',
      lastName: 'New',
      email: `noa.${Date.now()}@example.com`,
      password: 'a long enough password',
    },
  );
  await page.goto(`${app.shellUrl}/trends`);
  await expect(area(page).getByRole('heading', { name: 'No streams in this period yet' })).toBeVisible();
  await check(page, 'trends-empty');
});
