import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { demoAdminUser, demoSessionView, renderAreaRoute } from '@tunehouse/testing';
import type { ApiRequest } from '@tunehouse/shell-contract';
import type { AdminReviewDetail, AdminReviewItem, Track } from '@tunehouse/contracts';
import { area } from '../area.js';

vi.setConfig({ testTimeout: 30_000 });

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

const artist = (name: string, role: 'PRIMARY' | 'FEATURING') => ({
  id: `artist-${name}`,
  name,
  role,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

const ITEM: AdminReviewItem = {
  album: {
    id: 'album-1',
    title: 'Harbour Lights',
    version: 'Deluxe',
    format: 'EP',
    primaryGenre: 'ELECTRONIC',
    barcode: '4006381333931',
    releaseDate: '2026-09-01',
    pLine: '2026 Mara Lindqvist',
    platforms: ['SPOTIFY', 'TIDAL'],
    territories: ['SE', 'NO'],
    artists: [artist('Mara Lindqvist', 'PRIMARY'), artist('Kofi Mensah', 'FEATURING')],
    artwork: {
      id: 'img-1',
      original: { url: 'http://api/img/original.png', size: 1, width: 3000, height: 3000, name: 'o.png' },
      thumbnail: { url: 'http://api/img/thumbnail.png', size: 1, width: 150, height: 150, name: 't.png' },
    },
  },
  account: { id: 'acc-9', email: 'mara@demo.tunehouse.local' },
  trackCount: 4,
  submittedAt: '2026-08-01T09:30:00.000Z',
};

const track = (index: number, overrides: Partial<Track> = {}): Track => ({
  id: `track-${index}`,
  index,
  title: `Track ${index}`,
  version: null,
  isrc: `SEABC26000${index}`,
  previewStart: 45,
  pLine: '2026 Mara Lindqvist',
  cLine: '2026 Mara Lindqvist',
  lyrics: '',
  artists: [],
  contributors: [],
  autofill: [],
  audio: {
    id: `audio-${index}`,
    original: {
      name: `track-${index}.wav`,
      url: `http://api/v1/media/audio/audio-${index}/original.wav`,
      size: 52_300_000,
      sampleRate: 44100,
      channels: 2,
      duration: 245,
      format: 'wav',
      bitDepth: 24,
      bitRate: 2_116_800,
    },
    mp3: { url: `http://api/v1/media/audio/audio-${index}/preview.mp3`, size: 9_800_000, duration: 245 },
  },
  createdAt: '2026-07-01T00:00:00.000Z',
  updatedAt: '2026-07-01T00:00:00.000Z',
  ...overrides,
});

/** What GET /v1/admin/reviews/album-1 answers: the queue's album with its tracks and the medium artwork. */
const DETAIL: AdminReviewDetail = {
  ...ITEM,
  album: {
    ...ITEM.album,
    artwork: {
      ...ITEM.album.artwork!,
      medium: { url: 'http://api/img/medium.png', size: 1, width: 500, height: 500, name: 'm.png' },
    },
    links: [],
    tracks: [
      track(2, {
        title: 'Tide',
        explicit: true,
        artists: [artist('Kofi Mensah', 'FEATURING')],
        audio: { ...track(2).audio!, mp3: null },
        previewStart: null,
      }),
      track(1, {
        title: 'Harbour Lights',
        version: 'Radio Edit',
        contributors: [
          {
            id: 'c-1',
            name: 'Lina Berg',
            role: 'MUSIC_LYRICS',
            publisher: 'North Songs',
            createdAt: '2025-01-01T00:00:00.000Z',
            updatedAt: '2025-01-01T00:00:00.000Z',
          },
        ],
      }),
      track(3, { title: 'No Audio Yet', audio: null }),
    ],
  },
  trackCount: 3,
};

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));
async function click(name: string | RegExp, within_: HTMLElement = document.body) {
  // Found when it appears: on a busy machine the queue may answer after the first settle.
  const button = await within(within_).findByRole('button', { name });
  await act(async () => {
    fireEvent.click(button);
  });
  await settle();
}

type Handler = (request: ApiRequest<unknown>) => unknown;

