import { areaHeading } from '../fixtures/area-heading.js';
import fs from 'node:fs';
import { DEMO, expect, test } from '../fixtures/app.js';
import { checkPage } from '../fixtures/page-checks.js';
import { logIn } from '../fixtures/session.js';

// Mara opens her wallet, reads a closed month's statement by track and exports it as CSV: the file holds the
// page's rows and the same total.

test.use({ viewport: { width: 1280, height: 900 } });

/** RFC 4180 as the export writes it: quoted fields may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') endField();
    else if (char === '\n') {
      field = field.replace(/\r$/, '');
      endField();
      rows.push(row);
      row = [];
    } else field += char;
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

test('Mara reads a statement by track in her wallet and exports it as CSV with the same rows and total', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(120_000);
  await logIn(page, app.shellUrl, DEMO.artist, { from: '/wallet' });
  await expect(areaHeading(page, 'Wallet')).toBeVisible();
  const shots = await checkPage(page, testInfo, 'wallet');

  // The latest closed month's statement, grouped by track.
  await page
    .getByRole('link', { name: /^Statement / })
    .first()
    .click();
  await page.getByLabel('Group by').selectOption('track');
  const table = page.getByRole('table', { name: 'Statement by track' });
  await expect(table).toBeVisible();
  const bodyRows = table.locator('tbody tr');
  expect(await bodyRows.count()).toBeGreaterThan(0);
  const pageTotal = (await table.locator('tfoot tr').locator('td').last().innerText()).replace(/[^\d.]/g, '');
  shots.push(...(await checkPage(page, testInfo, 'statement-by-track')));

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-by-track\.csv$/);
  const rows = parseCsv(fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '')).filter((row) =>
    row.some((cell) => cell !== ''),
  );
  const [header, ...lines] = rows;
  expect(header!.slice(0, 3)).toEqual(['Track', 'Release', 'Track ID']);
  const total = lines.at(-1)!;
  expect(total[0]).toBe('Total');
  // One line per row of the page, and the credited total to the cent.
  expect(lines.length - 1).toBe(await bodyRows.count());
  expect(total.at(-1)).toBe(pageTotal);
  testInfo.annotations.push({ type: 'screenshots', description: shots.join(', ') });
});
