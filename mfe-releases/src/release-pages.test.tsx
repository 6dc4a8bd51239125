import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/dom';
import { GENRE_NAMES, albumDetailSchema, labelCopyOf } from '@tunehouse/contracts';
import { apiError, areaHarness, click, fakeApi, settle, downloadRecorder } from '@tunehouse/testing';
import { area } from './area.js';
import { albumJson, trackJson } from './testing/fixtures.js';

const { open, unmountArea } = areaHarness(area);

vi.setConfig({ testTimeout: 30_000 });

/** What the page saved through a download link (jsdom has no object URLs and does not download). */
const downloads = downloadRecorder();
const { saved } = downloads;
beforeEach(downloads.start);
afterEach(downloads.stop);
afterEach(() => {
  unmountArea();
  vi.restoreAllMocks();
});

/** Lets the area's loading (the release, the lazily imported qrcode) finish inside act() until `done` holds. */
async function settleUntil(done: () => boolean) {
  for (let tries = 0; tries < 100 && !done(); tries += 1) await settle(20);
  expect(done()).toBe(true);
}

const rendition = (width: number, name: string, size = 1000) => ({
  url: `http://api.test/v1/media/images/img-1/${name}`,
  size,
  width,
  height: width,
  name,
});

const LIVE = albumJson({
  title: 'Night Swimming',
  reviewStatus: 'LIVE',
  status: 'PUBLISHED',
  links: [
    { platform: 'SPOTIFY', platformId: 'sp1', url: 'https://open.spotify.com/album/sp1' },
    { platform: 'DEEZER', platformId: 'dz1', url: 'https://www.deezer.com/album/dz1' },
  ],
  artwork: {
    id: 'img-1',
    original: rendition(3200, 'original.png', 9_800_000),
    artwork: rendition(3000, 'artwork.png'),
    large: rendition(1000, 'large.png'),
    medium: rendition(500, 'medium.png'),
    thumbnail: rendition(150, 'thumbnail.png'),
  },
  tracks: [trackJson()],
});

describe('promotion', () => {
  it('draws a QR code per store link (loaded on demand) and saves it as SVG', async () => {
    await open('/albums/album-1/promotion', { respond: fakeApi({ 'GET /v1/albums/album-1': LIVE }) });
    await settleUntil(() => document.querySelectorAll('[data-qr] svg').length === 2);
    const qr = screen.getByRole('img', { name: 'QR code of the Spotify link' });
    expect(qr.querySelector('svg')!.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);
    // A different link is a different code.
    const other = screen.getByRole('img', { name: 'QR code of the Deezer link' });
    expect(other.innerHTML).not.toBe(qr.innerHTML);

    await click('Download the Spotify QR code as SVG');
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('Night-Swimming-Spotify-qr.svg');
    expect(saved[0]!.blob.type).toBe('image/svg+xml');
    expect(await saved[0]!.blob.text()).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
  });

  it('offers the largest artwork file for download', async () => {
    await open('/albums/album-1/promotion', { respond: fakeApi({ 'GET /v1/albums/album-1': LIVE }) });
    await settleUntil(() => document.querySelectorAll('[data-qr] svg').length === 2);
    const link = screen.getByRole('link', { name: 'Download artwork' });
    expect(link.getAttribute('href')).toBe('http://api.test/v1/media/images/img-1/original.png');
    expect(link.getAttribute('download')).toBe('original.png');
    expect(screen.getByText(/3200 × 3200 px, PNG, 9.8 MB/)).toBeTruthy();
  });
});

