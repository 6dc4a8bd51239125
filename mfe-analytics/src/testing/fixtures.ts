import { pageJson } from '@tunehouse/testing';

/** Test data for the area's unit tests (never imported by the area itself); the fake API is @tunehouse/testing's. */

const NOW = '2026-11-01T10:00:00.000Z';

const credited = { id: 'artist-1', name: 'Nova Ray', role: 'PRIMARY', createdAt: NOW, updatedAt: NOW };

export function albumJson(overrides: Record<string, unknown> = {}) {
  return {
    id: 'album-1',
    title: 'Night Swimming',
    version: null,
    artists: [credited],
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

export function artistJson(overrides: Record<string, unknown> = {}) {
  return {
    id: 'artist-1',
    name: 'Nova Ray',
    image: null,
    profiles: [],
    albumCount: 1,
    trackCount: 2,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

export function trackJson(overrides: Record<string, unknown> = {}) {
  return {
    id: 'track-1',
    index: 1,
    title: 'Undertow',
    version: null,
    isrc: 'QZTH12600001',
    pLine: '2026 Lumen Records',
    cLine: '2026 Lumen Records',
    lyrics: '',
    artists: [credited],
    contributors: [],
    autofill: [],
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

const albumSummary = {
  id: 'album-1',
  title: 'Night Swimming',
  version: null,
  barcode: '8720205071234',
  artwork: {
    id: 'art-1',
    thumbnail: {
      url: 'http://api.test/art-1/thumb.jpg',
      size: 1000,
      width: 100,
      height: 100,
      name: 'thumb.jpg',
    },
  },
  artists: [{ id: 'artist-1', name: 'Nova Ray', role: 'PRIMARY' }],
  isCollaboration: false,
};

export function trackRow(overrides: Record<string, unknown> = {}, figures: Record<string, unknown> = {}) {
  return {
    bucket: {
      id: 'track-1',
      title: 'Undertow',
      index: 1,
      version: null,
      isrc: 'QZTH12600001',
      album: albumSummary,
      artists: [
        { id: 'artist-1', name: 'Nova Ray', role: 'PRIMARY' },
        { id: 'artist-2', name: 'Kai, "The Tide"', role: 'FEATURING' },
      ],
      isCollaboration: true,
      ...overrides,
    },
    value: 1200,
    change: 0.25,
    sub30Value: 80,
    sub30Change: -0.1,
    ...figures,
  };
}

export const platformRows = [
  { bucket: { id: 'SPOTIFY', name: 'Spotify' }, value: 900, change: 0.5, sub30Value: 50, sub30Change: 0 },
  { bucket: { id: 'TIKTOK', name: 'TikTok' }, value: 300, change: -0.125, sub30Value: 140 },
];

export const territoryRows = [
  { bucket: { id: 'NL', name: 'Netherlands' }, value: 700, change: 0, sub30Value: 20, sub30Change: null },
  { bucket: { name: 'Unknown' }, value: 10, sub30Value: 0 },
];

/** One period of a series: a day (or a week, with endDate) and a figure per line. */
export function periodItem(day: string, values: number[], overrides: Record<string, unknown> = {}) {
  return { bucketLabel: day, startDate: day, endDate: day, values, ...overrides };
}

export function playlistRow(overrides: Record<string, unknown> = {}, figures: Record<string, unknown> = {}) {
  return {
    bucket: {
      id: 'pl-1',
      title: 'Fresh Finds',
      imageUrl: 'http://img.test/fresh.jpg',
      author: 'Spotify',
      platform: 'SPOTIFY',
      followers: 120_000,
      url: 'https://open.spotify.com/playlist/pl-1',
      ...overrides,
    },
    value: 340,
    change: 0.1,
    ...figures,
  };
}

/** The catalogue the filters offer. */
export const catalogueRoutes = {
  'GET /v2/albums': pageJson([albumJson(), albumJson({ id: 'album-2', title: 'Tidal', version: 'Deluxe' })]),
  'GET /v2/artists': pageJson([artistJson()]),
  'GET /v2/tracks': pageJson([trackJson()]),
};
