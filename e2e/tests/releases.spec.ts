import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { type ApiServer, DEMO, expect, test } from '../fixtures/app.js';
import { signUpThroughMail } from '../fixtures/sign-up.js';
import { logIn } from '../fixtures/session.js';

/** A real WAV file: 16-bit stereo PCM at 44.1 kHz, a sine of the given length and pitch. */
function sineWav(seconds: number, hz = 440): Buffer {
  const rate = 44_100;
  const frames = rate * seconds;
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i += 1) {
    const sample = Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 0.3 * 32767);
    data.writeInt16LE(sample, i * 4);
    data.writeInt16LE(sample, i * 4 + 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A real square PNG cover of the given edge, made with sharp. */
async function coverPng(dir: string, edge: number): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${edge}" height="${edge}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1b1446"/><stop offset="1" stop-color="#ff7a45"/></linearGradient></defs>
    <rect width="${edge}" height="${edge}" fill="url(#g)"/>
    <circle cx="${edge / 2}" cy="${edge * 0.42}" r="${edge * 0.22}" fill="#ffd9a8" opacity="0.9"/>
  </svg>`;
  const file = path.join(dir, `cover-${edge}.png`);
  await sharp(Buffer.from(svg)).png().toFile(file);
  return file;
}

/** A random EAN-13 with a valid GS1 check digit (barcodes are unique in the catalogue). */
function randomBarcode(): string {
  const body = Array.from({ length: 12 }, (_, i) =>
    i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10),
  );
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) sum += body[body.length - 1 - i]! * (i % 2 === 0 ? 3 : 1);
  return `${body.join('')}${(10 - (sum % 10)) % 10}`;
}

/** A random ISRC (unique in the catalogue). */
const randomIsrc = () => `QZTH126${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;

/** YYYY-MM-DD, `days` from today. */
function inDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date.toISOString().slice(0, 10);
}

async function signUp(page: Page, stack: { shellUrl: string; api: ApiServer }): Promise<void> {
  await signUpThroughMail(page, stack, {
    firstName: 'Rae',
    lastName: 'Lease',
    email: `rae.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`,
    password: 'a long enough password',
  });
}

/**
 * At phone (375 px) and desktop (1280 px) width: no serious or critical axe violation, no sideways scrolling of the
 * page, and with SHOTS_DIR set a full-page screenshot to look at.
 */
async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (dir) fs.mkdirSync(dir, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top, so the sticky header is not painted halfway down the full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(200);
    // Nothing makes the page itself scroll sideways (tables and the step list scroll on their own).
    const [pageWidth, ...culprits] = await page.evaluate(() => {
      const clipped = (element: Element): boolean => {
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          if (style.overflowX !== 'visible' || style.position === 'fixed') return true;
        }
        return false;
      };
      const wide = [...document.querySelectorAll('body *')].filter(
        (element) => element.getBoundingClientRect().right > window.innerWidth + 0.5 && !clipped(element),
      );
      return [
        document.documentElement.scrollWidth,
        ...wide.slice(0, 5).map((element) => `${element.tagName}.${element.className}`),
      ];
    });
    expect(pageWidth, `${name} at ${width} px is wider than the screen: ${culprits.join(', ')}`).toBe(width);
    const results = await new AxeBuilder({ page }).include('[data-area="releases"]').analyze();
    const severe = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    expect(severe, `${name} at ${width} px`).toEqual([]);
    if (dir) await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const area = (page: Page) => page.locator('[data-area="releases"]');
const heading = (page: Page, name: string) =>
  area(page).getByRole('heading', { level: 1, name, exact: true });

/** An admin, in a browser of their own, accepts the release waiting for content review under this title. */
async function acceptAsAdmin(browser: Browser, shellUrl: string, title: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await context.newPage();
  await logIn(admin, shellUrl, DEMO.admin, { from: '/admin/reviews' });
  const queue = admin.getByRole('table', { name: 'Releases waiting for review' });
  await expect(queue).toContainText(title);
  await admin.getByRole('button', { name: `Review ${title}` }).click();
  // The reviewer sees what they accept: the tracks, each with its preview.
  const review = admin.getByRole('dialog', { name: `Review “${title}”` });
  await expect(review.getByRole('button', { name: /Play preview of/ }).first()).toBeVisible();
  if (process.env.SHOTS_DIR)
    await admin.screenshot({
      path: path.join(process.env.SHOTS_DIR, 'admin-review-dialog.png'),
      fullPage: true,
    });
  await admin.getByRole('button', { name: 'Accept…' }).click();
  await admin.getByRole('button', { name: 'Accept release' }).click();
  await expect(admin.getByRole('button', { name: `Review ${title}` })).toHaveCount(0);
  await context.close();
}

/** A platform's badge before the release date: taken in, out on that date (decision 0066). */
const PRE_RELEASE = /^PRE-RELEASE\s+out on \d{2}-\d{2}-\d{4}$/;

/**
 * The distribution page, reloaded until every platform's badge reads `status` (deliveries are background jobs
 * and the platforms answer a moment later), and, when given, every platform's last delivery reads `last`.
 */
async function expectOnEveryPlatform(page: Page, status: RegExp, last?: string): Promise<void> {
  const albumPath = new URL(page.url()).pathname.match(/^\/albums\/[^/]+/)?.[0];
  await page.goto(new URL(`${albumPath}/distribution`, page.url()).toString());
  await expect(async () => {
    await page.reload();
    const rows = area(page).locator('tr[data-platform]');
    await expect(rows).toHaveCount(23, { timeout: 5_000 });
    const badges = await rows.locator('td:nth-of-type(1)').allInnerTexts();
    expect(badges.filter((badge) => !status.test(badge.trim()))).toEqual([]);
    if (last) {
      const lasts = await rows.locator('td:nth-of-type(2)').allInnerTexts();
      expect(lasts.filter((text) => text.trim() !== last)).toEqual([]);
    }
  }).toPass({ timeout: 120_000, intervals: [1_000, 2_000, 3_000] });
}

test.use({ viewport: { width: 1280, height: 900 } });

test('a release from the first draft to live on every platform, updated and taken down', async ({
  page,
  app,
  api,
  browser,
}) => {
  // The whole life of a release: sign-up through the activation mail (two bot checks solved in the page), uploads,
  // delivery to 23 platforms, an update and the takedown, each platform's answer a background job. It took 5.7–7 min
  // on a 2-core machine shared with other work in November 2026, so 7 min was too tight a ceiling.
  test.setTimeout(600_000);
  const files = test.info().outputPath('files');
  fs.mkdirSync(files, { recursive: true });
  fs.writeFileSync(path.join(files, 'night-swimming.wav'), sineWav(4, 440));
  fs.writeFileSync(path.join(files, 'undertow.wav'), sineWav(3, 330));
  const smallCover = await coverPng(files, 1000);
  const cover = await coverPng(files, 3000);

  await signUp(page, { shellUrl: app.shellUrl, api });
  await page.goto(`${app.shellUrl}/albums`);
  await expect(heading(page, 'Releases')).toBeVisible();
  await expect(area(page).getByText('You have no releases yet.')).toBeVisible();
  await shoot(page, 'albums-empty');

  // Details: checked in the browser first, then created.
  await area(page).getByRole('link', { name: 'New release' }).click();
  await expect(heading(page, 'New release')).toBeVisible();
  await area(page).getByRole('button', { name: 'Create and continue' }).click();
  await expect(area(page).getByText('Give the release a title')).toBeVisible();
  await area(page).getByLabel('Title', { exact: true }).fill('Night Swimming');
  await area(page).getByLabel('Release type', { exact: true }).selectOption('SINGLE');
  await area(page).getByLabel('Language', { exact: true }).selectOption('EN');
  await area(page).getByLabel('Primary genre', { exact: true }).selectOption('ELECTRONIC');
  await area(page).getByLabel('Record label', { exact: true }).fill('Lumen Records');
  await area(page).getByLabel('UPC/EAN barcode (optional)', { exact: true }).fill('1234567890123');
  await area(page).getByLabel('℗ line (master owner)', { exact: true }).fill('2026 Lumen Records');
  await area(page).getByLabel('© line (copyright owner)', { exact: true }).fill('2026 Lumen Records');
  await area(page).getByLabel('Was AI used to make this music?', { exact: true }).selectOption('no');
  await expect(area(page).locator('a[data-help="albumTitle"]')).toHaveAttribute(
    'href',
    /articles\/album-title/,
  );
  await area(page).getByRole('button', { name: 'Create and continue' }).click();
  await expect(area(page).getByText('The barcode check digit does not match')).toBeVisible();
  await shoot(page, 'new-release-errors');
  await area(page).getByLabel('UPC/EAN barcode (optional)', { exact: true }).fill(randomBarcode());
  await area(page).getByRole('button', { name: 'Create and continue' }).click();
  await expect(page).toHaveURL(/\/albums\/[^/]+\/edit\/artists$/);
  const albumId = new URL(page.url()).pathname.split('/')[2]!;
  await expect(heading(page, 'Edit release')).toBeVisible();

  // The review lists what is missing, each problem linked to its step.
  const steps = area(page).getByRole('navigation', { name: 'Release steps' });
  await steps.getByRole('link', { name: /Review/ }).click();
  await expect(heading(page, 'Review release')).toBeVisible();
  const problems = area(page).locator('[data-problems]');
  await expect(problems.locator('[data-code="PRIMARY_ARTIST_MISSING"]')).toBeVisible();
  await expect(problems.locator('[data-code="TRACKS_MISSING"]')).toBeVisible();
  await expect(problems.locator('[data-code="ARTWORK_MISSING"]')).toBeVisible();
  await expect(problems.locator('[data-code="RELEASE_DATE_MISSING"]')).toBeVisible();
  await expect(area(page).getByRole('button', { name: 'Continue to delivery' })).toBeDisabled();
  await shoot(page, 'review-problems');

  // Artists: a new artist, created from the picker.
  await problems.getByRole('link', { name: 'Add at least one primary artist' }).click();
  await expect(page).toHaveURL(new RegExp(`/albums/${albumId}/edit/artists$`));
  await area(page).getByLabel('Add an artist', { exact: true }).fill('Nova Ray');
  await area(page).getByRole('button', { name: 'Create “Nova Ray” as a new artist' }).click();
  await expect(area(page).locator('[data-artist]')).toHaveText(/Nova Ray/);
  await shoot(page, 'step-artists');
  await area(page).getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/albums/${albumId}/edit/tracks$`));

  // Tracks: two real WAV files, in order, each with an ISRC and a credit.
  await area(page)
    .getByLabel('Add tracks from audio files', { exact: true })
    .setInputFiles([path.join(files, 'undertow.wav'), path.join(files, 'night-swimming.wav')]);
  const tracks = area(page).locator('[data-track]');
  await expect(tracks).toHaveCount(2);
  await area(page).getByRole('button', { name: 'Move night-swimming up' }).click();
  await expect(tracks.nth(0)).toContainText('night-swimming');
  for (const [index, name, title] of [
    [0, 'night-swimming', 'Night Swimming'],
    [1, 'undertow', 'Undertow'],
  ] as const) {
    await area(page)
      .getByRole('button', { name: `Edit the details of ${name}` })
      .click();
    const panel = area(page).locator(`[data-track-panel="${index + 1}"]`);
    await panel.getByLabel('Title', { exact: true }).fill(title);
    await panel.getByLabel('ISRC (optional)', { exact: true }).fill(randomIsrc());
    await panel.getByRole('button', { name: 'Add a credit' }).click();
    await panel.getByLabel('Name', { exact: true }).fill('Ada Writes');
    await panel.getByLabel('Role', { exact: true }).selectOption('MUSIC_LYRICS');
    if (index === 0) await shoot(page, 'step-tracks');
    await area(page)
      .getByRole('button', { name: `Close the details of ${title}` })
      .click();
  }
  await area(page).getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/albums/${albumId}/edit/artwork$`), { timeout: 30_000 });
  await steps.getByRole('link', { name: /Tracks/ }).click();
  await expect(tracks.nth(0)).toContainText('Night Swimming');
  await expect(tracks.nth(0)).toContainText('00:04 · WAV 44.1 kHz, 16-bit');
  await expect(tracks.nth(1)).toContainText('00:03 · WAV');
  await shoot(page, 'step-tracks-saved');
  await steps.getByRole('link', { name: /Artwork/ }).click();

  // Artwork: a small image is refused in the browser with the reason; 3000×3000 is uploaded.
  await area(page).getByLabel('Choose an image', { exact: true }).setInputFiles(smallCover);
  await expect(area(page).getByText(/The image is too small \(1000 × 1000\)/)).toBeVisible();
  await shoot(page, 'step-artwork-invalid');
  await area(page).getByLabel('Choose an image', { exact: true }).setInputFiles(cover);
  await expect(area(page).getByText(/cover-3000\.png .* is ready/)).toBeVisible();
  await area(page).getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/albums/${albumId}/edit/platforms$`), { timeout: 30_000 });

  // Platforms and territories: every platform, worldwide (suggested, saved on continue).
  await expect(area(page).getByText('Platforms (23 of 23)')).toBeVisible();
  await shoot(page, 'step-platforms');
  await area(page).getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/albums/${albumId}/edit/release-date$`));

  // Release date; leaving with the change unsaved asks first.
  await area(page).getByRole('textbox', { name: 'Release date' }).fill(inDays(30));
  await steps.getByRole('link', { name: /Review/ }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await shoot(page, 'unsaved-changes');
  await leave.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(leave).toBeHidden();
  await expect(area(page).getByRole('textbox', { name: 'Release date' })).toHaveValue(inDays(30));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Artists' }).click();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(new RegExp(`/albums/${albumId}/edit/release-date$`));
  await shoot(page, 'step-release-date');
  await area(page).getByRole('button', { name: 'Save and review' }).click();

  // Nothing left to do: deliver.
  await expect(page).toHaveURL(new RegExp(`/albums/${albumId}/edit/review$`));
  await expect(area(page).locator('[data-ready]')).toHaveText(/Everything needed for delivery is there/);
  await area(page).getByRole('link', { name: 'Continue to delivery' }).click();
  await expect(page).toHaveURL(new RegExp(`/albums/${albumId}/edit/review\\?deliver=1$`));
  const deliver = area(page).getByRole('button', { name: 'Deliver to 23 platforms' });
  await expect(deliver).toBeDisabled();
  await area(page)
    .getByLabel(/I accept the terms and conditions/)
    .check();
  await shoot(page, 'review-deliver');
  await deliver.click();
  await expect(page).toHaveURL(new RegExp(`/albums/${albumId}/delivered$`));
  await expect(heading(page, 'Delivered')).toBeVisible();
  await expect(area(page).locator('[data-state="IN_REVIEW"]')).toBeVisible();

  // The content review: an admin accepts it in /admin, which hands it to delivery on every platform. The platform
  // simulators acknowledge each batch (1 s here), so every platform takes it in and gives its store link. Its
  // release date is weeks ahead: pre-release until then, on the statuses, the release and the store page alike.
  await acceptAsAdmin(browser, app.shellUrl, 'Night Swimming');
  await expectOnEveryPlatform(page, PRE_RELEASE);
  await page.goto(`${app.shellUrl}/albums/${albumId}/delivered`);
  await expect(heading(page, 'Delivered')).toBeVisible();
  await expect(area(page).locator('[data-state="PRE_RELEASE"]')).toBeVisible();
  const goesLive = (
    await area(page)
      .getByText(/to go live on \d{2}-\d{2}-\d{4}/)
      .innerText()
  ).match(/\d{2}-\d{2}-\d{4}/)![0];
  await expect(area(page).locator('tr[data-platform]')).toHaveCount(23);
  // Each platform links to where it shows the release: here the simulated store's own page.
  const storeLink = area(page)
    .locator('tr[data-platform="SPOTIFY"]')
    .getByRole('link', { name: 'Open in Spotify' });
  const [store] = await Promise.all([page.context().waitForEvent('page'), storeLink.click()]);
  await expect(store.getByRole('heading', { level: 1, name: 'Night Swimming' })).toBeVisible();
  await expect(store.getByText(/simulated Spotify/)).toBeVisible();
  await expect(store.getByText(`Pre-release — out on ${goesLive}`)).toBeVisible();
  await store.close();
  await expect(area(page).locator('tr[data-platform="SPOTIFY"]')).toContainText(`out on ${goesLive}`);
  await shoot(page, 'delivered');

  // The overview: per-platform status, the tracks with their preview through the shell's player.
  await area(page).getByRole('link', { name: 'See the release' }).click();
  await expect(heading(page, 'Release')).toBeVisible();
  await expect(area(page).locator('tr[data-platform="APPLE_MUSIC"]')).toContainText(
    /PENDING|SUBMITTED|ACCEPTED|PRE-RELEASE|LIVE/,
  );
  await area(page).getByRole('button', { name: 'Play preview of Night Swimming' }).click();
  const player = page.getByRole('region', { name: 'Audio player' });
  await expect(player).toBeVisible();
  await expect(player.getByText('Night Swimming')).toBeVisible();
  await shoot(page, 'overview');

  const tabs = area(page).getByRole('navigation', { name: 'Release pages' });
  await tabs.getByRole('link', { name: 'Distribution' }).click();
  await expect(heading(page, 'Distribution')).toBeVisible();
  await expect(area(page).locator('tr[data-platform="TIDAL"]')).toContainText('Delivery:');
  await area(page).getByRole('button', { name: 'Take down' }).click();
  const takedown = page.getByRole('dialog', { name: 'Take the release down?' });
  await expect(takedown).toBeVisible();
  await shoot(page, 'distribution-takedown');
  await takedown.getByRole('button', { name: 'Cancel' }).click();
  await expect(takedown).toBeHidden();
  await shoot(page, 'distribution');

  await tabs.getByRole('link', { name: 'Promotion' }).click();
  await expect(heading(page, 'Promotion')).toBeVisible();
  await shoot(page, 'promotion');

  await tabs.getByRole('link', { name: 'Label copy' }).click();
  await expect(heading(page, 'Label copy')).toBeVisible();
  await expect(area(page).locator('[data-labelcopy]')).toContainText('Night Swimming');
  await expect(area(page).locator('[data-labelcopy]')).toContainText('Music & lyrics: Ada Writes');
  await shoot(page, 'labelcopy');

  // The catalogue lists it, found by its title.
  await page.goto(`${app.shellUrl}/albums`);
  await area(page).getByLabel('Search by title', { exact: true }).fill('night');
  await area(page).getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=night/);
  await expect(area(page).locator(`tr[data-album="${albumId}"]`)).toContainText('Nova Ray');
  await shoot(page, 'albums');

  // An edit after delivery: the release shows its changes as not sent; sending them goes through the content
  // review again and then to every platform as an update.
  await page.goto(`${app.shellUrl}/albums/${albumId}/edit/details`);
  await area(page).getByRole('textbox', { name: 'Record label' }).fill('Lumen Records International');
  await area(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(area(page).locator('[data-state="CHANGED"]')).toBeVisible();
  await page.goto(`${app.shellUrl}/albums/${albumId}/distribution`);
  await area(page).getByRole('button', { name: 'Send the changes' }).click();
  const send = page.getByRole('dialog', { name: 'Send the changes?' });
  await send.getByRole('button', { name: 'Send to 23 platforms' }).click();
  await expect(area(page).locator('[data-state="IN_REVIEW"]')).toBeVisible();
  await acceptAsAdmin(browser, app.shellUrl, 'Night Swimming');
  await expectOnEveryPlatform(page, PRE_RELEASE, 'Update: Pre-release');
  await shoot(page, 'distribution-updated');

  // A takedown ends the deals on every platform; the release stays readable, marked as taken down.
  await area(page).getByRole('button', { name: 'Take down' }).click();
  const takeDown = page.getByRole('dialog', { name: 'Take the release down?' });
  await takeDown.getByRole('button', { name: 'Take down' }).click();
  await expect(area(page).locator('[data-state="TAKEN_DOWN"]')).toBeVisible();
  await expectOnEveryPlatform(page, /^TAKEN DOWN$/);
  await shoot(page, 'distribution-taken-down');
});
