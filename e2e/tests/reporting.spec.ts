import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { endpoints, pathOf } from '@tunehouse/contracts';
import { DEMO, DEMO_PASSWORD, expect, test } from '../fixtures/app.js';
import { accessToken, apiUrlOf } from '../fixtures/api-calls.js';
import { checkPage } from '../fixtures/page-checks.js';
import { logIn } from '../fixtures/session.js';

// Mara reads her licences and distribution fees on the reporting screen, opens the stream-collection entries of
// Lanterns' fee (last month's close collected part of it), and publishes a release on FREE_DISTRIBUTION
// (docs/decisions/0068-reporting-screen-and-plan-choice.md).

test.use({ viewport: { width: 1280, height: 900 } });

const wallet = (page: Page) => page.locator('[data-area="wallet"]');
const releases = (page: Page) => page.locator('[data-area="releases"]');

/** One second of 16-bit stereo PCM silence-free tone at 44.1 kHz: a real WAV the API accepts. */
function toneWav(): Buffer {
  const rate = 44_100;
  const data = Buffer.alloc(rate * 4);
  for (let i = 0; i < rate; i += 1) {
    const sample = Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 0.3 * 32767);
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

/** A random EAN-13 with a valid GS1 check digit (barcodes are unique in the catalogue). */
function randomBarcode(): string {
  const body = Array.from({ length: 12 }, (_, i) =>
    i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10),
  );
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) sum += body[body.length - 1 - i]! * (i % 2 === 0 ? 3 : 1);
  return `${body.join('')}${(10 - (sum % 10)) % 10}`;
}

/**
 * A single of Mara's with everything delivery needs, made through the API (the release editor has its own
 * journey): metadata, a 3000 px cover and audio. Answers its id once its review has nothing left to fix.
 */
