import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { demoAdminUser, demoSessionView, renderAreaRoute } from '@tunehouse/testing';
import type { ApiRequest } from '@tunehouse/shell-contract';
import type { ReportFile, UnmatchedLine } from '@tunehouse/contracts';
import { area } from '../area.js';

vi.setConfig({ testTimeout: 30_000 });

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  vi.useRealTimers();
});

const file = (overrides: Partial<ReportFile> = {}): ReportFile => ({
  id: '6f1f3a52-5d0e-4a43-9d2a-0d6f0f0a0001',
  name: 'DSR_Tunehouse_YouTube_2015-Q4_IS.tsv',
  format: 'DDEX_DSR',
  status: 'LOADED',
  size: 48_200,
  rows: 6,
  matched: 4,
  unmatched: 2,
  skipped: 0,
  streams: 10_210,
  firstDay: '2015-10-01',
  lastDay: '2015-12-31',
  restatedMonths: [],
  error: null,
  createdAt: '2026-11-20T14:05:00.000Z',
  loadedAt: '2026-11-20T14:05:09.000Z',
  ...overrides,
});

const FAILED = file({
  id: '6f1f3a52-5d0e-4a43-9d2a-0d6f0f0a0002',
  name: 'march.csv',
  format: 'CSV',
  status: 'FAILED',
  rows: 0,
  matched: 0,
  unmatched: 0,
  streams: 0,
  firstDay: null,
  lastDay: null,
  error: 'march.csv:7: streams "ten" is not a whole number ≥ 0',
});

const line = (n: number): UnmatchedLine => ({
  line: n,
  isrc: `ZZUNK150000${n % 10}`,
  upc: null,
  platform: 'YOUTUBE',
  territory: 'IS',
  firstDay: '2015-10-01',
  lastDay: '2015-12-31',
  streams: 100 + n,
  raw: 'SU03\t…',
});

const page = <T,>(items: T[], offset: number, size: number, total: number) => ({
  items,
  currentOffset: offset,
  size,
  totalItems: total,
  ...(offset + size < total ? { nextOffset: offset + size } : {}),
  ...(offset > 0 ? { previousOffset: Math.max(0, offset - size) } : {}),
});

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));
async function click(name: string | RegExp, scope: HTMLElement = document.body) {
  const button = await within(scope).findByRole('button', { name });
  await act(async () => {
    fireEvent.click(button);
  });
  await settle();
}

type Handler = (request: ApiRequest<unknown>) => unknown;

/** /admin/reports with the list served by `files()` (read on every request, so a test can change it). */
async function openReports(files: () => ReportFile[], handlers: Record<string, Handler> = {}) {
  const rendered = await renderAreaRoute(area, '/admin/reports', {
    session: { ...demoSessionView, isAdmin: true },
    respond: async (request) => {
      const planned = handlers[`${request.method} ${request.path}`];
      if (planned) return planned(request);
      if (request.path === '/v1/users/me') return demoAdminUser;
      if (request.path === '/v1/admin/reports') {
        const { offset = 0, size = 20 } = request.query as { offset?: number; size?: number };
        const all = files();
        return page(all.slice(offset, offset + size), offset, size, all.length);
      }
      throw new Error(`unplanned ${request.method} ${request.path}`);
    },
  });
  cleanup = rendered.unmount;
  await settle();
  return rendered;
}

async function choose(name: string, content = 'date,platform,territory,isrc,upc,streams\n') {
  const input = screen.getByLabelText('Report file') as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, { target: { files: [new File([content], name, { type: 'text/csv' })] } });
  });
}

const reportRows = async () => {
  const table = await screen.findByRole('table', { name: 'Report files' });
  return within(table).getAllByRole('row').slice(1);
};

