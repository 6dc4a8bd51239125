import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import type { ApiRequest } from '@tunehouse/shell-contract';
import { apiError, areaHarness, choose, click, fakeApi, pageJson, settle, type } from '@tunehouse/testing';
import { area } from './area.js';
import { albumJson, bodyOf, reviewJson, trackJson } from './testing/fixtures.js';

const { open, unmountArea } = areaHarness(area);

afterEach(() => {
  unmountArea();
  vi.unstubAllGlobals();
});

const NOW = '2026-11-20T10:00:00.000Z';
const posted = (requests: ApiRequest<unknown>[], path: string) =>
  requests.filter((request) => request.method === 'POST' && request.path === path);

describe('a new release (details step)', () => {
  it('checks the fields in the browser, creates the release and goes on to its artists', async () => {
    const { record } = await open('/albums/new', {
      respond: fakeApi({
        'POST /v1/albums': (request: ApiRequest<unknown>) => albumJson({ id: 'new-1', ...bodyOf(request) }),
        'GET /v1/albums/new-1': albumJson({ id: 'new-1' }),
        'GET /v1/albums/new-1/review': reviewJson(),
        'GET /v2/artists': pageJson([]),
      }),
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('New release');
    await click('Create and continue');
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Give the release a title')).toBeTruthy();

    await type('Title', '  Night Swimming ');
    await type('UPC/EAN barcode (optional)', '1234567890123');
    await click('Create and continue');
    expect(screen.getByText('The barcode check digit does not match')).toBeTruthy();
    expect(record.requests).toEqual([]);

    await type('UPC/EAN barcode (optional)', '4006381333931');
    await choose('Release type', 'SINGLE');
    await choose('Primary genre', 'ELECTRONIC');
    await choose('Was AI used to make this music?', 'no');
    await click('Create and continue');
    await waitFor(() => expect(window.location.pathname).toBe('/albums/new-1/edit/artists'));
    expect(bodyOf(posted(record.requests, '/v1/albums')[0])).toMatchObject({
      title: 'Night Swimming',
      version: null,
      format: 'SINGLE',
      primaryGenre: 'ELECTRONIC',
      barcode: '4006381333931',
      ai: false,
    });
    expect(record.toasts.map((toast) => toast.message)).toContain('Release created.');
  });

  it("puts the API's field issue on its field and keeps what was typed", async () => {
    await open('/albums/album-1/edit/details', {
      respond: fakeApi({
        'GET /v1/albums/album-1': albumJson(),
        'GET /v1/albums/album-1/review': reviewJson(),
        'POST /v1/albums/album-1': () => {
          throw apiError(409, 'Conflict', [
            { path: ['body', 'barcode'], message: 'This barcode is already used' },
          ]);
        },
      }),
    });
    await screen.findByDisplayValue('Night Swimming');
    await type('UPC/EAN barcode (optional)', '4006381333931');
    await click('Save');
    expect((await screen.findByText('This barcode is already used')).getAttribute('role')).toBe('alert');
    expect((screen.getByLabelText('UPC/EAN barcode (optional)') as HTMLInputElement).value).toBe(
      '4006381333931',
    );
  });

  it('shows help links from the shell configuration next to the fields they explain', async () => {
    await open('/albums/new');
    const help = screen.getByRole('link', { name: 'Help: release title (opens in a new tab)' });
    expect(help.getAttribute('href')).toBe('https://help.tunehouse.org/articles/album-title');
    expect(help.getAttribute('target')).toBe('_blank');
    expect(
      screen.getByRole('link', { name: 'Help: UPC barcode (opens in a new tab)' }).getAttribute('href'),
    ).toBe('https://help.tunehouse.org/articles/upc');
  });
});

describe('unsaved changes', () => {
  it('asks before a step link leaves changes behind; staying keeps them, leaving drops them', async () => {
    await open('/albums/album-1/edit/details', {
      respond: fakeApi({
        'GET /v1/albums/album-1': albumJson(),
        'GET /v1/albums/album-1/review': reviewJson(),
        'GET /v2/artists': pageJson([]),
      }),
    });
    await screen.findByDisplayValue('Night Swimming');
    await type('Title', 'Night Swimming (changed)');
    const steps = screen.getByRole('navigation', { name: 'Release steps' });
    await act(async () => fireEvent.click(within(steps).getByRole('link', { name: /Artists/ })));
    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' })));
    expect(window.location.pathname).toBe('/albums/album-1/edit/details');
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Night Swimming (changed)');

    await act(async () => fireEvent.click(within(steps).getByRole('link', { name: /Artists/ })));
    await click('Leave without saving');
    await waitFor(() => expect(window.location.pathname).toBe('/albums/album-1/edit/artists'));
  });

  it('waits on the shell’s routing event (single-spa) and cancels the navigation when the user stays', async () => {
    await open('/albums/album-1/edit/details', {
      respond: fakeApi({
        'GET /v1/albums/album-1': albumJson(),
        'GET /v1/albums/album-1/review': reviewJson(),
      }),
    });
    await screen.findByDisplayValue('Night Swimming');
    await type('Title', 'Changed');
    let cancelled: Promise<boolean> | undefined;
    await act(async () => {
      window.dispatchEvent(
        new CustomEvent('single-spa:before-routing-event', {
          detail: {
            oldUrl: 'http://localhost/albums/album-1/edit/details',
            newUrl: 'http://localhost/artists',
            cancelNavigation: (value: Promise<boolean>) => {
              cancelled = value;
            },
          },
        }),
      );
    });
    await click('Stay on this page');
    await expect(cancelled).resolves.toBe(true);
  });
});

describe('artists step', () => {
  it('adds an artist found by name and saves the credits in order with their roles', async () => {
    const artist = (id: string, name: string) => ({
      id,
      name,
      image: null,
      createdAt: NOW,
      updatedAt: NOW,
      profiles: [],
      albumCount: 0,
      trackCount: 0,
    });
    const { record } = await open('/albums/album-1/edit/artists', {
      respond: fakeApi({
        'GET /v1/albums/album-1': albumJson(),
        'GET /v1/albums/album-1/review': reviewJson(),
        'GET /v2/artists': (request: ApiRequest<unknown>) =>
          pageJson(
            [artist('artist-1', 'Nova Ray'), artist('artist-2', 'Juniper Vale')].filter((candidate) =>
              candidate.name.toLowerCase().includes(String(request.query?.q ?? '').toLowerCase()),
            ),
          ),
        'POST /v1/albums/album-1': () => albumJson(),
      }),
    });
    await screen.findByLabelText('Role of Nova Ray');
    await type('Add an artist', 'juni');
    await settle(300);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Juniper Vale/ })));
    await choose('Role of Juniper Vale', 'PRIMARY');
    await click('Move Juniper Vale up');
    await click('Save');
    await waitFor(() => expect(posted(record.requests, '/v1/albums/album-1')).toHaveLength(1));
    expect(bodyOf(posted(record.requests, '/v1/albums/album-1')[0])).toEqual({
      artists: [
        { id: 'artist-2', role: 'PRIMARY' },
        { id: 'artist-1', role: 'PRIMARY' },
      ],
    });
  });
});

