import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/dom';
import type { ApiRequest } from '@tunehouse/shell-contract';
import { areaHarness, choose, click, fakeApi, pageJson, type } from '@tunehouse/testing';
import { area } from './area.js';
import { albumJson } from './testing/fixtures.js';

const { open, unmountArea } = areaHarness(area);

afterEach(unmountArea);

const albums = [
  albumJson({ id: 'a1', title: 'Night Swimming', releaseDate: '2026-12-24' }),
  albumJson({ id: 'a2', title: 'Undertow', status: 'PUBLISHED', reviewStatus: 'LIVE', version: 'Deluxe' }),
  albumJson({ id: 'a3', title: 'Tidal', status: 'EDITED', reviewStatus: 'ACCEPTED', artists: [] }),
];

describe('the catalogue', () => {
  it('lists releases with their state, and keeps search, filters, sort and page in the URL', async () => {
    const { record } = await open('/albums', {
      respond: fakeApi({
        'GET /v2/albums': (request: ApiRequest<unknown>) =>
          pageJson(albums, { totalItems: 45, nextOffset: Number(request.query?.offset ?? 0) + 20 }),
        'GET /v2/artists': pageJson([]),
      }),
    });
    const table = await screen.findByRole('table', { name: /Your releases, 45 in all/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^♪Night SwimmingNova RayDRAFTSingle24-12-2026/),
      expect.stringMatching(/^♪Undertow \(Deluxe\)Nova RayLIVE/),
      expect.stringMatching(/^♪TidalNo artist yetCHANGES NOT SENT/),
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Night Swimming' }).getAttribute('href')).toBe(
      '/albums/a1',
    );
    const albumCalls = () => record.requests.filter((request) => request.path === '/v2/albums');
    expect(albumCalls()[0]?.query).toEqual({ offset: 0, size: 20, order_by: 'created_at', order: 'desc' });

    await type('Search by title', ' night ');
    await click('Search');
    await choose('Status', 'PUBLISHED');
    await choose('Sort by', 'title.asc');
    await waitFor(() =>
      expect(albumCalls().at(-1)?.query).toEqual({
        offset: 0,
        size: 20,
        order_by: 'title',
        order: 'asc',
        q: 'night',
        status: 'PUBLISHED',
      }),
    );
    expect(window.location.search).toBe('?q=night&status=PUBLISHED&order_by=title&order=asc');

    await click('Next');
    await waitFor(() => expect(albumCalls().at(-1)?.query).toMatchObject({ offset: 20, q: 'night' }));
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
  });

  it('invites to a first release when there is none, and offers to clear filters that match nothing', async () => {
    await open('/albums?q=zzz', {
      respond: fakeApi({ 'GET /v2/albums': pageJson([]), 'GET /v2/artists': pageJson([]) }),
    });
    expect(await screen.findByRole('heading', { name: 'No releases match' })).toBeTruthy();
    await click('Show all releases');
    expect(await screen.findByRole('heading', { name: 'No releases yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your first release' }).getAttribute('href')).toBe(
      '/albums/new',
    );
  });
});
