import { DEMO, expect, test } from '../fixtures/app.js';
import { checkPage } from '../fixtures/page-checks.js';
import { logIn } from '../fixtures/session.js';

// The operator's view (docs/decisions/0085-metrics-and-operator-view.md): an admin opens the Operations tab and reads
// the API's version and uptime, that no backup is known, each deployed area's version, the job queues and the
// empty or filled lists of failed jobs, failed deliveries and report loads — at phone and laptop width, with axe.

test('an admin reads the Operations page: API, backups, areas, queues and failures', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(120_000);
  await logIn(page, app.shellUrl, DEMO.admin, { from: '/admin' });
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Operations' })
    .click();
  await expect(page).toHaveURL(/\/admin\/operations$/);

  const service = page.getByRole('region', { name: 'API and backups' }).first();
  await expect(service.getByText(/^\d+\.\d+\.\d+/)).toBeVisible();
  await expect(service.getByText('None known')).toBeVisible();
  await expect(service.getByText(/No backup is known/)).toBeVisible();

  const areas = page.getByRole('table', { name: 'Deployed areas' });
  await expect(areas.getByRole('row', { name: /^auth / })).toBeVisible();
  await expect(areas.getByRole('row')).toHaveCount(7);

  const queues = page.getByRole('table', { name: 'Job queues' });
  await expect(queues.getByRole('row', { name: /^mail-delivery / })).toBeVisible();
  await expect(queues.getByRole('row', { name: /^report-ingest / })).toBeVisible();

  await expect(page.getByRole('region', { name: 'Failed jobs' }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Failed deliveries' }).first()).toBeVisible();
  const reports = page.getByRole('region', { name: 'Latest report loads' }).first();
  await expect(
    reports.getByRole('table').or(reports.getByText('No report has been uploaded.')),
  ).toBeVisible();
  await expect(page.getByText(/^Could not read/)).toHaveCount(0);

  await checkPage(page, testInfo, 'admin-operations');
});
