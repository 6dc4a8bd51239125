import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/dom';
import { click, demoSessionView, renderAreaRoute } from '@tunehouse/testing';
import type { FailedJob, OperationsOverview, QueueSummary } from '@tunehouse/contracts';
import { area } from '../area.js';
import { ADMIN_USER } from '../testing/users.js';

vi.setConfig({ testTimeout: 30_000 });

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  vi.unstubAllGlobals();
});

const queue = (name: QueueSummary['queue'], failed = 0): QueueSummary => ({
  queue: name,
  jobs: { created: 2, retry: 1, active: 0, completed: 40, cancelled: 0, failed },
  depth: 3,
  oldestWaitingSeconds: 125,
});

const OVERVIEW: OperationsOverview = {
  api: { version: '0.1.0', startedAt: '2026-11-28T08:00:00.000Z', uptimeSeconds: 3 * 3600 + 600 },
  lastBackup: null,
  queues: [queue('mail-delivery', 1), queue('report-ingest')],
};

const FAILED: FailedJob = {
  id: '5f0c2b8e-1d3a-4c5b-9e7f-8a9b0c1d2e3f',
  queue: 'mail-delivery',
  failedAt: '2026-11-28T09:00:00.000Z',
  attempts: 6,
  error: 'SMTP said no',
};

/** The registry of areas as the web origin serves it, or a failure. */
function registryAnswers(ok: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      ok
        ? Response.json({
            schemaVersion: 1,
            areas: {
              auth: {
                manifest: '/areas/auth/mf-manifest.json',
                scope: 'tunehouse_auth',
                routes: ['/auth/*'],
                version: '0.1.0+abc',
              },
            },
          })
        : new Response('gone', { status: 404 }),
    ),
  );
}

async function render(registryOk = true, failedJobs: FailedJob[] = [FAILED]) {
  registryAnswers(registryOk);
  const rendered = await renderAreaRoute(area, '/admin/operations', {
    session: { ...demoSessionView, isAdmin: true },
    respond: (request) => {
      if (request.path === '/v1/users/me') return ADMIN_USER;
      if (request.path === '/v1/admin/operations') return OVERVIEW;
      if (request.path === '/v1/admin/operations/failed-jobs') return { items: failedJobs };
      if (request.path === '/v1/admin/operations/failed-deliveries') return { items: [] };
      if (request.path === '/v1/admin/reports')
        return { items: [], currentOffset: 0, size: 10, totalItems: 0 };
      if (
        request.method === 'POST' &&
        request.path === `/v1/admin/operations/failed-jobs/mail-delivery/${FAILED.id}/retry`
      )
        return undefined;
      throw new Error(`unplanned ${request.method} ${request.path}`);
    },
  });
  cleanup = rendered.unmount;
  return rendered;
}

describe('the Operations page', () => {
  it('shows the API, no backup, the areas, the queues and the empty lists', async () => {
    await render();
    expect(await screen.findByText('0.1.0')).toBeTruthy();
    expect(screen.getByText('None known')).toBeTruthy();
    expect(screen.getByText(/No backup is known/)).toBeTruthy();
    expect(screen.getByText(/^3 h 10 min/)).toBeTruthy();
    const areas = await screen.findByRole('table', { name: 'Deployed areas' });
    expect(within(areas).getByRole('row', { name: /auth 0\.1\.0\+abc/ })).toBeTruthy();
    const queues = screen.getByRole('table', { name: 'Job queues' });
    expect(within(queues).getByRole('row', { name: /mail-delivery 3 \(oldest 2 min\) 0 40 1/ })).toBeTruthy();
    expect(await screen.findByText('No delivery has failed.')).toBeTruthy();
    expect(await screen.findByText('No report has been uploaded.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Operations' }).getAttribute('aria-current')).toBe('page');
  });

  it('retries a failed job and says so', async () => {
    const rendered = await render();
    await screen.findByRole('table', { name: 'Failed jobs' });
    await click(/Retry the mail-delivery job/);
    await vi.waitFor(() =>
      expect(rendered.record.toasts.map((toast) => toast.message)).toContain(
        'The mail-delivery job is back in its queue.',
      ),
    );
    expect(
      rendered.record.requests.filter((request) => request.method === 'POST').map((request) => request.path),
    ).toEqual([`/v1/admin/operations/failed-jobs/mail-delivery/${FAILED.id}/retry`]);
  });

  it('says when nothing failed, and when one part cannot be read while the others show', async () => {
    await render(false, []);
    expect(await screen.findByText('No job has failed.')).toBeTruthy();
    expect(await screen.findByText(/Could not read the registry of areas/)).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Job queues' })).toBeTruthy();
  });
});
