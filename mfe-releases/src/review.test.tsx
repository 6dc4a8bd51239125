import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import type { ApiRequest } from '@tunehouse/shell-contract';
import { apiError, areaHarness, click, fakeApi } from '@tunehouse/testing';
import { area } from './area.js';
import { albumJson, reviewJson, trackJson } from './testing/fixtures.js';

const { open, unmountArea } = areaHarness(area);

afterEach(unmountArea);

const PROBLEMS = [
  {
    code: 'PRIMARY_ARTIST_MISSING',
    step: 'artists',
    path: ['artists'],
    message: 'Add at least one primary artist',
  },
  {
    code: 'AI_FLAG_MISSING',
    step: 'details',
    path: ['ai'],
    message: 'Say whether the music was generated with AI',
  },
  {
    code: 'TRACK_AUDIO_MISSING',
    step: 'tracks',
    path: ['tracks', 0, 'audio'],
    message: 'Track 1 (Night Swimming) needs its audio file',
    trackId: 'track-1',
  },
  {
    code: 'RELEASE_DATE_TOO_SOON',
    step: 'distribution',
    path: ['releaseDate'],
    message: 'The release date must be at least 7 days from today',
  },
  { code: 'TERRITORIES_MISSING', step: 'distribution', path: ['territories'], message: 'Choose Worldwide' },
];