async function readySingle(request: APIRequestContext, apiUrl: string, auth: Record<string, string>) {
  const artists = (await (
    await request.get(apiUrlOf(apiUrl, endpoints.artists.list, { query: { size: 50 } }), { headers: auth })
  ).json()) as { items: { id: string; name: string }[] };
  const mara = artists.items.find((artist) => artist.name === 'Mara Lindqvist')!;
  const releaseDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const created = await request.post(apiUrlOf(apiUrl, endpoints.releases.albums.create), {
    headers: auth,
    data: {
      title: 'Low Tide',
      primaryGenre: 'ALTERNATIVE',
      language: 'EN',
      format: 'SINGLE',
      pLine: '2026 Harbour Lane Records',
      cLine: '2026 Harbour Lane Records',
      recordLabel: 'Harbour Lane Records',
      barcode: randomBarcode(),
      ai: false,
      releaseDate,
      platforms: ['SPOTIFY', 'APPLE_MUSIC'],
      territories: 'WORLDWIDE',
      artists: [{ id: mara.id, role: 'PRIMARY' }],
      tracks: [
        { index: 1, title: 'Low Tide', isrc: `QZTH126${String(Date.now() % 100_000).padStart(5, '0')}` },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const album = (await created.json()) as { id: string; tracks: { id: string }[] };
  const cover = await sharp({
    create: { width: 3000, height: 3000, channels: 3, background: { r: 27, g: 20, b: 70 } },
  })
    .png()
    .toBuffer();
  const artwork = await request.post(
    `${apiUrl}${pathOf(endpoints.releases.albums.update.path, { id: album.id })}`,
    {
      headers: auth,
      multipart: {
        metadata: JSON.stringify({}),
        artwork: { name: 'cover.png', mimeType: 'image/png', buffer: cover },
      },
    },
  );
  expect(artwork.status(), await artwork.text()).toBe(200);
  const audio = await request.post(
    `${apiUrl}${pathOf(endpoints.releases.tracks.setAudio.path, { albumId: album.id, id: album.tracks[0]!.id })}`,
    {
      headers: auth,
      multipart: { audio: { name: 'low-tide.wav', mimeType: 'audio/wav', buffer: toneWav() } },
    },
  );
  expect(audio.status(), await audio.text()).toBe(200);
  await expect
    .poll(
      async () =>
        (
          (await (
            await request.get(
              apiUrlOf(apiUrl, endpoints.releases.albums.review, { params: { id: album.id } }),
              {
                headers: auth,
              },
            )
          ).json()) as { problems: unknown[] }
        ).problems,
      { timeout: 30_000 },
    )
    .toEqual([]);
  return album.id;
}

test('Mara reads her licences and fees, the streams that paid a fee, and publishes on free distribution', async ({
  page,
  app,
  api,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const auth = { Authorization: `Bearer ${await accessToken(request, api.url, DEMO.artist, DEMO_PASSWORD)}` };
  const albumId = await readySingle(request, api.url, auth);

  await logIn(page, app.shellUrl, DEMO.artist, { from: '/wallet' });
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();

  // From the wallet to the reporting screen.
  await wallet(page)
    .getByRole('link', { name: 'Licences and all fees, with the streams that paid them' })
    .click();
  await expect(page).toHaveURL(/\/wallet\/reporting$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reporting' })).toBeVisible();
  await expect(wallet(page).getByRole('region', { name: 'Your plan' })).toContainText('Standard plan');
  const licences = wallet(page).getByRole('table', { name: 'Licences' });
  await expect(licences.getByRole('row', { name: /Lanterns/ })).toContainText('Standard');
  await expect(licences.getByRole('row', { name: /Northern Static/ })).toBeVisible();

  // Sorting asks the API again; the table's order follows it.
  await licences.getByRole('button', { name: /^Plan/ }).click();
  await expect(licences.getByRole('columnheader', { name: /^Plan/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );

  // Every fee, the settled one too; Lanterns' fee opens onto the close that collected part of it.
  const fees = wallet(page).getByRole('list', { name: 'Distribution fees' });
  await expect(fees).toContainText('Settled on');
  const lanterns = fees.getByRole('listitem').filter({ hasText: 'Lanterns' }).first();
  await expect(lanterns).toContainText(/[\d,]+ of 7,000 streams collected, [\d,]+ remaining/);
  await lanterns.getByRole('button', { name: 'Show the streams that paid this fee' }).click();
  const entries = wallet(page).getByRole('table', { name: 'Stream collections of Lanterns' });
  await expect(entries.getByRole('row').nth(1)).toContainText(/Royalties, \w+ \d{4}/);
  await checkPage(page, testInfo, 'reporting');

  // The review step offers the plans; free distribution is chosen, FREE is shown with why it cannot be.
  await page.goto(`${app.shellUrl}/albums/${albumId}/edit/review?deliver=1`);
  const choice = releases(page).getByRole('group', { name: 'Choose a plan' });
  await expect(choice).toBeVisible();
  await expect(choice.getByRole('radio', { name: /^Standard \(suggested\)/ })).toBeChecked();
  await expect(choice.getByRole('radio', { name: /^Free\b(?! distribution)/ })).toBeDisabled();
  await expect(choice).toContainText('Not available: Given by the platform to partners and promotions');
  await choice.getByRole('radio', { name: /^Free distribution/ }).check();
  await expect(releases(page).locator('[data-plan="FREE_DISTRIBUTION"]')).toHaveText('Free distribution');
  await checkPage(page, testInfo, 'review-plan-choice');
  await releases(page)
    .getByRole('checkbox', { name: /I accept the terms and conditions/ })
    .check();
  await releases(page).getByRole('button', { name: 'Deliver to 2 platforms' }).click();
  await expect(page).toHaveURL(new RegExp(`/albums/${albumId}/delivered$`));

  // The licence records the choice, and the reporting screen lists it.
  const licence = (await (
    await request.get(apiUrlOf(api.url, endpoints.licensing.licenses, { query: { album_id: albumId } }), {
      headers: auth,
    })
  ).json()) as { items: { paymentPlan: { id: string; share: number } }[] };
  expect(licence.items.map((item) => item.paymentPlan)).toEqual([
    { id: 'FREE_DISTRIBUTION', share: 8_500, distributionFee: null },
  ]);
  await page.goto(`${app.shellUrl}/wallet/reporting`);
  await expect(
    wallet(page)
      .getByRole('table', { name: 'Licences' })
      .getByRole('row', { name: /Low Tide/ }),
  ).toContainText('Free distribution · keeps 85%');
});
