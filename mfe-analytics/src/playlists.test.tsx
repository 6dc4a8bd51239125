import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/dom';
import type { ApiRequest } from '@tunehouse/shell-contract';
import type { LineChartProps } from './shared/line-chart.js';
import { apiError, areaHarness, click, fakeApi } from '@tunehouse/testing';
import { area } from './area.js';
import { catalogueRoutes, periodItem, playlistRow } from './testing/fixtures.js';

const { open, unmountArea } = areaHarness(area);

const chart = vi.hoisted(() => ({ renders: [] as LineChartProps[] }));
vi.mock('./shared/line-chart.js', () => ({
  default: (props: LineChartProps) => {
    chart.renders.push(props);
    return <div data-testid="line-chart" />;
  },
}));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 20, 10, 0, 0));
  chart.renders = [];
});
afterEach(() => {
  unmountArea();
  vi.useRealTimers();
});

const playlistRoutes = (overrides: Record<string, unknown> = {}) => ({
  ...catalogueRoutes,
  'GET /v1/trends/playlist-streams/series': {
    // Over 92 days the periods are ISO weeks, the first and last clipped to the range.
    items: [
      periodItem('2026-W34', [5], { startDate: '2026-08-22', endDate: '2026-08-23' }),
      periodItem('2026-W35', [6], { startDate: '2026-08-24', endDate: '2026-08-30' }),
      periodItem('2026-W47', [7], { startDate: '2026-11-16', endDate: '2026-11-19' }),
    ],
  },
  'GET /v1/trends/playlist-streams/statistics': {
    items: [
      playlistRow(),
      playlistRow(
        {
          id: 'pl-2',
          title: 'Late Night',
          imageUrl: null,
          author: 'Ada',
          platform: 'SOUNDCLOUD',
          followers: null,
          url: null,
        },
        { value: 12, change: null },
      ),
    ],
  },
  ...overrides,
});

describe('playlist trends', () => {
  it('charts the playlists and lists each with its image, author, platform, followers and link', async () => {
    const { record } = await open('/trends/playlists?range=90d&territory=NL', {
      respond: fakeApi(playlistRoutes()),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Playlist trends' })).toBeTruthy();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Fresh FindsSpotifySpotify120,000340▲up 10%Open',
      '♫Late NightAdaSoundCloud—12–no earlier streams to compare with—',
    ]);
    expect(rows[0]?.querySelector('img')?.getAttribute('src')).toBe('http://img.test/fresh.jpg');
    const link = within(rows[0]!).getByRole('link', { name: /Open Fresh Finds on Spotify/ });
    expect(link.getAttribute('href')).toBe('https://open.spotify.com/playlist/pl-1');
    expect(link.getAttribute('target')).toBe('_blank');

    const query = (path: string) =>
      record.requests.filter((request: ApiRequest<unknown>) => request.path === path).at(-1)?.query;
    // Playlist streams have no territory: the filter is not offered and not sent.
    const range = { start_date: '2026-08-22', end_date: '2026-11-19' };
    expect(query('/v1/trends/playlist-streams/series')).toEqual(range);
    expect(query('/v1/trends/playlist-streams/statistics')).toEqual({ ...range, limit: 1000 });
    expect(screen.queryByLabelText('Territory')).toBeNull();

    await screen.findByTestId('line-chart');
    const [line] = chart.renders.at(-1)?.lines ?? [];
    expect(line?.name).toBe('Streams from playlists');
    expect(line?.total).toBe(18);
    expect(line?.points[1]).toEqual({ start: '2026-08-24', end: '2026-08-30', value: 6 });

    // The tabs keep the period and filters.
    expect(screen.getByRole('link', { name: 'Streams' }).getAttribute('href')).toBe(
      '/trends?range=90d&territory=NL',
    );
    expect(screen.getByRole('link', { name: 'Playlists' }).getAttribute('aria-current')).toBe('page');
  });

  it('explains when no playlist streams are reported yet', async () => {
    await open('/trends/playlists', {
      respond: fakeApi(
        playlistRoutes({
          'GET /v1/trends/playlist-streams/series': { items: [] },
          'GET /v1/trends/playlist-streams/statistics': { items: [] },
        }),
      ),
    });
    expect(
      await screen.findByRole('heading', { name: 'No playlist streams in this period yet' }),
    ).toBeTruthy();
  });

  it('says when they could not be loaded, with a way to try again', async () => {
    let fail = true;
    await open('/trends/playlists', {
      respond: fakeApi(
        playlistRoutes({
          'GET /v1/trends/playlist-streams/statistics': () => {
            if (fail) throw apiError(500, 'Something is broken.');
            return { items: [playlistRow()] };
          },
        }),
      ),
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your playlist trends could not be loaded. Something is broken.',
    );
    fail = false;
    await click('Try again');
    await waitFor(() => expect(screen.getByRole('table')).toBeTruthy());
  });
});
