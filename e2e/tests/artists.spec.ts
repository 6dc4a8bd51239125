import { areaHeading } from '../fixtures/area-heading.js';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { type ApiServer, expect, test } from '../fixtures/app.js';
import { signUpThroughMail } from '../fixtures/sign-up.js';

const SPOTIFY_ID = '1a2B3c4D5e6F7g8H9i0JkL';

/** A real 600×600 PNG (a gradient with a disc), written to a temporary file for the file chooser. */
async function pngFile(): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#5533e6"/><stop offset="1" stop-color="#ff7a45"/></linearGradient></defs>
    <rect width="600" height="600" fill="url(#g)"/><circle cx="300" cy="300" r="170" fill="#ffffff" opacity="0.85"/>
  </svg>`;
  const file = test.info().outputPath('portrait.png');
  await sharp(Buffer.from(svg)).png().toFile(file);
  return file;
}

/** A new account of its own, so the lists start empty whatever other tests do. */
async function signUp(page: Page, stack: { shellUrl: string; api: ApiServer }): Promise<void> {
  await signUpThroughMail(page, stack, {
    firstName: 'Ivy',
    lastName: 'Artist',
    email: `ivy.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`,
    password: 'a long enough password',
  });
}

/** With SHOTS_DIR set, a full-page screenshot at phone (375 px) and desktop (1280 px) width. */
async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
}

test.use({ viewport: { width: 1280, height: 900 } });

test('artists: create one with an image and a Spotify link, find it, edit it, delete it', async ({
  page,
  app,
  api,
}) => {
  test.setTimeout(60_000);
  const image = await pngFile();
  await signUp(page, { shellUrl: app.shellUrl, api });
  await page.goto(`${app.shellUrl}/artists`);
  await expect(areaHeading(page, 'Artists')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No artists yet' })).toBeVisible();
  await shoot(page, 'artists-empty');

  // Create, with an image and a Spotify profile link typed by hand.
  await page.getByRole('button', { name: 'New artist' }).click();
  const dialog = page.getByRole('dialog', { name: 'New artist' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Artist name').fill('Juniper Vale');
  await dialog.locator('input[type="file"]').setInputFiles(image);
  await expect(dialog.getByText('portrait.png will be uploaded when you save.')).toBeVisible();
  await dialog.getByLabel('Add a profile on').selectOption('SPOTIFY');
  await dialog.getByRole('button', { name: 'Add profile' }).click();
  const link = dialog.getByLabel('Spotify link');
  await expect(link).toBeFocused();
  // The built-in search finds the Spotify profiles already linked on this installation (the demo seed's).
  await link.fill('nova');
  await expect(
    dialog.getByRole('button', { name: /^Use Nova Lane, open\.spotify\.com\/artist\// }),
  ).toBeVisible();
  await expect(dialog.getByText(/Spotify itself is not searched on this installation/)).toBeVisible();
  await shoot(page, 'artists-suggestions');
  await link.fill(`https://open.spotify.com/album/${SPOTIFY_ID}`);
  await dialog.getByRole('button', { name: 'Create artist' }).click();
  await expect(dialog.getByText(/^Not a Spotify artist link/)).toBeVisible();
  await link.fill(`https://open.spotify.com/artist/${SPOTIFY_ID}?si=tracking`);
  await shoot(page, 'artists-dialog');
  await dialog.getByRole('button', { name: 'Create artist' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row', { name: /Juniper Vale/ });
  await expect(row.getByRole('link', { name: 'Spotify' })).toHaveAttribute(
    'href',
    `https://open.spotify.com/artist/${SPOTIFY_ID}`,
  );
  const picture = row.locator('img');
  await expect(picture).toHaveAttribute('src', /\/v1\/media\/images\/[^/]+\/thumbnail\.png$/);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(150);

  // A second artist, so that the search has something to leave out.
  await page.getByRole('button', { name: 'New artist' }).click();
  await page.getByRole('dialog').getByLabel('Artist name').fill('Another Name');
  await page.getByRole('dialog').getByRole('button', { name: 'Create artist' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('table', { name: 'Artists' }).getByRole('row')).toHaveCount(3);
  await expect(page.getByText('2 artists', { exact: true })).toBeVisible();
  await shoot(page, 'artists-list');

  await page.getByLabel('Search artists').fill('junip');
  await expect(page.getByText('1 artist matching “junip”')).toBeVisible();
  await expect(page.getByRole('row', { name: /Another Name/ })).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]q=junip/);
  await page.getByLabel('Search artists').fill('nobody like this');
  await expect(page.getByRole('heading', { name: 'No artist matches “nobody like this”' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(page.getByText('2 artists', { exact: true })).toBeVisible();

  await page.getByLabel('Sort by').selectOption('name-desc');
  await expect(page.getByRole('table', { name: 'Artists' }).getByRole('row').nth(1)).toContainText(
    'Juniper Vale',
  );

  // Edit the name; the profile and the image stay.
  await page.getByRole('button', { name: 'Edit Juniper Vale' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Juniper Vale' });
  await expect(edit.getByLabel('Spotify link')).toHaveValue(`https://open.spotify.com/artist/${SPOTIFY_ID}`);
  await edit.getByLabel('Artist name').fill('Juniper Vale & The Pines');
  await edit.getByRole('button', { name: 'Save artist' }).click();
  await expect(edit).toBeHidden();
  const renamed = page.getByRole('row', { name: /Juniper Vale & The Pines/ });
  await expect(renamed.getByRole('link', { name: 'Spotify' })).toBeVisible();
  await expect(renamed.locator('img')).toHaveAttribute('src', /thumbnail\.png$/);

  // Delete, after confirming; cancelling first keeps it.
  await page.getByRole('button', { name: 'Delete Juniper Vale & The Pines' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Juniper Vale & The Pines?' });
  await expect(confirm).toContainText('with its platform profile and its image');
  await shoot(page, 'artists-delete');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(renamed).toBeVisible();
  await page.getByRole('button', { name: 'Delete Juniper Vale & The Pines' }).click();
  await confirm.getByRole('button', { name: 'Delete artist' }).click();
  await expect(confirm).toBeHidden();
  await expect(renamed).toHaveCount(0);
  await expect(page.getByText('1 artist', { exact: true })).toBeVisible();
});

test('contributors: create, edit and delete one', async ({ page, app, api }) => {
  test.setTimeout(60_000);
  await signUp(page, { shellUrl: app.shellUrl, api });
  await page.goto(`${app.shellUrl}/artists`);
  await page
    .getByRole('navigation', { name: 'Artists and contributors' })
    .getByRole('link', { name: 'Contributors' })
    .click();
  await expect(page).toHaveURL(`${app.shellUrl}/artists/contributors`);
  await expect(page.getByRole('heading', { level: 1, name: 'Contributors' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No contributors yet' })).toBeVisible();
  await shoot(page, 'contributors-empty');

  await page.getByRole('button', { name: 'New contributor' }).click();
  const dialog = page.getByRole('dialog', { name: 'New contributor' });
  await dialog.getByLabel('Name').fill('Rosa Quill');
  await dialog.getByLabel('Role').selectOption({ label: 'Music & lyrics' });
  await dialog.getByLabel('Publisher (optional)').fill('Quill Songs Ltd');
  await shoot(page, 'contributors-dialog');
  await dialog.getByRole('button', { name: 'Create contributor' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /Rosa Quill/ });
  await expect(row).toContainText('Music & lyrics');
  await expect(row).toContainText('Quill Songs Ltd');

  await page.getByRole('button', { name: 'New contributor' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Theo Faders');
  await page.getByRole('dialog').getByLabel('Role').selectOption('MIXING');
  await page.getByRole('dialog').getByRole('button', { name: 'Create contributor' }).click();
  await expect(page.getByRole('row', { name: /Theo Faders/ })).toContainText('Mixing engineer');
  await shoot(page, 'contributors-list');

  await page.getByLabel('Role', { exact: true }).selectOption('MIXING');
  await expect(page.getByRole('row', { name: /Rosa Quill/ })).toHaveCount(0);
  await page.getByLabel('Role', { exact: true }).selectOption('');

  await page.getByRole('button', { name: 'Edit Rosa Quill' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Rosa Quill' });
  await expect(edit.getByLabel('Role')).toHaveValue('MUSIC_LYRICS');
  await edit.getByLabel('Role').selectOption('LYRICS');
  await edit.getByLabel('Publisher (optional)').fill('');
  await edit.getByRole('button', { name: 'Save contributor' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Lyrics');
  await expect(row).toContainText('None');

  await page.getByRole('button', { name: 'Delete Rosa Quill' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Rosa Quill?' })
    .getByRole('button', { name: 'Delete contributor' })
    .click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('1 contributor', { exact: true })).toBeVisible();
});
