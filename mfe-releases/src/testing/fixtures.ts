import type { ApiRequest } from '@tunehouse/shell-contract';

/** Test data and a fake API for the area's unit tests (never imported by the area itself). */

const NOW = '2026-11-20T10:00:00.000Z';

export function trackJson(overrides: Record<string, unknown> = {}) {
  return {
    id: 'track-1',
    index: 1,
    title: 'Night Swimming',
    version: null,
    primaryGenre: 'ELECTRONIC',
    secondaryGenre: null,
    isrc: 'QZTH12600001',
    previewStart: 1,
    pLine: '2026 Lumen Records',
    cLine: '2026 Lumen Records',
    instrumental: false,
    explicit: false,
    clean: false,
    cover: false,
    remix: false,
    lyrics: '',
    lyricsLanguage: null,
    artists: [{ id: 'artist-1', name: 'Nova Ray', role: 'PRIMARY', createdAt: NOW, updatedAt: NOW }],
    audio: {
      id: 'audio-1',
      original: {
        name: 'night-swimming.wav',
        url: 'http://api.test/v1/media/audio/audio-1/original.wav',
        size: 705_644,
        sampleRate: 44_100,
        channels: 2,
        duration: 4,
        format: 'WAV',
        bitDepth: 16,
        bitRate: 1_411_200,
      },
      mp3: { url: 'http://api.test/v1/media/audio/audio-1/preview.mp3', size: 64_000, duration: 4 },
    },
    contributors: [],
    original: null,
    autofill: [],
    createdAt: NOW,
    updatedAt: NOW,
    deletedAt: null,
    ...overrides,
  };
}

export function albumJson(overrides: Record<string, unknown> = {}) {
  return {
    id: 'album-1',
    title: 'Night Swimming',
    status: 'DRAFT',
    reviewStatus: 'PENDING',
    reviewReasons: [],
    version: null,
    primaryGenre: 'ELECTRONIC',
    secondaryGenre: null,
    language: 'EN',
    recordLabel: 'Lumen Records',
    barcode: null,
    originalReleaseDate: null,
    releaseDate: null,
    catalogNumber: null,
    format: 'SINGLE',
    recordingLocation: null,
    pLine: '2026 Lumen Records',
    cLine: '2026 Lumen Records',
    ai: false,
    artists: [{ id: 'artist-1', name: 'Nova Ray', role: 'PRIMARY', createdAt: NOW, updatedAt: NOW }],
    platforms: [],
    territories: [],
    artwork: null,
    autofill: [],
    createdAt: NOW,
    updatedAt: NOW,
    publishedAt: null,
    deletedAt: null,
    tracks: [],
    links: [],
    ...overrides,
  };
}

export function reviewJson(
  problems: Record<string, unknown>[] = [],
  overrides: Record<string, unknown> = {},
) {
  return {
    albumId: 'album-1',
    ready: problems.length === 0,
    problems,
    status: 'DRAFT',
    reviewStatus: 'PENDING',
    reviewReasons: [],
    ...overrides,
  };
}

export function pageJson(items: unknown[], overrides: Record<string, unknown> = {}) {
  return { items, currentOffset: 0, size: 20, totalItems: items.length, ...overrides };
}

/** An error as the shell's API client throws it. */
export function apiError(
  status: number,
  message: string,
  details?: { path: (string | number)[]; message: string }[],
  code?: string,
) {
  return Object.assign(new Error(message), { status, code, details });
}

type Handler = (request: ApiRequest<unknown>) => unknown;

/**
 * A fake API from `METHOD /path` handlers (a handler may throw an apiError). An unplanned call fails loudly, so a
 * test sees every call the area makes.
 */
export function fakeApi(routes: Record<string, Handler | unknown>) {
  return async (request: ApiRequest<unknown>) => {
    const key = `${request.method} ${request.path}`;
    if (!(key in routes)) throw apiError(500, `No answer planned for ${key}`);
    const route = routes[key];
    return typeof route === 'function' ? (route as Handler)(request) : structuredClone(route);
  };
}
