import type { Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, test } from '../fixtures/app.js';
import { endpoints } from '@tunehouse/contracts';
import { accessToken, apiUrlOf } from '../fixtures/api-calls.js';
import { logIn } from '../fixtures/session.js';

// Mara's demo licences and fees (docs/decisions/0043-plans-and-fees.md): "Lanterns" was released a few days before
// this month, so last month's close collected part of its first distribution fee; "Northern Static" has settled.

const area = (page: Page) => page.locator('[data-area="releases"]');

type Fee = {
  numberOfStreams: number;
  numberOfStreamsCollected: number;
  isSettled: boolean;
  settlementRequiredForTakedown: boolean;
  settlementOffer?: { amountDue: number } | null;
};

const euros = (cents: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100);

test.use({ viewport: { width: 1280, height: 900 } });

test('Mara’s distribution pages show her fees’ progress and what a takedown would cost', async ({
  page,
  app,
  api,
  request,
}) => {
  test.setTimeout(90_000);
  const auth = { Authorization: `Bearer ${await accessToken(request, api.url, DEMO.artist, DEMO_PASSWORD)}` };
  const albums = (await (
    await request.get(apiUrlOf(api.url, endpoints.releases.albums.list, { query: { size: 50 } }), {
      headers: auth,
    })
  ).json()) as {
    items: { id: string; title: string }[];
  };
  const idOf = (title: string) => albums.items.find((album) => album.title === title)!.id;
  const feeOf = async (id: string) =>
    (await (
      await request.get(apiUrlOf(api.url, endpoints.licensing.albumFee, { params: { id } }), {
        headers: auth,
      })
    ).json()) as Fee;

  await logIn(page, app.shellUrl, DEMO.artist, { from: `/albums/${idOf('Lanterns')}/distribution` });

  const lanterns = await feeOf(idOf('Lanterns'));
  expect(lanterns.settlementRequiredForTakedown).toBe(true);
  const card = area(page).getByRole('region', { name: 'Licence and distribution fee' });
  await expect(card).toContainText(
    `${lanterns.numberOfStreamsCollected.toLocaleString('en')} of ${lanterns.numberOfStreams.toLocaleString('en')} streams`,
  );
  await expect(card).toContainText(`costs ${euros(lanterns.settlementOffer!.amountDue)}`);
  await expect(card.getByRole('progressbar')).toBeVisible();
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/distribution-fee.png`, fullPage: true });

  // The takedown asks for the settlement first; cancelling changes nothing.
  await area(page).getByRole('button', { name: 'Take down' }).click();
  const dialog = page.getByRole('dialog', { name: 'Take the release down?' });
  await expect(dialog).toContainText(euros(lanterns.settlementOffer!.amountDue));
  await expect(dialog.getByRole('button', { name: 'Pay and take down' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // A settled fee: all streams collected, nothing to pay.
  const northern = await feeOf(idOf('Northern Static'));
  expect(northern.isSettled).toBe(true);
  await page.goto(`${app.shellUrl}/albums/${idOf('Northern Static')}/distribution`);
  await expect(area(page).getByRole('region', { name: 'Licence and distribution fee' })).toContainText(
    'Settled',
  );
});