describe('admin reports', () => {
  it('says which closed months a file restated', async () => {
    await openReports(() => [
      file({ name: 'spotify-2026-10-restated.csv', restatedMonths: ['2026-09', '2026-10'] }),
      FAILED,
    ]);
    const [restated, failed] = (await reportRows()) as [HTMLElement, HTMLElement];
    expect(within(restated).getByText('Restates closed September 2026, October 2026')).toBeTruthy();
    expect(within(failed).queryByText(/Restates/)).toBeNull();
  });

  it('lists the files with their status, counts, period and upload time; a failed file shows its error', async () => {
    await openReports(() => [file(), FAILED]);
    expect(screen.getByRole('link', { name: 'Reports' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { name: 'Upload a report' })).toBeTruthy();
    const headers = within(await screen.findByRole('table', { name: 'Report files' }))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'File',
      'Format',
      'Status',
      'Rows',
      'Matched',
      'Unmatched',
      'Skipped',
      'Streams',
      'Period',
      'Uploaded',
    ]);
    const [loaded, failed] = (await reportRows()) as [HTMLElement, HTMLElement];
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(loaded)).toEqual([
      'DSR_Tunehouse_YouTube_2015-Q4_IS.tsv48 KB',
      'DDEX DSR',
      'LOADED',
      '6',
      '4',
      '2',
      '0',
      '10,210',
      '01-10-2015 – 31-12-2015',
      expect.stringMatching(/^20-11-2026 \d\d:\d5$/),
    ]);
    expect(cells(failed).slice(0, 3)).toEqual([
      'march.csv48 KB',
      'CSV',
      'FAILEDmarch.csv:7: streams "ten" is not a whole number ≥ 0',
    ]);
    expect(cells(failed)[8]).toBe('—');
  });

  it('shows which parts of a multi-part DSR set are in and which are missing', async () => {
    const part = (n: number, id: string): ReportFile =>
      file({
        id,
        name: `DSR_TH_Spotify_Premium_2026-10_SE_${n}of3_20261102T000000.tsv.gz`,
        status: 'PENDING',
        rows: 0,
        matched: 0,
        unmatched: 0,
        streams: 0,
        firstDay: null,
        lastDay: null,
        loadedAt: null,
        set: { part: n, parts: 3, received: [1, 3], missing: [2] },
      });
    await openReports(() => [
      part(3, '6f1f3a52-5d0e-4a43-9d2a-0d6f0f0a0013'),
      part(1, '6f1f3a52-5d0e-4a43-9d2a-0d6f0f0a0011'),
      file({ set: { part: 2, parts: 2, received: [1, 2], missing: [] } }),
    ]);
    const [third, first, loaded] = (await reportRows()) as [HTMLElement, HTMLElement, HTMLElement];
    const fileCell = (row: HTMLElement) => within(row).getAllByRole('cell')[0]!.textContent;
    expect(fileCell(third)).toMatch(/Part 3 of 3 · in: 1, 3 · missing: 2$/);
    expect(fileCell(first)).toMatch(/Part 1 of 3 · in: 1, 3 · missing: 2$/);
    expect(fileCell(loaded)).toMatch(/Part 2 of 2$/);
  });

  it('says so when no report was uploaded yet', async () => {
    await openReports(() => []);
    expect(await screen.findByText(/No report has been uploaded yet/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('uploads the chosen file as FormData with one part named file, with progress, and follows it while PENDING', async () => {
    let files: ReportFile[] = [];
    let progress: ((loaded: number, total: number) => void) | undefined;
    let answer: (() => void) | undefined;
    const pending = file({
      id: '6f1f3a52-5d0e-4a43-9d2a-0d6f0f0a0003',
      name: 'april.csv',
      format: 'CSV',
      status: 'PENDING',
      rows: 0,
      matched: 0,
      unmatched: 0,
      streams: 0,
      firstDay: null,
      lastDay: null,
    });
    const { record } = await openReports(() => files, {
      'POST /v1/admin/reports': (request) =>
        new Promise((resolve) => {
          progress = request.onUploadProgress;
          answer = () => {
            files = [pending];
            resolve({ ...pending, duplicate: false });
          };
        }),
    });
    expect(await screen.findByText(/No report has been uploaded yet/)).toBeTruthy();

    // Nothing chosen: the field says so and nothing is sent.
    await click('Upload report');
    expect(screen.getByRole('alert').textContent).toBe('Choose a report file to upload');
    expect(record.requests.some((request) => request.method === 'POST')).toBe(false);

    await choose('april.csv');
    await click('Upload report');
    const post = record.requests.find((request) => request.method === 'POST')!;
    expect(post.path).toBe('/v1/admin/reports');
    const body = post.body as FormData;
    expect([...body.keys()]).toEqual(['file']);
    expect((body.get('file') as File).name).toBe('april.csv');

    await act(async () => progress?.(512, 1024));
    const bar = screen.getByRole('progressbar', { name: 'Uploading april.csv' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');

    await act(async () => answer?.());
    await settle();
    expect(
      (await screen.findByText(/“april.csv” is uploaded and waits to be loaded/)).textContent,
    ).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const [row] = (await reportRows()) as [HTMLElement];
    expect(row.textContent).toContain('PENDING');

    // While a file is PENDING the list is read again every few seconds, until it is loaded.
    const listReads = () => record.requests.filter((request) => request.path === '/v1/admin/reports').length;
    const before = listReads();
    files = [file({ ...pending, status: 'LOADED', rows: 3, matched: 3, streams: 300 })];
    await waitFor(() => expect(listReads()).toBeGreaterThan(before), { timeout: 8000 });
    await waitFor(async () => expect((await reportRows())[0]!.textContent).toContain('LOADED'));
    const settled = listReads();
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 3500)));
    expect(listReads()).toBe(settled);
  });

  it('says which earlier file a duplicate upload matched', async () => {
    const known = file();
    await openReports(() => [known], {
      'POST /v1/admin/reports': () => ({ ...known, duplicate: true }),
    });
    await choose('copy-of-youtube.tsv');
    await click('Upload report');
    const notice = await screen.findByText(/has the same content as/);
    expect(notice.textContent).toMatch(
      /^“copy-of-youtube.tsv” has the same content as “DSR_Tunehouse_YouTube_2015-Q4_IS.tsv”, uploaded 20-11-2026 \d\d:\d5 \(loaded\), so nothing was loaded again\.$/,
    );
  });

  it('shows an upload the API refused, with its message', async () => {
    await openReports(() => [], {
      'POST /v1/admin/reports': () => {
        throw Object.assign(new Error('The file is empty'), { status: 400 });
      },
    });
    await choose('empty.csv', '');
    await click('Upload report');
    expect((await screen.findByText(/was not uploaded/)).textContent).toBe(
      '“empty.csv” was not uploaded: The file is empty',
    );
  });

  it('opens a file’s unmatched lines, 50 a page, and pages through them', async () => {
    const many = file({ unmatched: 60 });
    const { record } = await openReports(() => [many], {
      [`GET /v1/admin/reports/${many.id}/unmatched`]: (request) => {
        const { offset, size } = request.query as { offset: number; size: number };
        const lines = Array.from({ length: 60 }, (_, index) => line(index + 1));
        return page(lines.slice(offset, offset + size), offset, size, lines.length);
      },
    });
    await click(`Show 60 unmatched lines of ${many.name}`);
    const dialog = screen.getByRole('dialog', { name: `Unmatched lines of “${many.name}”` });
    const table = await within(dialog).findByRole('table', { name: 'Unmatched lines' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Line', 'ISRC / UPC', 'Platform', 'Territory', 'Period', 'Streams']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(50);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', 'ISRC ZZUNK1500001', 'YouTube', 'IS', '01-10-2015 – 31-12-2015', '101']);
    expect(dialog.textContent).toContain('60 unmatched lines');

    await click(/Next/, within(dialog).getByRole('navigation', { name: 'Unmatched line pages' }));
    await waitFor(() =>
      expect(within(dialog).getAllByRole('row').slice(1)[0]!.textContent).toMatch(/^51ISRC/),
    );
    expect(within(dialog).getAllByRole('row')).toHaveLength(11);
    const reads = record.requests.filter((request) => request.path.endsWith('/unmatched'));
    expect(reads.map((request) => request.query)).toEqual([
      { offset: 0, size: 50 },
      { offset: 50, size: 50 },
    ]);
  });

  it('says so when a file has no unmatched line to show', async () => {
    const one = file({ unmatched: 1 });
    await openReports(() => [one], {
      [`GET /v1/admin/reports/${one.id}/unmatched`]: () => page([], 0, 50, 0),
    });
    await click(`Show 1 unmatched line of ${one.name}`);
    expect(await screen.findByText(/Every line of this report matched/)).toBeTruthy();
  });
});