describe('the review list', () => {
  it('lists every problem under its step, each linked to the step (and the field or track) that fixes it', async () => {
    await open('/albums/album-1/edit/review', {
      respond: fakeApi({
        'GET /v1/albums/album-1': albumJson({ tracks: [trackJson({ audio: null })] }),
        'GET /v1/albums/album-1/review': reviewJson(PROBLEMS),
      }),
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Review release');
    const card = await screen.findByRole('region', { name: 'To do before delivery (5)' });
    const groups = [...card.querySelectorAll('[data-step]')].map((group) => group.getAttribute('data-step'));
    // In the editor's order; the API's `distribution` step is split into the editor's two steps.
    expect(groups).toEqual(['details', 'artists', 'tracks', 'platforms', 'release-date']);
    const link = (name: string) => within(card).getByRole('link', { name }).getAttribute('href');
    expect(link('Say whether the music was generated with AI')).toBe('/albums/album-1/edit/details#ai');
    expect(link('Add at least one primary artist')).toBe('/albums/album-1/edit/artists');
    expect(link('Track 1 (Night Swimming) needs its audio file')).toBe(
      '/albums/album-1/edit/tracks#track-track-1',
    );
    expect(link('The release date must be at least 7 days from today')).toBe(
      '/albums/album-1/edit/release-date#releaseDate',
    );
    expect(link('Choose Worldwide')).toBe('/albums/album-1/edit/platforms#territories');
    expect(screen.getByRole('button', { name: 'Continue to delivery' })).toHaveProperty('disabled', true);

    // The step list counts them too.
    const steps = screen.getByRole('navigation', { name: 'Release steps' });
    expect(within(steps).getByRole('link', { name: /Platforms and territories/ }).textContent).toMatch(/1$/);
  });

  it('opens the track a problem names when its link is followed', async () => {
    await open('/albums/album-1/edit/review', {
      respond: fakeApi({
        'GET /v1/albums/album-1': albumJson({ tracks: [trackJson({ audio: null })] }),
        'GET /v1/albums/album-1/review': reviewJson(PROBLEMS.slice(2, 3)),
        'GET /v2/contributors': { items: [], currentOffset: 0, size: 50, totalItems: 0 },
        'GET /v2/artists': { items: [], currentOffset: 0, size: 20, totalItems: 0 },
      }),
    });
    await click(
      await screen.findByText('Track 1 (Night Swimming) needs its audio file').then((a) => a.textContent!),
      'link',
    );
    await waitFor(() => expect(window.location.pathname).toBe('/albums/album-1/edit/tracks'));
    expect(await screen.findByRole('button', { name: 'Close the details of Night Swimming' })).toBeTruthy();
  });

  it('with deliver=1 publishes once the terms are accepted, then shows the delivered page', async () => {
    let published = false;
    const { record } = await open('/albums/album-1/edit/review?deliver=1', {
      respond: fakeApi({
        'GET /v1/albums/album-1': () =>
          albumJson({
            platforms: ['SPOTIFY', 'TIDAL'],
            territories: ['NL'],
            releaseDate: '2026-12-24',
            ...(published
              ? { status: 'PUBLISHED', reviewStatus: 'SUBMITTED', publishedAt: '2026-11-20T11:00:00Z' }
              : {}),
          }),
        'GET /v1/albums/album-1/review': reviewJson(),
        'POST /v1/albums/album-1/publish': () => {
          published = true;
          return albumJson({
            status: 'PUBLISHED',
            reviewStatus: 'SUBMITTED',
            platforms: ['SPOTIFY', 'TIDAL'],
            releaseDate: '2026-12-24',
          });
        },
        'GET /v1/albums/album-1/platforms': [
          {
            id: 'SPOTIFY',
            name: 'Spotify',
            current: null,
            pending: { status: 'PENDING', action: 'DELIVER' },
          },
          { id: 'TIDAL', name: 'TIDAL', current: null, pending: null },
        ],
      }),
    });
    const deliver = await screen.findByRole('button', { name: 'Deliver to 2 platforms' });
    expect(deliver).toHaveProperty('disabled', true);
    await act(async () =>
      fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ })),
    );
    await act(async () => fireEvent.click(deliver));
    await waitFor(() => expect(window.location.pathname).toBe('/albums/album-1/delivered'));
    const publish = record.requests.find((request) => request.path === '/v1/albums/album-1/publish');
    expect(publish?.body).toEqual({ termsAccepted: true });
    // The delivered page is its own chunk (lazyPage): it arrives after the navigation.
    expect((await screen.findByRole('heading', { level: 1, name: 'Delivered' })).textContent).toBe(
      'Delivered',
    );
    expect(await screen.findByText(/is on its way to 2 platforms, to go live on 24-12-2026/)).toBeTruthy();
    const spotify = await screen.findByRole('row', { name: /Spotify/ });
    expect(spotify.textContent).toContain('PENDING');
    expect(screen.getByRole('row', { name: /TIDAL/ }).textContent).toContain('Not delivered');
  });

  it('shows the problems of a refused publish (422), linked to their steps', async () => {
    await open('/albums/album-1/edit/review?deliver=1', {
      respond: fakeApi({
        'GET /v1/albums/album-1': albumJson({ platforms: ['SPOTIFY'] }),
        'GET /v1/albums/album-1/review': reviewJson(),
        'POST /v1/albums/album-1/publish': (_request: ApiRequest<unknown>) => {
          throw apiError(
            422,
            'The release cannot be published yet: 1 problem to fix',
            [{ path: ['tracks', 0, 'isrc'], message: 'Track 1 needs an ISRC' }],
            'UNPROCESSABLE',
          );
        },
      }),
    });
    await act(async () =>
      fireEvent.click(await screen.findByRole('checkbox', { name: /I accept the terms and conditions/ })),
    );
    await click('Deliver to 1 platform');
    const alert = await screen.findByText(/The release cannot be published yet/);
    expect(within(alert).getByRole('link', { name: 'Track 1 needs an ISRC' }).getAttribute('href')).toBe(
      '/albums/album-1/edit/tracks#track-at-0',
    );
    expect(window.location.pathname).toBe('/albums/album-1/edit/review');
  });

  it('says a release waiting for content review cannot be delivered again yet', async () => {
    await open('/albums/album-1/edit/review?deliver=1', {
      respond: fakeApi({
        'GET /v1/albums/album-1': albumJson({ status: 'PUBLISHED', reviewStatus: 'SUBMITTED' }),
        'GET /v1/albums/album-1/review': reviewJson([], { status: 'PUBLISHED', reviewStatus: 'SUBMITTED' }),
      }),
    });
    expect(await screen.findByText(/is waiting for content review/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Deliver to/ })).toBeNull();
  });
});

describe('pages whose data does not load', () => {
  it('keep their heading and say what failed, with a way to try again', async () => {
    await open('/albums/album-1', {
      respond: () => {
        throw Object.assign(new Error('Network request failed'), { status: 500 });
      },
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Release');
    expect((await screen.findByRole('alert')).textContent).toMatch(/The release could not be loaded/);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('show the error page for a release that does not exist', async () => {
    const { record } = await open('/albums/nope/distribution', {
      respond: () => {
        throw apiError(404, 'Album not found');
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Something is missing' })).toBeTruthy();
    expect(record.events).toContainEqual({
      name: 'page:error',
      properties: { status: 404, detail: 'Album not found' },
    });
  });
});