describe('tracks step', () => {
  const wav = (name: string) => new File([new Uint8Array(64)], name, { type: 'audio/wav' });

  it('saves the track list, then uploads each new audio file to its track, and shows a refused file on its track', async () => {
    const saved = albumJson({
      tracks: [
        trackJson({ id: 'track-1', index: 1, title: 'first', audio: null }),
        trackJson({ id: 'track-2', index: 2, title: 'second', audio: null }),
      ],
    });
    let stored = albumJson();
    const { record } = await open('/albums/album-1/edit/tracks', {
      respond: fakeApi({
        'GET /v1/albums/album-1': () => stored,
        'GET /v1/albums/album-1/review': reviewJson(),
        'GET /v2/contributors': pageJson([]),
        'POST /v1/albums/album-1': () => (stored = saved),
        'POST /v1/albums/album-1/tracks/track-1/audio': trackJson({ id: 'track-1' }),
        'POST /v1/albums/album-1/tracks/track-2/audio': () => {
          throw apiError(422, 'The audio cannot be used', [
            { path: ['audio'], message: 'The audio is mono; stereo is needed' },
          ]);
        },
      }),
    });
    const input = await screen.findByLabelText('Add tracks from audio files');
    await act(async () => {
      fireEvent.change(input, {
        target: { files: [wav('notes.txt'), wav('first.wav'), wav('second.flac')] },
      });
    });
    expect(screen.getByText(/notes\.txt is not a WAV, FLAC or AIFF file/)).toBeTruthy();
    const tracks = screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-track'));
    expect(tracks.map((track) => track.querySelector('strong')?.textContent)).toEqual(['first', 'second']);

    await click('Save and continue');
    await screen.findByText(/The tracks are saved, but one audio file was not accepted/);
    const albumPosts = posted(record.requests, '/v1/albums/album-1');
    expect(bodyOf(albumPosts[0])).toMatchObject({
      tracks: [
        {
          index: 1,
          title: 'first',
          artists: [{ id: 'artist-1', role: 'PRIMARY' }],
          explicit: false,
          clean: false,
        },
        { index: 2, title: 'second' },
      ],
    });
    const upload = posted(record.requests, '/v1/albums/album-1/tracks/track-1/audio')[0];
    expect((upload?.body as FormData).get('audio')).toBeInstanceOf(File);
    expect(((upload?.body as FormData).get('audio') as File).name).toBe('first.wav');
    expect(screen.getByText('The audio cannot be used: The audio is mono; stereo is needed')).toBeTruthy();
    // It did not move on: the refused file waits on its track to be replaced or sent again.
    expect(window.location.pathname).toBe('/albums/album-1/edit/tracks');
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
  });

  it('moves the upload bar with the bytes sent, not only when a whole file is done', async () => {
    const saved = albumJson({
      tracks: [trackJson({ id: 'track-1', index: 1, title: 'first', audio: null })],
    });
    let stored = albumJson();
    let finish: (value: unknown) => void = () => undefined;
    await open('/albums/album-1/edit/tracks', {
      respond: fakeApi({
        'GET /v1/albums/album-1': () => stored,
        'GET /v1/albums/album-1/review': reviewJson(),
        'GET /v2/contributors': pageJson([]),
        'POST /v1/albums/album-1': () => (stored = saved),
        'POST /v1/albums/album-1/tracks/track-1/audio': (request: ApiRequest<unknown>) => {
          // The browser has sent a quarter of the request (128 of 512 bytes, multipart framing included).
          request.onUploadProgress?.(128, 512);
          return new Promise((resolve) => (finish = resolve));
        },
      }),
    });
    const input = await screen.findByLabelText('Add tracks from audio files');
    await act(async () => {
      fireEvent.change(input, { target: { files: [wav('first.wav')] } });
    });
    await click('Save');
    const bar = await screen.findByRole('progressbar', { name: /Uploading audio 1 of 1: first\.wav/ });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    await act(async () => finish(trackJson({ id: 'track-1' })));
    await settle();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('reorders tracks, edits a track’s details with a new credit and checks the ISRC', async () => {
    const album = albumJson({
      tracks: [
        trackJson({ id: 'track-1', index: 1, title: 'One' }),
        trackJson({ id: 'track-2', index: 2, title: 'Two' }),
      ],
    });
    const { record } = await open('/albums/album-1/edit/tracks', {
      respond: fakeApi({
        'GET /v1/albums/album-1': album,
        'GET /v1/albums/album-1/review': reviewJson(),
        'GET /v2/contributors': pageJson([
          {
            id: 'contributor-1',
            name: 'Ada Writes',
            role: 'MUSIC_LYRICS',
            publisher: 'Lumen Publishing',
            createdAt: NOW,
            updatedAt: NOW,
          },
        ]),
        'GET /v2/artists': pageJson([]),
        'POST /v1/albums/album-1': album,
      }),
    });
    await screen.findByText('Two');
    await click('Move Two up');
    await click('Edit the details of Two');
    await type('ISRC (optional)', 'not an isrc');
    await click('Add a credit');
    await type('Name', 'Ada Writes');
    await click('Save');
    expect(await screen.findByText('Expected an ISRC such as NLA1F2400001')).toBeTruthy();
    expect(posted(record.requests, '/v1/albums/album-1')).toHaveLength(0);

    await type('ISRC (optional)', 'qz-th1-26-00002');
    await choose('Explicit content', 'EXPLICIT');
    await click('Save');
    await waitFor(() => expect(posted(record.requests, '/v1/albums/album-1')).toHaveLength(1));
    const [first, second] = bodyOf(posted(record.requests, '/v1/albums/album-1')[0]).tracks as Record<
      string,
      unknown
    >[];
    expect(first).toMatchObject({
      id: 'track-2',
      index: 1,
      isrc: 'qz-th1-26-00002',
      explicit: true,
      clean: false,
      contributors: [{ id: 'contributor-1', role: 'MUSIC_LYRICS' }],
    });
    expect(second).toMatchObject({ id: 'track-1', index: 2 });
  });

  it('plays a saved track’s preview range through the shell’s player', async () => {
    const { record } = await open('/albums/album-1/edit/tracks', {
      respond: fakeApi({
        'GET /v1/albums/album-1': albumJson({ tracks: [trackJson()] }),
        'GET /v1/albums/album-1/review': reviewJson(),
      }),
    });
    await click(
      await screen
        .findByRole('button', { name: 'Play preview of Night Swimming' })
        .then((button) => button.getAttribute('aria-label')!),
    );
    expect(record.player).toEqual([
      {
        action: 'toggle',
        track: {
          id: 'track-1',
          url: 'http://api.test/v1/media/audio/audio-1/preview.mp3',
          title: 'Night Swimming',
          artists: ['Nova Ray'],
          range: { start: 1, duration: 30, label: 'PREVIEW' },
        },
      },
    ]);
  });
});

describe('artwork step', () => {
  it('says why an image cannot be the artwork before anything is uploaded', async () => {
    vi.stubGlobal('createImageBitmap', async () => ({ width: 1200, height: 900, close: () => undefined }));
    const { record } = await open('/albums/album-1/edit/artwork', {
      respond: fakeApi({
        'GET /v1/albums/album-1': albumJson(),
        'GET /v1/albums/album-1/review': reviewJson(),
      }),
    });
    const input = await screen.findByLabelText('Choose an image');
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['x'], 'cover.png', { type: 'image/png' })] } });
    });
    await screen.findByText('This image cannot be used:');
    expect(screen.getByText('The image is 1200 × 900 pixels: it must be square.')).toBeTruthy();
    expect(
      screen.getByText(/The image is too small \(1200 × 900\): at least 3000 × 3000 pixels/),
    ).toBeTruthy();
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['x'], 'cover.gif', { type: 'image/gif' })] } });
    });
    expect(await screen.findByText('cover.gif is not a JPEG or PNG image.')).toBeTruthy();
    expect(record.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('uploads a square 3000 × 3000 image with the album form', async () => {
    vi.stubGlobal('createImageBitmap', async () => ({ width: 3000, height: 3000, close: () => undefined }));
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:cover', revokeObjectURL: () => undefined }),
    );
    const { record } = await open('/albums/album-1/edit/artwork', {
      respond: fakeApi({
        'GET /v1/albums/album-1': albumJson(),
        'GET /v1/albums/album-1/review': reviewJson(),
        'POST /v1/albums/album-1': albumJson(),
      }),
    });
    const input = await screen.findByLabelText('Choose an image');
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['x'], 'cover.png', { type: 'image/png' })] } });
    });
    await screen.findByText(/cover\.png .* is ready/);
    await click('Save and continue');
    await waitFor(() => expect(window.location.pathname).toBe('/albums/album-1/edit/platforms'));
    const form = posted(record.requests, '/v1/albums/album-1')[0]?.body as FormData;
    expect(form.get('metadata')).toBe('{}');
    expect((form.get('artwork') as File).name).toBe('cover.png');
  });
});