describe('label copy', () => {
  it('shows the sheet the API’s PDF holds, in the same words for genres, type and credits', async () => {
    const album = albumJson({
      ...LIVE,
      primaryGenre: 'HIP_HOP_RAP',
      secondaryGenre: 'CHILDRENS_MUSIC',
      format: 'BOXSET',
      tracks: [
        trackJson({
          explicit: true,
          contributors: [
            {
              id: 'c1',
              name: 'Ines Varga',
              role: 'PRODUCER',
              publisher: null,
              createdAt: LIVE.createdAt,
              updatedAt: LIVE.updatedAt,
            },
          ],
        }),
      ],
    });
    await open('/albums/album-1/labelcopy', { respond: fakeApi({ 'GET /v1/albums/album-1': album }) });
    await settleUntil(() => screen.queryByRole('article', { name: 'Label copy' }) !== null);
    const sheet = screen.getByRole('article', { name: 'Label copy' });
    const copy = labelCopyOf(albumDetailSchema.parse(album), {
      day: (value) => value,
      duration: String,
      territories: () => '',
    });
    const genre = copy.facts.find((fact) => fact.label === 'Genre')?.value;
    expect(genre).toBe(`${GENRE_NAMES.HIP_HOP_RAP}, ${GENRE_NAMES.CHILDRENS_MUSIC}`);
    expect(sheet.textContent).toContain(genre);
    expect(sheet.textContent).toContain('Box set');
    expect(sheet.textContent).toContain('Night Swimming [Explicit]');
    expect(sheet.textContent).toContain('Producer: Ines Varga');
  });

  it('downloads the API’s PDF through the shell’s API port as a Blob', async () => {
    const pdf = new Blob(['%PDF-1.3'], { type: 'application/pdf' });
    const { record } = await open('/albums/album-1/labelcopy', {
      respond: fakeApi({
        'GET /v1/albums/album-1': LIVE,
        'GET /v1/albums/album-1/labelcopy.pdf': () => pdf,
      }),
    });
    await settleUntil(() => screen.queryByRole('article', { name: 'Label copy' }) !== null);
    await click('Download PDF');
    await settle();
    const request = record.requests.find((r) => r.path.endsWith('/labelcopy.pdf'));
    expect(request).toMatchObject({ method: 'GET', responseType: 'blob' });
    expect(saved).toEqual([{ blob: pdf, name: 'Night-Swimming-label-copy.pdf' }]);
  });

  it('says so when the PDF cannot be made, and saves nothing', async () => {
    const { record } = await open('/albums/album-1/labelcopy', {
      respond: fakeApi({
        'GET /v1/albums/album-1': LIVE,
        'GET /v1/albums/album-1/labelcopy.pdf': () => {
          throw apiError(503, 'The service is busy');
        },
      }),
    });
    await settleUntil(() => screen.queryByRole('article', { name: 'Label copy' }) !== null);
    await click('Download PDF');
    await settle();
    expect(saved).toEqual([]);
    expect(record.toasts.at(-1)).toMatchObject({ level: 'ERROR', message: 'The service is busy' });
  });
});

describe('distribution page', () => {
  it('says why a platform refused the release and why delivery to another is being tried again', async () => {
    await open('/albums/album-1/distribution', {
      respond: fakeApi({
        'GET /v1/albums/album-1': albumJson({
          status: 'PUBLISHED',
          reviewStatus: 'LIVE',
          platforms: ['SPOTIFY', 'TIDAL', 'DEEZER'],
        }),
        'GET /v1/albums/album-1/distribution-fee': () => {
          throw apiError(404, 'Not found');
        },
        'GET /v1/albums/album-1/platforms': [
          {
            id: 'SPOTIFY',
            name: 'Spotify',
            current: {
              status: 'REJECTED',
              action: 'DELIVER',
              message: 'ResourceCorrupt: resources/1.flac: its MD5 is wrong',
              attempts: 1,
            },
            pending: null,
          },
          {
            id: 'TIDAL',
            name: 'TIDAL',
            current: null,
            pending: { status: 'PENDING', action: 'DELIVER', message: 'connect ECONNREFUSED', attempts: 2 },
          },
          { id: 'DEEZER', name: 'Deezer', current: { status: 'LIVE', action: 'DELIVER' }, pending: null },
        ],
      }),
    });
    const spotify = await screen.findByRole('row', { name: /Spotify/ });
    expect(spotify.textContent).toContain('Refused: ResourceCorrupt: resources/1.flac: its MD5 is wrong');
    expect(screen.getByRole('row', { name: /TIDAL/ }).textContent).toContain(
      'Attempt 2 failed (connect ECONNREFUSED); trying again.',
    );
    expect(screen.getByRole('row', { name: /Deezer/ }).querySelector('[data-problem]')).toBeNull();
  });
});

describe('delivered page before the release date', () => {
  it('says pre-release, out on the date, where the notice says it goes live, and no LIVE anywhere', async () => {
    await open('/albums/album-1/delivered', {
      respond: fakeApi({
        'GET /v1/albums/album-1': albumJson({
          status: 'PUBLISHED',
          reviewStatus: 'ACCEPTED',
          liveOn: '2026-12-07',
          releaseDate: '2026-12-07',
          platforms: ['SPOTIFY', 'DEEZER'],
        }),
        'GET /v1/albums/album-1/platforms': [
          {
            id: 'SPOTIFY',
            name: 'Spotify',
            current: { status: 'ACCEPTED', action: 'DELIVER', liveOn: '2026-12-07' },
            pending: null,
          },
          {
            id: 'DEEZER',
            name: 'Deezer',
            current: { status: 'SUBMITTED', action: 'DELIVER' },
            pending: null,
          },
        ],
      }),
    });
    const spotify = await screen.findByRole('row', { name: /Spotify/ });
    expect(spotify.textContent).toContain('PRE-RELEASE');
    expect(spotify.textContent).toContain('out on 07-12-2026');
    expect(document.querySelector('[data-state]')?.getAttribute('data-state')).toBe('PRE_RELEASE');
    expect(screen.getByText(/to go live on 07-12-2026/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\bLIVE\b/);
  });
});
