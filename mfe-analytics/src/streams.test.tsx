import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import type { ApiRequest } from '@tunehouse/shell-contract';
import type { LineChartProps } from './shared/line-chart.js';
import { apiError, areaHarness, choose, click, fakeApi } from '@tunehouse/testing';
import { area } from './area.js';
import { catalogueRoutes, platformRows, periodItem, territoryRows, trackRow } from './testing/fixtures.js';

const { open, unmountArea } = areaHarness(area);

// ApexCharts needs a real SVG DOM: the lazy chart module is swapped for one that records what it was given.
const chart = vi.hoisted(() => ({ renders: [] as LineChartProps[] }));
vi.mock('./shared/line-chart.js', () => ({
  default: (props: LineChartProps) => {
    chart.renders.push(props);
    return <div data-testid="line-chart" />;
  },
}));

beforeEach(() => {
  // "Today" is 20 November 2026, so presets end on the 19th.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 20, 10, 0, 0));
  chart.renders = [];
});
afterEach(() => {
  unmountArea();
  vi.useRealTimers();
});

const trendRoutes = (overrides: Record<string, unknown> = {}) => ({
  ...catalogueRoutes,
  'GET /v1/trends/streams/total': { value: 1280, change: 0.25 },
  'GET /v1/trends/streams/series': {
    // Each day twice: all streams, then the plays under 30 seconds only; a figure per statistics row.
    items: [
      periodItem('2026-11-19', [20], { sub30: false }),
      periodItem('2026-11-19', [2], { sub30: true }),
      periodItem('2026-11-18', [10], { sub30: false }),
      periodItem('2026-11-18', [1], { sub30: true }),
    ],
  },
  'GET /v1/trends/streams/statistics': (request: ApiRequest<unknown>) => {
    switch (request.query?.bucket_by) {
      case 'platform':
        return { items: platformRows };
      case 'territory':
        return { items: territoryRows };
      default:
        return { items: [trackRow()] };
    }
  },
  ...overrides,
});

const callsTo = (requests: ApiRequest<unknown>[], path: string) =>
  requests.filter((request) => request.path === path);
const lastQuery = (requests: ApiRequest<unknown>[], path: string) => callsTo(requests, path).at(-1)?.query;

const dataRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('stream trends', () => {
  it('shows the total with its change, the chart and a row per track for the last 28 days by default', async () => {
    const { record } = await open('/trends', { respond: fakeApi(trendRoutes()) });
    expect(screen.getByRole('heading', { level: 1, name: 'Stream trends' })).toBeTruthy();
    expect(record.pageMeta.at(-1)?.title).toBe('Stream trends');

    expect((await screen.findByTestId('streams-total')).textContent).toBe('1,280');
    const totalSection = screen.getByRole('region', { name: 'Streams in this period' });
    expect(totalSection.textContent).toContain('▲up 25%');
    expect(totalSection.textContent).toContain('against the 28 days before');

    const range = { start_date: '2026-10-23', end_date: '2026-11-19' };
    expect(lastQuery(record.requests, '/v1/trends/streams/total')).toEqual(range);
    expect(lastQuery(record.requests, '/v1/trends/streams/series')).toEqual({
      ...range,
      bucket_by: 'track',
      limit: 10,
    });
    expect(lastQuery(record.requests, '/v1/trends/streams/statistics')).toEqual({
      ...range,
      bucket_by: 'track',
      limit: 1000,
    });

    const [row] = dataRows();
    expect(row?.textContent).toMatch(
      /^UndertowNova Ray, Kai, "The Tide"Night Swimming1,200▲up 25%80▼down 10%$/,
    );
    expect(row?.querySelector('img')?.getAttribute('src')).toBe('http://api.test/art-1/thumb.jpg');

    await screen.findByTestId('line-chart');
    // Without the switch the chart gets all streams, a line per statistics row, named by it, in date order.
    const lines = chart.renders.at(-1)?.lines;
    expect(lines?.map((line) => [line.name, line.total])).toEqual([['Undertow', 30]]);
    expect(lines?.[0]?.points).toEqual([
      { start: '2026-11-18', end: '2026-11-18', value: 10 },
      { start: '2026-11-19', end: '2026-11-19', value: 20 },
    ]);
    expect(
      screen.getByText(/^Chart of streams by track from 23-10-2026 to 19-11-2026, 1 line\. Undertow: 30\.$/),
    ).toBeTruthy();
  });

  it('shows a legend of buttons that hide and show each line, keeping its colour', async () => {
    await open('/trends?by=platform', {
      respond: fakeApi(
        trendRoutes({
          'GET /v1/trends/streams/series': {
            items: [
              periodItem('2026-11-19', [20, 5], { sub30: false }),
              periodItem('2026-11-19', [2, 1], { sub30: true }),
            ],
          },
        }),
      ),
    });
    await screen.findByTestId('line-chart');
    const legend = screen.getByRole('list', { name: 'Lines shown' });
    const buttons = within(legend).getAllByRole('button');
    expect(buttons.map((button) => [button.textContent, button.getAttribute('aria-pressed')])).toEqual([
      ['Spotify', 'true'],
      ['TikTok', 'true'],
    ]);
    const drawn = () => {
      const props = chart.renders.at(-1);
      return [props?.lines.map((line) => line.name), props?.places];
    };
    expect(drawn()).toEqual([
      ['Spotify', 'TikTok'],
      [0, 1],
    ]);

    fireEvent.click(buttons[0]!);
    await waitFor(() => expect(drawn()).toEqual([['TikTok'], [1]]));
    expect(buttons[0]!.getAttribute('aria-pressed')).toBe('false');
    // The summary a screen reader hears still counts every line.
    expect(screen.getByText(/^Chart of streams by platform .*, 2 lines\./)).toBeTruthy();

    fireEvent.click(buttons[0]!);
    await waitFor(() =>
      expect(drawn()).toEqual([
        ['Spotify', 'TikTok'],
        [0, 1],
      ]),
    );
    expect(buttons[0]!.getAttribute('aria-pressed')).toBe('true');
  });

  it('sets the dates of each preset and of a custom period, and keeps them in the URL', async () => {
    const { record } = await open('/trends', { respond: fakeApi(trendRoutes()) });
    await screen.findByTestId('streams-total');
    const dates = () => {
      const query = lastQuery(record.requests, '/v1/trends/streams/total');
      return [query?.start_date, query?.end_date];
    };

    await click('7 days', 'radio');
    await waitFor(() => expect(dates()).toEqual(['2026-11-13', '2026-11-19']));
    expect(window.location.search).toBe('?range=7d');
    expect(screen.getByText('13-11-2026 to 19-11-2026')).toBeTruthy();

    await click('90 days', 'radio');
    await waitFor(() => expect(dates()).toEqual(['2026-08-22', '2026-11-19']));

    await click('12 months', 'radio');
    await waitFor(() => expect(dates()).toEqual(['2025-11-20', '2026-11-19']));

    await click('Custom', 'radio');
    expect(window.location.search).toBe('?range=custom&start=2025-11-20&end=2026-11-19');
    await choose('First day', '2026-03-01');
    await choose('Last day', '2026-03-31');
    await waitFor(() => expect(dates()).toEqual(['2026-03-01', '2026-03-31']));
    expect(window.location.search).toBe('?range=custom&start=2026-03-01&end=2026-03-31');

    // A period that ends before it starts is refused before anything is asked.
    const calls = record.requests.length;
    await choose('First day', '2026-04-15');
    expect(screen.getByText('The first day must be on or before the last day.')).toBeTruthy();
    expect(record.requests.length).toBe(calls);
    expect(screen.queryByRole('region', { name: 'Streams in this period' })).toBeNull();
  });

  it('opens filtered by the release of ?albumId= and sends every filter, keeping them in the URL', async () => {
    const { record } = await open('/trends/?albumId=album-2', { respond: fakeApi(trendRoutes()) });
    await screen.findByTestId('streams-total');
    expect(lastQuery(record.requests, '/v1/trends/streams/total')).toMatchObject({ album_id: 'album-2' });
    expect(lastQuery(record.requests, '/v1/trends/streams/statistics')).toMatchObject({
      album_id: 'album-2',
    });
    await waitFor(() =>
      expect((screen.getByLabelText('Release') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
        'Tidal (Deluxe)',
      ),
    );
    // The track choices are the chosen release's.
    expect(lastQuery(record.requests, '/v2/tracks')).toMatchObject({ album_id: 'album-2' });
    expect(lastQuery(record.requests, '/v2/albums')).toEqual({
      offset: 0,
      size: 200,
      order_by: 'title',
      order: 'asc',
    });

    await choose('Artist', 'artist-1');
    await choose('Track', 'track-1');
    await choose('Territory', 'NL');
    await choose('Show by', 'TERRITORY');
    await waitFor(() =>
      expect(lastQuery(record.requests, '/v1/trends/streams/statistics')).toEqual({
        start_date: '2026-10-23',
        end_date: '2026-11-19',
        album_id: 'album-2',
        artist_id: 'artist-1',
        track_id: 'track-1',
        territory: 'NL',
        bucket_by: 'territory',
        limit: 1000,
      }),
    );
    expect(window.location.pathname).toBe('/trends/');
    expect(new URLSearchParams(window.location.search).toString()).toBe(
      'albumId=album-2&artistId=artist-1&trackId=track-1&territory=NL&by=territory',
    );

    // Another release clears the track, which may not be on it.
    await choose('Release', 'album-1');
    expect(new URLSearchParams(window.location.search).get('trackId')).toBeNull();
  });

  it('shows platform and territory rows with the direction of each change', async () => {
    await open('/trends?by=platform', { respond: fakeApi(trendRoutes()) });
    await screen.findByRole('table');
    expect(screen.getByRole('columnheader', { name: 'Platform' })).toBeTruthy();
    expect(dataRows().map((row) => row.textContent)).toEqual([
      'Spotify900▲up 50%50▶unchanged 0%',
      'TikTok300▼down 12.5%140–no earlier streams to compare with',
    ]);
    const directions = (row: HTMLElement) =>
      [...row.querySelectorAll('[data-direction]')].map((cell) => cell.getAttribute('data-direction'));
    expect(dataRows().map(directions)).toEqual([
      ['up', 'flat'],
      ['down', 'none'],
    ]);

    await choose('Show by', 'TERRITORY');
    await waitFor(() => expect(screen.getByRole('columnheader', { name: 'Territory' })).toBeTruthy());
    expect(dataRows().map((row) => row.querySelector('th')?.textContent)).toEqual([
      'Netherlands',
      'Unknown territory',
    ]);
    expect(screen.getByRole('heading', { name: 'Streams over time by territory' })).toBeTruthy();
  });

  it('switches the chart to the plays under 30 seconds only', async () => {
    await open('/trends?by=platform', { respond: fakeApi(trendRoutes()) });
    await screen.findByTestId('line-chart');
    expect(chart.renders.at(-1)?.lines.map((line) => line.name)).toEqual(['Spotify']);
    expect(chart.renders.at(-1)?.lines[0]?.total).toBe(30);

    await click('Only plays under 30 seconds', 'checkbox');
    await waitFor(() => expect(chart.renders.at(-1)?.lines[0]?.total).toBe(3));
    expect(new URLSearchParams(window.location.search).get('sub30')).toBe('1');
    expect(
      screen.getByRole('heading', { name: 'Plays under 30 seconds over time by platform' }),
    ).toBeTruthy();
    expect(screen.getByText(/^Chart of plays under 30 seconds by platform/)).toBeTruthy();

    await click('Only plays under 30 seconds', 'checkbox');
    await waitFor(() => expect(chart.renders.at(-1)?.lines[0]?.total).toBe(30));
    expect(window.location.search).toBe('?by=platform');
  });

  it('exports the table as CSV with quoted names', async () => {
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:trends';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await open('/trends', {
      respond: fakeApi(
        trendRoutes({
          'GET /v1/trends/streams/statistics': {
            items: [
              trackRow({ title: 'Salt, Sea', version: 'Live' }),
              trackRow({ id: 'track-2', title: '=cmd', isrc: null }, { change: null, sub30Change: 0.5 }),
            ],
          },
        }),
      ),
    });
    await screen.findByRole('table');
    await click('Export CSV');

    expect(clicked[0]?.download).toBe('streams-by-track-2026-10-23-to-2026-11-19.csv');
    expect(saved[0]?.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
    // A UTF-8 byte order mark first, so spreadsheet programs read the names right.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(
      [
        'Track,Version,ISRC,Release,Artists,Streams,Change (%),Streams under 30 s,Change under 30 s (%)',
        '"Salt, Sea",Live,QZTH12600001,Night Swimming,"Nova Ray, Kai, ""The Tide""",1200,25,80,-10',
        `'=cmd,,,Night Swimming,"Nova Ray, Kai, ""The Tide""",1200,,80,50`,
        '',
      ].join('\r\n'),
    );
  });

  it('explains that reports arrive days later when there is nothing yet, and offers to clear filters', async () => {
    await open('/trends?albumId=album-1', {
      respond: fakeApi(
        trendRoutes({
          'GET /v1/trends/streams/total': { value: 0 },
          'GET /v1/trends/streams/series': { items: [] },
          'GET /v1/trends/streams/statistics': { items: [] },
        }),
      ),
    });
    expect(await screen.findByRole('heading', { name: 'No streams match these filters' })).toBeTruthy();
    await click('Clear filters');
    expect(await screen.findByRole('heading', { name: 'No streams in this period yet' })).toBeTruthy();
    expect(screen.getByText(/Platforms send their reports a few days after the streams happen/)).toBeTruthy();
    expect(window.location.search).toBe('');
  });

  it('says when trends could not be loaded and tries again', async () => {
    let fail = true;
    await open('/trends', {
      respond: fakeApi(
        trendRoutes({
          'GET /v1/trends/streams/statistics': () => {
            if (fail) throw apiError(503, 'The trends service is busy.');
            return { items: [trackRow()] };
          },
        }),
      ),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Your stream trends could not be loaded. The trends service is busy.',
    );
    expect(screen.queryByRole('table')).toBeNull();
    // What did load stays on the page.
    expect(screen.getByTestId('streams-total').textContent).toBe('1,280');

    fail = false;
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    });
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a failure once every part has answered, so nothing is pushed down while parts still load', async () => {
    let answerSeries: (value: unknown) => void = () => undefined;
    const seriesAnswer = new Promise((resolve) => (answerSeries = resolve));
    await open('/trends', {
      respond: fakeApi(
        trendRoutes({
          'GET /v1/trends/streams/statistics': () => {
            throw apiError(503, 'The trends service is busy.');
          },
          'GET /v1/trends/streams/series': () => seriesAnswer,
        }),
      ),
    });
    await screen.findByTestId('streams-total');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    // The statistics failed already; the series still loads: the parts keep their places and skeletons.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('region', { name: 'Streams by track' })).toBeTruthy();
    await act(async () => answerSeries({ items: [] }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Your stream trends could not be loaded. The trends service is busy.',
    );
    expect(screen.queryByRole('region', { name: 'Streams by track' })).toBeNull();
  });

  it('shows skeletons while loading', async () => {
    await open('/trends', {
      respond: fakeApi(trendRoutes({ 'GET /v1/trends/streams/statistics': () => new Promise(() => {}) })),
    });
    expect(screen.getByRole('status').textContent).toBe('Loading your stream trends…');
    await screen.findByTestId('streams-total');
    const table = screen.getByRole('region', { name: 'Streams by track' });
    expect(table.querySelector('[aria-hidden="true"]')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Export CSV' }).hasAttribute('disabled')).toBe(true);
  });
});