/** /admin/reviews with the queue in memory: a decision removes the release from it, as the API does. */
async function openQueue(items: AdminReviewItem[], handlers: Record<string, Handler> = {}) {
  let queue = items;
  const rendered = await renderAreaRoute(area, '/admin/reviews', {
    session: { ...demoSessionView, isAdmin: true },
    respond: async (request) => {
      const planned = handlers[`${request.method} ${request.path}`];
      if (planned) {
        const answer = await planned(request);
        queue = queue.filter((item) => !request.path.includes(`/${item.album.id}/`));
        return answer;
      }
      if (request.path === '/v1/users/me') return demoAdminUser;
      if (request.path === '/v1/admin/reviews')
        return { items: queue, currentOffset: 0, size: 20, totalItems: queue.length };
      if (request.path === '/v1/admin/reviews/album-1') return DETAIL;
      throw new Error(`unplanned ${request.method} ${request.path}`);
    },
  });
  cleanup = rendered.unmount;
  await settle();
  return rendered;
}

const dialog = (name: RegExp) => screen.getByRole('dialog', { name });

describe('content review', () => {
  it('lists the waiting releases, opens one, and accepts it after confirmation; the queue refreshes', async () => {
    const { record } = await openQueue([ITEM], {
      'POST /v1/admin/reviews/album-1/accept': () => ({
        albumId: 'album-1',
        reviewStatus: 'ACCEPTED',
        reviewReasons: [],
      }),
    });
    const table = await screen.findByRole('table', { name: 'Releases waiting for review' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Harbour Lights (Deluxe)');
    expect(row.textContent).toContain('Mara Lindqvist, Kofi Mensah (feat.)');
    expect(row.textContent).toContain('mara@demo.tunehouse.local');
    // Spec dates: dd-MM-yyyy, the release date as the calendar day it is.
    expect(row.textContent).toContain('01-09-2026');
    expect(row.textContent).toMatch(/01-08-2026 \d\d:30/);
    expect(row.querySelector('img')?.getAttribute('src')).toBe('http://api/img/thumbnail.png');
    expect(screen.getByRole('link', { name: 'Content review' }).getAttribute('aria-current')).toBe('page');

    await click('Review Harbour Lights (Deluxe)');
    const review = dialog(/Review “Harbour Lights/);
    expect(review.textContent).toContain('4006381333931');
    expect(review.textContent).toContain('Spotify');
    expect(review.textContent).toMatch(/Tracks\s*3/);

    await click('Accept…', review);
    const confirm = dialog(/Accept this release/);
    expect(confirm.textContent).toContain('2 platforms');
    expect(record.requests.some((request) => request.method === 'POST')).toBe(false);
    await click('Accept release', confirm);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(record.requests.filter((request) => request.method === 'POST').map((r) => r.path)).toEqual([
      '/v1/admin/reviews/album-1/accept',
    ]);
    expect(record.toasts.at(-1)?.message).toMatch(/accepted/);
    expect(await screen.findByText(/No release is waiting for review/)).toBeTruthy();
  });

  it('rejects only with reasons, one per line, and shows the API’s refusal on the field', async () => {
    let attempts = 0;
    const { record } = await openQueue([ITEM], {
      'POST /v1/admin/reviews/album-1/reject': () => {
        attempts += 1;
        if (attempts === 1)
          throw Object.assign(new Error('Invalid request'), {
            status: 400,
            details: [{ path: ['body', 'reasons', 1], message: 'Too long' }],
          });
        return { albumId: 'album-1', reviewStatus: 'REJECTED', reviewReasons: ['Artwork is blurry'] };
      },
    });
    await click('Review Harbour Lights (Deluxe)');
    await click('Reject…', dialog(/Review/));
    // Nothing typed: the form says why and nothing is asked or sent.
    await click('Reject release…', dialog(/Review/));
    expect(screen.getByRole('alert').textContent).toMatch(/Say why the release is rejected/);
    expect(screen.queryByRole('dialog', { name: /Reject this release/ })).toBeNull();

    await act(async () => {
      fireEvent.input(screen.getByLabelText('Reasons for the artist'), {
        target: { value: 'Artwork is blurry\n\n  The label has no rights  \n' },
      });
    });
    await click('Reject release…', dialog(/Review/));
    const confirm = dialog(/Reject this release/);
    expect(
      within(confirm)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Artwork is blurry', 'The label has no rights']);
    await click('Reject release', confirm);

    // The API refused the second reason: the confirmation closes and the message is on the field.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Reject this release/ })).toBeNull());
    const field = screen.getByLabelText('Reasons for the artist');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Reason 2: Too long');
    expect((field as HTMLTextAreaElement).value).toContain('The label has no rights');

    await click('Reject release…', dialog(/Review/));
    await click('Reject release', dialog(/Reject this release/));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const rejects = record.requests.filter((request) => request.path.endsWith('/reject'));
    expect(rejects.map((request) => request.body)).toEqual([
      { reasons: ['Artwork is blurry', 'The label has no rights'] },
      { reasons: ['Artwork is blurry', 'The label has no rights'] },
    ]);
    expect(await screen.findByText(/No release is waiting for review/)).toBeTruthy();
  });

  it('keeps the confirmation open with the message when the release was already decided (409)', async () => {
    await openQueue([ITEM], {
      'POST /v1/admin/reviews/album-1/accept': () => {
        throw Object.assign(new Error('The album is not waiting for review'), { status: 409 });
      },
    });
    await click('Review Harbour Lights (Deluxe)');
    await click('Accept…', dialog(/Review/));
    await click('Accept release', dialog(/Accept this release/));
    expect(dialog(/Accept this release/).textContent).toContain('The album is not waiting for review');
  });

  it('shows the artwork and every track with its details, and plays previews through the shell’s player', async () => {
    const { record } = await openQueue([ITEM]);
    await click('Review Harbour Lights (Deluxe)');
    const review = dialog(/Review “Harbour Lights/);
    await waitFor(() => expect(within(review).getByRole('list', { name: 'Tracks' })).toBeTruthy());
    expect(record.requests.map((request) => request.path)).toContain('/v1/admin/reviews/album-1');
    expect(
      within(review)
        .getByRole('img', { name: /Artwork of Harbour Lights/ })
        .getAttribute('src'),
    ).toBe('http://api/img/medium.png');
    expect(within(review).getByRole('heading', { name: 'Tracks' })).toBeTruthy();

    // In track order, whatever order the answer had.
    const items = within(within(review).getByRole('list', { name: 'Tracks' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      '1. Harbour Lights (Radio Edit)',
      '2. TideE (explicit)',
      '3. No Audio Yet',
    ]);
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(first.textContent).toContain('SEABC260001');
    expect(first.textContent).toContain('04:05');
    expect(first.textContent).toContain('WAV · 44.1 kHz · 24 bit · stereo · 52.3 MB');
    expect(first.textContent).toContain('Lina Berg (Music & lyrics, North Songs)');
    expect(first.textContent).toContain('As the release');
    expect(first.textContent).toContain('Not explicit');
    expect(second.textContent).toContain('Kofi Mensah (feat.)');
    expect(second.textContent).toMatch(/Explicit\s*Explicit/);
    expect(third.textContent).toContain('No audio');
    expect(within(third).queryByRole('button')).toBeNull();

    // The MP3 preview from the track's preview start, 30 s, as the Releases area plays it.
    await click('Play preview of Harbour Lights (Radio Edit)', review);
    expect(record.player.at(-1)).toEqual({
      action: 'toggle',
      track: {
        id: 'track-1',
        url: 'http://api/v1/media/audio/audio-1/preview.mp3',
        title: 'Harbour Lights',
        artists: [],
        range: { start: 45, duration: 30, label: 'PREVIEW' },
      },
    });
    // No MP3 yet: the original; no preview start: from the beginning; the whole track without a range.
    await click('Play preview of Tide', review);
    expect(record.player.at(-1)?.track).toMatchObject({
      id: 'track-2',
      url: 'http://api/v1/media/audio/audio-2/original.wav',
      artists: ['Kofi Mensah'],
      range: undefined,
    });
    await click('Play all of Harbour Lights (Radio Edit)', review);
    expect(record.player.at(-1)?.track).toMatchObject({
      url: 'http://api/v1/media/audio/audio-1/preview.mp3',
      range: undefined,
    });
  });

  it('keeps the queue’s metadata and says so when the tracks cannot be loaded', async () => {
    await openQueue([ITEM], {
      'GET /v1/admin/reviews/album-1': () => {
        throw Object.assign(new Error('No such album'), { status: 404 });
      },
    });
    await click('Review Harbour Lights (Deluxe)');
    const review = dialog(/Review “Harbour Lights/);
    expect(await within(review).findByText(/The tracks could not be loaded: No such album/)).toBeTruthy();
    expect(review.textContent).toMatch(/Tracks\s*4/);
  });

  it('says so when nothing waits', async () => {
    await openQueue([]);
    expect(await screen.findByText(/No release is waiting for review/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