describe('platforms and territories step', () => {
  it('suggests every platform worldwide, and saves chosen territories', async () => {
    const { record } = await open('/albums/album-1/edit/platforms', {
      respond: fakeApi({
        'GET /v1/albums/album-1': albumJson(),
        'GET /v1/albums/album-1/review': reviewJson(),
        'POST /v1/albums/album-1': albumJson({ platforms: ['SPOTIFY'], territories: ['NL', 'XK'] }),
      }),
    });
    await screen.findByText('Platforms (23 of 23)');
    await click('Clear');
    await click('Spotify', 'checkbox');
    await click('Only the territories I choose', 'radio');
    await type('Find a territory', 'kos');
    await click('Kosovo', 'checkbox');
    await type('Find a territory', 'nether');
    await click('Netherlands', 'checkbox');
    expect(screen.getByText('2 of 250 chosen')).toBeTruthy();
    await click('Save');
    await waitFor(() => expect(posted(record.requests, '/v1/albums/album-1')).toHaveLength(1));
    expect(bodyOf(posted(record.requests, '/v1/albums/album-1')[0])).toEqual({
      platforms: ['SPOTIFY'],
      territories: ['NL', 'XK'],
    });
  });

  it('sends WORLDWIDE for every territory', async () => {
    const { record } = await open('/albums/album-1/edit/platforms', {
      respond: fakeApi({
        'GET /v1/albums/album-1': albumJson(),
        'GET /v1/albums/album-1/review': reviewJson(),
        'POST /v1/albums/album-1': albumJson(),
      }),
    });
    await screen.findByText('Platforms (23 of 23)');
    await click('Save and continue');
    await waitFor(() => expect(posted(record.requests, '/v1/albums/album-1')).toHaveLength(1));
    const body = bodyOf(posted(record.requests, '/v1/albums/album-1')[0]);
    expect(body.territories).toBe('WORLDWIDE');
    expect(body.platforms).toHaveLength(23);
    await settle();
  });
});
